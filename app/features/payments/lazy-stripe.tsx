// The Stripe forms load on demand: their code (and Stripe.js) is fetched only by the checkout and wallet
// pages of a store that takes payments through Stripe, never on the demo store or other pages.
import { lazy, Suspense } from "react";
import type { StripeAddCardProps } from "./stripe-add-card.tsx";
import type { StripeCheckoutProps } from "./stripe-checkout.tsx";

const StripeCheckout = lazy(() => import("./stripe-checkout.tsx"));
const StripeAddCard = lazy(() => import("./stripe-add-card.tsx"));

const loading = <p className="mt-4 text-sm text-muted">Loading the secure card form...</p>;

export function LazyStripeCheckout(props: StripeCheckoutProps) {
  return (
    <Suspense fallback={loading}>
      <StripeCheckout {...props} />
    </Suspense>
  );
}

export function LazyStripeAddCard(props: StripeAddCardProps) {
  return (
    <Suspense fallback={loading}>
      <StripeAddCard {...props} />
    </Suspense>
  );
}
