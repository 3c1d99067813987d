// The checkout's order summary beside the steps: the lines, discount, shipping, tax and total.
import { Link } from "react-router";
import { formatMoney } from "../../../shared/money.ts";
import type { CheckoutPageData } from "./checkout-data.server.ts";

export function OrderSummary({ page }: { page: CheckoutPageData }) {
  const money = (value: number) => formatMoney(value, page.currency);
  return (
    <aside
      aria-labelledby="summary-title"
      className="space-y-4 self-start rounded-lg border border-line bg-surface p-5"
    >
      <div className="flex items-center justify-between">
        <h2 id="summary-title" className="text-xl font-bold text-water-900">
          Order Summary
        </h2>
        <Link
          to="/shoppingcart.asp"
          className="inline-flex min-h-11 items-center text-sm text-aqua-600 hover:underline"
        >
          Edit cart
        </Link>
      </div>
      <ul className="divide-y divide-line">
        {page.lines.map((line) => (
          <li key={line.id} className="flex gap-3 py-3">
            <img
              src={line.imageUrl ?? "/img/no-image.svg"}
              alt=""
              width={56}
              height={56}
              className="size-14 shrink-0 rounded border border-line bg-white object-contain"
            />
            <div className="min-w-0 flex-1 text-sm">
              <p className="line-clamp-2 font-semibold">{line.title}</p>
              {line.variantTitle ? <p className="text-muted">{line.variantTitle}</p> : null}
              <p className="tabular text-muted">
                {line.currentQuantity} &times; {money(line.totalUnitPrice)}
              </p>
            </div>
            <p className="tabular text-sm font-semibold">
              {money(Math.round(line.totalUnitPrice * 100 * line.currentQuantity) / 100)}
            </p>
          </li>
        ))}
      </ul>
      <dl className="tabular space-y-2 border-t border-line pt-3">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{money(page.lineItemsSubtotalPrice)}</dd>
        </div>
        {page.discount ? (
          <div className="flex justify-between gap-2">
            <dt>
              Discount <span className="part-number text-sm">({page.discount.code})</span>
              {!page.discount.applicable && page.discount.message ? (
                <span className="block text-sm text-sale">{page.discount.message}</span>
              ) : null}
            </dt>
            <dd className={page.totalDiscount > 0 ? "text-stock" : ""}>
              {page.totalDiscount > 0 ? `-${money(page.totalDiscount)}` : money(0)}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd>
            {page.shippingPrice === null ? (
              "-"
            ) : page.shippingPrice === 0 ? (
              <span className="font-semibold text-stock">FREE</span>
            ) : (
              money(page.shippingPrice)
            )}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt>Tax</dt>
          <dd>{page.totalTax === null ? "-" : money(page.totalTax)}</dd>
        </div>
        <div className="flex justify-between border-t border-line pt-2 text-lg font-bold">
          <dt>Total</dt>
          <dd>{money(page.totalPrice)}</dd>
        </div>
      </dl>
    </aside>
  );
}
