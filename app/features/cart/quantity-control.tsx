// The quantity of a cart line: digits only, sent 800 ms after the last edit when it passes the rules,
// with plus and minus buttons. The busy flag disables the controls while a change is in flight.
import { Minus, Plus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { CartLine } from "./cart-lines.ts";
import { createQuantityAutoUpdate, type QuantityAutoUpdate } from "./quantity-auto-update.ts";
import { isMinusDisabled, isPlusDisabled, sanitizeQuantityText } from "./quantity-rules.ts";

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
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const autoUpdate = useRef<QuantityAutoUpdate | null>(null);
  autoUpdate.current ??= createQuantityAutoUpdate({
    onChange: (quantity) => onChangeRef.current(quantity),
    onMessage: setMessage,
    onSettled: () => {
      editing.current = false;
    },
  });
  const messageId = useId();

  // The server's quantity wins whenever the shopper is not in the middle of typing.
  useEffect(() => {
    if (!editing.current) setText(String(line.quantity));
  }, [line.quantity]);
  useEffect(() => () => autoUpdate.current?.cancel(), []);

  function edit(value: string) {
    const digits = sanitizeQuantityText(value);
    setText(digits);
    setMessage(null);
    editing.current = true;
    autoUpdate.current?.edit(digits, line);
  }

  function step(delta: number) {
    autoUpdate.current?.cancel();
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
