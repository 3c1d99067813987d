// The discount-code box: disabled while the cart updates, when it is empty, or without a
// checkout URL; after Apply a success or danger message shows, and the input is cleared on success.
import { Tag, X } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Notice } from "../../components/ui/notice.tsx";
import { useCart } from "./cart-context.tsx";

export function DiscountBox() {
  const cart = useCart();
  const [code, setCode] = useState("");
  const [result, setResult] = useState<{ success: boolean; message: string } | null>(null);
  const inputId = useId();
  const disabled = cart.busy || cart.lines.length === 0 || !cart.checkout?.webUrl;
  const applied = cart.checkout?.DiscountCodes ?? [];

  async function apply(event: FormEvent) {
    event.preventDefault();
    if (disabled) return;
    const answer = await cart.applyDiscount(code);
    setResult(answer);
    if (answer.success) setCode("");
  }

  async function remove(value: string) {
    setResult(await cart.removeDiscount(value));
  }

  return (
    <section className="space-y-3">
      <h2 className="text-base font-bold text-water-900">Have a discount code?</h2>
      <form onSubmit={apply} className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Discount code
        </label>
        <input
          id={inputId}
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={disabled}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder="Enter code"
          className="min-h-11 min-w-0 flex-1 rounded-md border border-line bg-white px-3 text-base uppercase placeholder:normal-case placeholder:text-muted focus:outline-none focus-visible:ring-3 focus-visible:ring-aqua-500 disabled:bg-surface"
        />
        <button type="submit" className="btn-secondary" disabled={disabled || code.trim() === ""}>
          Apply
        </button>
      </form>
      {result ? <Notice tone={result.success ? "success" : "danger"}>{result.message}</Notice> : null}
      {applied.length > 0 ? (
        <ul className="space-y-2">
          {applied.map((entry) => (
            <li
              key={entry.code}
              className="flex items-start justify-between gap-2 rounded-md border border-line bg-surface px-3 py-2 text-sm"
            >
              <span className="flex items-start gap-2">
                <Tag aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-aqua-600" />
                <span>
                  <span className="part-number font-semibold">{entry.code}</span> {entry.Discount.title}
                  {!entry.applicable && entry.message ? <span className="block text-sale">{entry.message}</span> : null}
                </span>
              </span>
              <button
                type="button"
                onClick={() => void remove(entry.code)}
                disabled={cart.busy}
                className="-my-2 -mr-2 flex size-11 shrink-0 items-center justify-center rounded text-muted hover:text-sale disabled:opacity-40"
              >
                <X aria-hidden="true" size={16} />
                <span className="sr-only">Remove discount code {entry.code}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
