// Stripe.js is fetched from js.stripe.com (Stripe requires it be loaded from there) once per page view, and
// only by the checkout and wallet pages of a store that takes payments through Stripe.
import { loadStripe, type Stripe } from "@stripe/stripe-js";

const loaded = new Map<string, Promise<Stripe | null>>();

export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}
