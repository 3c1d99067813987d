// The quantity input's auto-update: each edit restarts an 800 ms wait; when it ends the typed
// quantity is checked and, if it passes and differs from the line's, sent once. A failed check shows its
// message instead. Kept apart from the component so the timing is tested with fake timers.
import { checkQuantity, QUANTITY_AUTO_UPDATE_MS, type StockLine } from "./quantity-rules.ts";

export interface QuantityAutoUpdate {
  /** The shopper typed `digits` (already sanitised) on `line`. */
  edit(digits: string, line: StockLine): void;
  /** Drops a pending update (a plus/minus click, unmount). */
  cancel(): void;
}

export function createQuantityAutoUpdate(handlers: {
  onChange: (quantity: number) => void;
  onMessage: (message: string) => void;
  /** The wait is over (whatever its outcome): the server's quantity may show again. */
  onSettled?: () => void;
  delayMs?: number;
}): QuantityAutoUpdate {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    edit(digits, line) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        handlers.onSettled?.();
        const check = checkQuantity(digits, line);
        if (!check.ok) {
          handlers.onMessage(check.message);
          return;
        }
        if (check.quantity !== line.quantity) handlers.onChange(check.quantity);
      }, handlers.delayMs ?? QUANTITY_AUTO_UPDATE_MS);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
