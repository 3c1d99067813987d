// What the checkout and wallet pages need to know about the card processor: Stripe's publishable key
// when card payments go through Stripe (its form replaces the card fields), null on the test gateway.
import { isStripeGateway } from "../../../services/payments/stripe-gateway.ts";
import type { StoreServices } from "../../../services/store-services.ts";

export function stripePublishableKeyOf(services: StoreServices): string | null {
  const gateway = services.paymentGateway;
  return isStripeGateway(gateway) ? gateway.publishableKey : null;
}
