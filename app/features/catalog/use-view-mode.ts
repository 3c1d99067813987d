import { useCallback, useEffect, useState } from "react";

// The listing's view (grid or list): grid by default, the last choice restored from browser storage.
export const VIEW_STORAGE_KEY = "view";
export type ViewMode = "grid" | "list";

export function parseViewMode(value: string | null | undefined): ViewMode {
  return value === "list" ? "list" : "grid";
}

/** The results layout: grid on the server and on a first visit, then whatever the shopper chose last. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>("grid");
  useEffect(() => {
    try {
      setMode(parseViewMode(window.localStorage.getItem(VIEW_STORAGE_KEY)));
    } catch {
      // Storage blocked (privacy settings): the default grid it is.
    }
  }, []);
  const choose = useCallback((next: ViewMode) => {
    setMode(next);
    try {
      window.localStorage.setItem(VIEW_STORAGE_KEY, next);
    } catch {
      // Not remembered, still applied.
    }
  }, []);
  return [mode, choose];
}
