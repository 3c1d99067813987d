// The card processor the configuration names: Stripe with its keys, otherwise the built-in test gateway
// (the embedded demo store, tests, and a production store only when PAYMENT_PROVIDER=test says so).
import type { PaymentsConfig } from "../config.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { createStripeGateway, type StripeGatewayOptions } from "./stripe-gateway.ts";
import { createTestGateway } from "./test-gateway.ts";

export function createPaymentGateway(
  payments: PaymentsConfig | undefined,
  stripeOptions: Partial<StripeGatewayOptions> = {},
): PaymentGateway {
  if (payments?.provider === "stripe") {
    return createStripeGateway({
      secretKey: payments.secretKey,
      publishableKey: payments.publishableKey,
      webhookSecret: payments.webhookSecret,
      ...stripeOptions,
    });
  }
  return createTestGateway();
}

/** What the browser needs to know about payments: the test notice, or Stripe's publishable key. */
export type PaymentsClientConfig = { provider: "test" } | { provider: "stripe"; publishableKey: string };

export function paymentsClientConfig(payments: PaymentsConfig | undefined): PaymentsClientConfig {
  return payments?.provider === "stripe"
    ? { provider: "stripe", publishableKey: payments.publishableKey }
    : { provider: "test" };
}
