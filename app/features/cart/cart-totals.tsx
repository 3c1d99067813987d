// Totals of the cart: subtotal (price times quantity), discount (that subtotal minus the
// checkout's subtotalPrice), shipping (FREE at 0), sales tax once the checkout knows the address, and total.
import { formatMoney } from "../../../shared/money.ts";
import { type CartLine, type CheckoutDto, cartDiscount, cartSubtotal } from "./cart-lines.ts";

export function CartTotals({
  lines,
  checkout,
  currency,
  shippingNote,
}: {
  lines: readonly CartLine[];
  checkout: CheckoutDto | null;
  currency: string;
  /** Under the shipping line, e.g. that it is an estimate until the address is known. */
  shippingNote?: string;
}) {
  const subtotal = cartSubtotal(lines);
  const discount = cartDiscount(lines, checkout);
  const shipping = checkout?.CheckoutShippingLine ?? null;
  const total = checkout?.totalPrice ?? subtotal;
  const tax = checkout?.totalTax ?? 0;
  return (
    <dl className="tabular space-y-2 text-base" data-testid="cart-totals">
      <div className="flex justify-between gap-4">
        <dt>Subtotal</dt>
        <dd>{formatMoney(subtotal, currency)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>Discount</dt>
        <dd className={discount > 0 ? "font-semibold text-stock" : ""}>
          {discount > 0 ? `-${formatMoney(discount, currency)}` : formatMoney(0, currency)}
        </dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>
          Shipping
          {shipping?.title ? <span className="text-sm text-muted"> ({shipping.title})</span> : null}
          {shippingNote ? <span className="block text-xs text-muted">{shippingNote}</span> : null}
        </dt>
        <dd>
          {shipping ? (
            shipping.price === 0 ? (
              <span className="font-semibold text-stock">FREE</span>
            ) : (
              formatMoney(shipping.price, currency)
            )
          ) : (
            "-"
          )}
        </dd>
      </div>
      {tax > 0 ? (
        <div className="flex justify-between gap-4">
          <dt>Tax</dt>
          <dd>{formatMoney(tax, currency)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4 border-t border-line pt-2 text-lg font-bold">
        <dt>Total</dt>
        <dd>{formatMoney(total, currency)}</dd>
      </div>
    </dl>
  );
}
