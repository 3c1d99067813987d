// /shoppingcart.asp: the cart page. Rendered on the server from the visitor's checkout;
// once hydrated, the page and the overlay share the tab's cart store.
import { Lock, ShoppingCart } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { displayCurrency } from "../../shared/store-config.ts";
import { Breadcrumbs } from "../components/breadcrumbs.tsx";
import { appContext } from "../context.ts";
import { useCart } from "../features/cart/cart-context.tsx";
import { getFreeShippingAmount, getVisitorCart } from "../features/cart/cart-data.server.ts";
import { CartLineItem } from "../features/cart/cart-line-item.tsx";
import { linesFromCheckout } from "../features/cart/cart-lines.ts";
import { CartTotals } from "../features/cart/cart-totals.tsx";
import { DiscountBox } from "../features/cart/discount-box.tsx";
import { FreeShippingBanner } from "../features/cart/free-shipping-banner.tsx";
import { pageVisitor } from "../features/cart/page-visitor.server.ts";
import type { Route } from "./+types/cart";

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { db } = app.services.database;
  const store = app.services.config.store;
  const visitor = await pageVisitor(app, request);
  const [checkout, freeShippingAmount] = await Promise.all([
    getVisitorCart(db, visitor, { currency: displayCurrency(store) }),
    getFreeShippingAmount(db),
  ]);
  return {
    checkout,
    freeShippingAmount,
    currency: displayCurrency(store),
    productPath: store.paths.products,
    storeName: store.storeName,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Shopping Cart | ${loaderData?.storeName ?? "Store"}` },
  { name: "robots", content: "noindex" },
];

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const cart = useCart();
  const { hydrate } = cart;
  // The loader's checkout is the freshest the page has: the tab's store takes it over.
  useEffect(() => hydrate(loaderData.checkout), [hydrate, loaderData.checkout]);
  const lines = cart.loaded ? cart.lines : linesFromCheckout(loaderData.checkout);
  const checkout = cart.loaded ? cart.checkout : loaderData.checkout;
  const { currency, productPath } = loaderData;

  return (
    <div className="container-store py-6">
      <Breadcrumbs items={[{ label: "Shopping Cart" }]} className="mb-4" />
      <h1 className="mb-4 text-3xl font-extrabold text-water-900">Shopping Cart</h1>
      <FreeShippingBanner amount={loaderData.freeShippingAmount} currency={currency} className="mb-6" />
      {lines.length === 0 ? (
        <section className="flex flex-col items-center rounded-lg border border-line bg-surface px-4 py-14 text-center">
          <ShoppingCart aria-hidden="true" size={40} className="text-water-800" />
          <p className="mt-4 text-xl font-bold text-water-900">Your cart is empty.</p>
          <p className="mt-2 max-w-md text-muted">
            Find your part by keyword or by the part number on your equipment's label, then add it here.
          </p>
          <Link to="/" className="btn-primary mt-6">
            Continue Shopping
          </Link>
        </section>
      ) : (
        <div className="grid gap-8 desk:grid-cols-[1fr_380px]">
          <section aria-labelledby="cart-lines-title">
            <h2 id="cart-lines-title" className="sr-only">
              Items in your cart
            </h2>
            <ul className="rounded-lg border border-line bg-white px-4" aria-busy={cart.busy || undefined}>
              {lines.map((line) => (
                <CartLineItem
                  key={line.lineItemId}
                  line={line}
                  busy={cart.busy || !cart.loaded}
                  currency={currency}
                  productPath={productPath}
                  onQuantity={(quantity) => void cart.setQuantity(line.lineItemId, quantity)}
                  onRemove={() => void cart.deleteLine(line.lineItemId)}
                />
              ))}
            </ul>
            <Link to="/" className="mt-4 inline-flex min-h-11 items-center text-aqua-600 hover:underline">
              Continue Shopping
            </Link>
          </section>
          <aside
            aria-labelledby="cart-summary-title"
            className="space-y-6 self-start rounded-lg border border-line bg-surface p-5"
          >
            <h2 id="cart-summary-title" className="text-xl font-bold text-water-900">
              Order Summary
            </h2>
            <CartTotals
              lines={lines}
              checkout={checkout}
              currency={currency}
              shippingNote="Estimated for the mainland US; confirmed at checkout."
            />
            {checkout?.webUrl ? (
              <Link to={checkout.webUrl} className="btn-primary w-full text-lg">
                <Lock aria-hidden="true" size={18} /> Checkout
              </Link>
            ) : null}
            <DiscountBox />
          </aside>
        </div>
      )}
    </div>
  );
}
