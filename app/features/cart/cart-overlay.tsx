// The cart slide-over: opens after a card add-to-cart and from the header's cart button,
// closes on an outside click, Escape, View Cart, and any navigation. Radix Dialog keeps focus inside
// while open and returns it to the button that opened it.
import * as Dialog from "@radix-ui/react-dialog";
import { ShoppingCart, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigationType } from "react-router";
import { useReturnFocus } from "../../lib/use-return-focus.ts";
import { useCart } from "./cart-context.tsx";
import { CartLineItem } from "./cart-line-item.tsx";
import { CartTotals } from "./cart-totals.tsx";
import { DiscountBox } from "./discount-box.tsx";
import { FreeShippingBanner } from "./free-shipping-banner.tsx";

export function CartOverlay({ currency, productPath }: { currency: string; productPath: string }) {
  const cart = useCart();
  const location = useLocation();
  const { closeOverlay } = cart;
  const navigationType = useNavigationType();
  // A navigation (View Cart, Checkout, a product link) closes it.
  // Only a change of location counts: the overlay mounts when it first opens (lazy-cart-overlay.tsx).
  // A replaced entry is the page's own address catching up (a variant chosen just before Add to Cart,
  // whose navigation lands after the overlay opened), not a navigation away: it stays open.
  const openedAt = useRef(location.key);
  useEffect(() => {
    if (location.key !== openedAt.current) {
      openedAt.current = location.key;
      if (navigationType !== "REPLACE") closeOverlay();
    }
  }, [location.key, navigationType, closeOverlay]);

  // Opened from several buttons (the header's, the bottom bar's, Add to Cart), not a Dialog.Trigger.
  const returnFocus = useReturnFocus();

  const empty = cart.lines.length === 0;
  return (
    <Dialog.Root open={cart.overlayOpen} onOpenChange={(open) => (open ? cart.openOverlay() : cart.closeOverlay())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-(--z-modal) bg-water-950/40" />
        <Dialog.Content
          aria-describedby={undefined}
          {...returnFocus}
          className="fixed inset-y-0 right-0 z-(--z-modal) flex w-full max-w-md flex-col bg-white shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-line px-4 py-3">
            <Dialog.Title className="flex items-center gap-2 text-xl font-bold text-water-900">
              <ShoppingCart aria-hidden="true" size={22} /> Your Cart
              <span className="tabular text-base font-normal text-muted">
                ({cart.count} {cart.count === 1 ? "item" : "items"})
              </span>
            </Dialog.Title>
            <Dialog.Close className="-mr-2 flex size-11 items-center justify-center rounded text-muted hover:bg-surface hover:text-ink">
              <X aria-hidden="true" size={20} />
              <span className="sr-only">Close cart</span>
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-4">
            <FreeShippingBanner currency={currency} className="mt-3" />
            {empty ? (
              <p className="py-10 text-center text-muted">
                {cart.loaded ? "Your cart is empty." : "Loading your cart..."}
              </p>
            ) : (
              <ul aria-label="Items in your cart" aria-busy={cart.busy || undefined}>
                {cart.lines.map((line) => (
                  <CartLineItem
                    key={line.lineItemId}
                    line={line}
                    busy={cart.busy}
                    currency={currency}
                    productPath={productPath}
                    onQuantity={(quantity) => void cart.setQuantity(line.lineItemId, quantity)}
                    onRemove={() => void cart.deleteLine(line.lineItemId)}
                    compact
                  />
                ))}
              </ul>
            )}
          </div>
          <div className="space-y-3 border-t border-line bg-surface px-4 py-4">
            {empty ? null : <CartTotals lines={cart.lines} checkout={cart.checkout} currency={currency} />}
            <DiscountBox />
            <div className="grid grid-cols-2 gap-3">
              <Link to="/shoppingcart.asp" onClick={() => cart.closeOverlay()} className="btn-secondary bg-white">
                View Cart
              </Link>
              {cart.checkout?.webUrl && !empty ? (
                <Link to={cart.checkout.webUrl} onClick={() => cart.closeOverlay()} className="btn-primary">
                  Checkout
                </Link>
              ) : (
                <button type="button" className="btn-primary" disabled>
                  Checkout
                </button>
              )}
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
