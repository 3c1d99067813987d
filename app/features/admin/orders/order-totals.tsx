// The order's money rows (subtotal, discount, shipping, tax, total) as the order page and the printed
// invoice show them; each page adds its own rows after them (refundable, paid, refunded).

interface OrderTotals {
  subtotal: number;
  discount: number;
  discountCode: string | null;
  shipping: number;
  tax: number;
  total: number;
}

export function OrderTotalRows({
  order,
  money,
  totalRule,
}: {
  order: OrderTotals;
  money: (value: number) => string;
  /** The rule above the total: a light line on screen, ink on paper. */
  totalRule: "border-line" | "border-ink";
}) {
  return (
    <>
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd>{money(order.subtotal)}</dd>
      </div>
      {order.discount > 0 ? (
        <div className="flex justify-between">
          <dt>Discount{order.discountCode ? ` (${order.discountCode})` : ""}</dt>
          <dd>-{money(order.discount)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between">
        <dt>Shipping</dt>
        <dd>{money(order.shipping)}</dd>
      </div>
      <div className="flex justify-between">
        <dt>Tax</dt>
        <dd>{money(order.tax)}</dd>
      </div>
      <div className={`flex justify-between border-t ${totalRule} pt-1 font-bold`}>
        <dt>Total</dt>
        <dd>{money(order.total)}</dd>
      </div>
    </>
  );
}
