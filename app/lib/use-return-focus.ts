import { useRef } from "react";

/**
 * Props for a Radix Dialog.Content opened from state rather than a Dialog.Trigger: Radix returns focus
 * to its trigger on close, and without one focus would fall to the page's top. This remembers what had
 * focus when the dialog opened (the button that opened it) and gives focus back to it on close.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  if (opener.current === null && typeof document !== "undefined") {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  return {
    onOpenAutoFocus: () => {
      if (document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
