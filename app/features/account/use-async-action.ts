import { useCallback, useRef, useState } from "react";
import { messageOf } from "./account-api.ts";

export interface AsyncActionState {
  busy: boolean;
  error: string | null;
  success: string | null;
}

/**
 * Runs one request at a time for a form: a second submit while one is in flight is ignored (no double
 * submit), and the outcome becomes a success or error message.
 */
export function useAsyncAction() {
  const [state, setState] = useState<AsyncActionState>({ busy: false, error: null, success: null });
  const inFlight = useRef(false);
  const run = useCallback(async (work: () => Promise<string | null | undefined>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setState({ busy: true, error: null, success: null });
    try {
      const success = await work();
      setState({ busy: false, error: null, success: success ?? null });
    } catch (error) {
      setState({ busy: false, error: messageOf(error), success: null });
    } finally {
      inFlight.current = false;
    }
  }, []);
  const fail = useCallback((error: string) => setState({ busy: false, error, success: null }), []);
  return { ...state, run, fail };
}

/** Account pages are private: never indexed. */
export function accountMeta(title: string, storeName: string | undefined) {
  return [{ title: `${title} | ${storeName ?? "Store"}` }, { name: "robots", content: "noindex" }];
}

/** The store name from the root loader, for page titles. */
export function storeNameOf(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): string | undefined {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { store?: { storeName?: string } }
    | undefined;
  return root?.store?.storeName;
}
