// The quantity of a cart line: digits only, sent 800 ms after the last edit when it passes the rules,
// with plus and minus buttons (spec §5). The busy flag disables the controls while a change is in flight.
import { Minus, Plus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { CartLine } from "./cart-lines.ts";
import {
  checkQuantity,
  isMinusDisabled,
  isPlusDisabled,
  QUANTITY_AUTO_UPDATE_MS,
  sanitizeQuantityText,
} from "./quantity-rules.ts";

export function QuantityControl({
  line,
  busy,
  onChange,
  size = "md",
}: {
  line: CartLine;
  busy: boolean;
  onChange: (quantity: number) => void;
  size?: "sm" | "md";
}) {
  const [text, setText] = useState(String(line.quantity));
  const [message, setMessage] = useState<string | null>(null);
  const editing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const messageId = useId();

  // The server's quantity wins whenever the shopper is not in the middle of typing.
  useEffect(() => {
    if (!editing.current) setText(String(line.quantity));
  }, [line.quantity]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function edit(value: string) {
    const digits = sanitizeQuantityText(value);
    setText(digits);
    setMessage(null);
    editing.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      editing.current = false;
      const check = checkQuantity(digits, line);
      if (!check.ok) {
        setMessage(check.message);
        return;
      }
      if (check.quantity !== line.quantity) onChange(check.quantity);
    }, QUANTITY_AUTO_UPDATE_MS);
  }

  function step(delta: number) {
    clearTimeout(timer.current);
    editing.current = false;
    setMessage(null);
    onChange(line.quantity + delta);
  }

  const button =
    size === "sm"
      ? "flex size-9 items-center justify-center text-water-900 hover:bg-surface disabled:cursor-not-allowed disabled:opacity-40"
      : "flex size-11 items-center justify-center text-water-900 hover:bg-surface disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <div>
      <div className="inline-flex items-stretch overflow-hidden rounded-md border border-line bg-white">
        <button
          type="button"
          className={button}
          onClick={() => step(-1)}
          disabled={isMinusDisabled(line, busy)}
          aria-label={`Decrease quantity of ${line.title}`}
        >
          <Minus aria-hidden="true" size={16} />
        </button>
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-label={`Quantity of ${line.title}`}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          // Read-only rather than disabled while busy, so a shopper typing keeps the focus.
          readOnly={busy}
          aria-disabled={busy || undefined}
          value={text}
          onChange={(event) => edit(event.target.value)}
          className={`tabular w-12 border-x border-line text-center text-base text-ink focus:outline-none focus-visible:ring-3 focus-visible:ring-aqua-500 read-only:bg-surface ${size === "sm" ? "h-9" : "h-11"}`}
        />
        <button
          type="button"
          className={button}
          onClick={() => step(1)}
          disabled={isPlusDisabled(line, busy)}
          aria-label={`Increase quantity of ${line.title}`}
        >
          <Plus aria-hidden="true" size={16} />
        </button>
      </div>
      {message ? (
        <p id={messageId} role="alert" className="mt-1 text-sm font-medium text-sale">
          {message}
        </p>
      ) : null}
    </div>
  );
}
