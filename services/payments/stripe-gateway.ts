// Card payments through Stripe (the official `stripe` library). The shopper types the card into Stripe's
// Payment Element in the browser, which answers a PaymentMethod id (pm_...); the store never sees a card
// number or CVC. An order is a PaymentIntent with manual capture: authorised when Place order is pressed,
// captured when the order is written, cancelled when it cannot be placed. Every call that changes
// something carries an idempotency key derived from our checkout, so the library's retries (and the
// shopper's) never charge twice.
import Stripe from "stripe";
import {
  type AuthorizationResult,
  CardRejected,
  type GatewayResult,
  type PaymentGateway,
  type PaymentLookup,
  type TokenizedCard,
} from "./payment-gateway.ts";
import { PROCESSING_ERROR_MESSAGE } from "./test-gateway.ts";

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API server (tests: a local stand-in for api.stripe.com). */
  api?: { host: string; port: number; protocol: "http" | "https" };
  /** Per-request timeout in milliseconds (default 20 s). */
  timeoutMs?: number;
  /** Retries of a failed connection, a timeout or a 5xx/409 answer (default 2), with the same idempotency key. */
  maxNetworkRetries?: number;
}

export interface SetupIntentView {
  id: string;
  status: string;
  customerReference: string | null;
  card: TokenizedCard | null;
}

export interface StripeGateway extends PaymentGateway {
  readonly name: "stripe";
  readonly publishableKey: string;
  readonly client: Stripe;
  /** The Stripe customer for one of ours (created once; the key makes a retried creation find the first). */
  createCustomer(input: { customerId: number; email: string; name?: string | null }): Promise<string>;
  /** Starts "add a card": the browser confirms the SetupIntent with Stripe's form. */
  createSetupIntent(input: { customerReference: string; idempotencyKey: string }): Promise<{
    id: string;
    clientSecret: string;
  }>;
  retrieveSetupIntent(id: string): Promise<SetupIntentView>;
  /** Removes a saved card from its Stripe customer. */
  detachPaymentMethod(input: { token: string; idempotencyKey: string }): Promise<void>;
  /** Checks the signature on the raw body and answers the event; throws when it does not match. */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): Stripe.Event;
}

export const STRIPE_CARD_FORM_ONLY = "Please enter your card in the secure card form.";
const NOT_AUTHORISED = "The payment was not authorised. Please try again or use another card.";

function cardOf(method: string | Stripe.PaymentMethod | null | undefined): TokenizedCard | undefined {
  if (!method || typeof method === "string" || method.type !== "card" || !method.card) return undefined;
  return {
    token: method.id,
    brand: method.card.brand === "amex" ? "american_express" : method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** A refusal the shopper can act on; anything else (network, Stripe down, our mistake) reads as a retry. */
function failureMessage(error: unknown): string {
  if (error instanceof Stripe.errors.StripeCardError) return error.message || "Your card was declined.";
  return PROCESSING_ERROR_MESSAGE;
}

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

function authorizationOf(intent: Stripe.PaymentIntent): AuthorizationResult {
  const card = cardOf(intent.payment_method);
  switch (intent.status) {
    case "requires_capture":
    case "succeeded":
      return { reference: intent.id, status: "SUCCESS", card };
    case "requires_action":
    case "requires_confirmation":
      if (!intent.client_secret) return { reference: intent.id, status: "FAILURE", message: NOT_AUTHORISED };
      return { reference: intent.id, status: "REQUIRES_ACTION", clientSecret: intent.client_secret, card };
    default:
      return {
        reference: intent.id,
        status: "FAILURE",
        message: intent.last_payment_error?.message ?? NOT_AUTHORISED,
        card,
      };
  }
}

/** A PaymentIntent (its latest charge expanded) as the store's lookup answers it. */
export function lookupOf(intent: Stripe.PaymentIntent): PaymentLookup {
  const charge = intent.latest_charge && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const states: Partial<Record<Stripe.PaymentIntent.Status, PaymentLookup["state"]>> = {
    requires_capture: "authorized",
    succeeded: "captured",
    canceled: "canceled",
  };
  return {
    reference: intent.id,
    state: states[intent.status] ?? "pending",
    amountCents: intent.amount,
    capturedCents: intent.amount_received ?? 0,
    refundedCents: charge?.amount_refunded ?? 0,
    orderReference: intent.metadata?.checkout_id ?? null,
  };
}

export function createStripeGateway(options: StripeGatewayOptions): StripeGateway {
  const client = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: "poolparts-store" },
    ...(options.api ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol } : {}),
  });

  return {
    name: "stripe",
    publishableKey: options.publishableKey,
    client,

    async tokenize(): Promise<TokenizedCard> {
      throw new CardRejected("card", STRIPE_CARD_FORM_ONLY);
    },

    async describe(token: string): Promise<TokenizedCard> {
      if (!/^pm_\w+$/.test(token)) throw new CardRejected("card", STRIPE_CARD_FORM_ONLY);
      try {
        const card = cardOf(await client.paymentMethods.retrieve(token));
        if (!card) throw new CardRejected("card", "Only cards are accepted. Please enter a card.");
        return card;
      } catch (error) {
        if (error instanceof CardRejected) throw error;
        if (isStripeError(error) && error.statusCode === 404) {
          throw new CardRejected("card", "This payment method is no longer valid. Please enter your card again.");
        }
        throw error;
      }
    },

    async authorize(input): Promise<AuthorizationResult> {
      const idempotencyKey =
        input.idempotencyKey ?? `checkout:${input.orderReference}:authorize:${input.amountCents}:${input.token}`;
      try {
        const intent = await client.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            capture_method: "manual",
            confirm: true,
            payment_method: input.token,
            // Cards only: no redirect-based methods, so 3-D Secure is completed by Stripe.js in the page.
            allowed_payment_method_types: ["card"],
            ...(input.customerReference ? { customer: input.customerReference } : {}),
            ...(input.saveForLater && input.customerReference ? { setup_future_usage: "on_session" as const } : {}),
            ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
            metadata: { checkout_id: input.orderReference },
            expand: ["payment_method"],
          },
          { idempotencyKey },
        );
        return authorizationOf(intent);
      } catch (error) {
        // A decline answers 402 with the PaymentIntent it left in requires_payment_method.
        const intentId =
          isStripeError(error) && error.raw && typeof error.raw === "object"
            ? idOf((error.raw as { payment_intent?: { id: string } }).payment_intent)
            : null;
        return {
          reference: intentId ?? `pi_failed_${idempotencyKey}`,
          status: "FAILURE",
          message: failureMessage(error),
        };
      }
    },

    async resume(input): Promise<AuthorizationResult> {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await client.paymentIntents.retrieve(input.authorizationReference, { expand: ["payment_method"] });
      } catch (error) {
        return { reference: input.authorizationReference, status: "FAILURE", message: failureMessage(error) };
      }
      // The browser only names the PaymentIntent: what it authorised, and for which checkout, Stripe says.
      // Another checkout's payment is refused without touching it (it still belongs to its own checkout).
      if (intent.metadata?.checkout_id !== input.orderReference) throw new CardRejected("card", NOT_AUTHORISED);
      if (intent.amount !== input.amountCents || intent.currency !== input.currency.toLowerCase()) {
        return { reference: intent.id, status: "FAILURE", message: NOT_AUTHORISED };
      }
      return authorizationOf(intent);
    },

    async lookup(authorizationReference): Promise<PaymentLookup | null> {
      // A reference made up for a failed authorisation (pi_failed_...) is not at Stripe: a 404, like any unknown id.
      try {
        return lookupOf(await client.paymentIntents.retrieve(authorizationReference, { expand: ["latest_charge"] }));
      } catch (error) {
        if (isStripeError(error) && error.statusCode === 404) return null;
        throw error;
      }
    },

    async capture(input): Promise<GatewayResult> {
      try {
        const intent = await client.paymentIntents.capture(
          input.authorizationReference,
          { amount_to_capture: input.amountCents },
          { idempotencyKey: input.idempotencyKey ?? `capture-${input.authorizationReference}` },
        );
        if (intent.status !== "succeeded") {
          return { reference: intent.id, status: "FAILURE", message: "Your payment could not be completed." };
        }
        return { reference: idOf(intent.latest_charge) ?? intent.id, status: "SUCCESS" };
      } catch (error) {
        return {
          reference: input.authorizationReference,
          status: "FAILURE",
          message:
            isStripeError(error) && error.type !== "StripeConnectionError" ? error.message : PROCESSING_ERROR_MESSAGE,
        };
      }
    },

    async void(input): Promise<GatewayResult> {
      try {
        const intent = await client.paymentIntents.cancel(
          input.authorizationReference,
          { cancellation_reason: "abandoned" },
          { idempotencyKey: input.idempotencyKey ?? `cancel-${input.authorizationReference}` },
        );
        return { reference: intent.id, status: intent.status === "canceled" ? "SUCCESS" : "FAILURE" };
      } catch (error) {
        return { reference: input.authorizationReference, status: "FAILURE", message: failureMessage(error) };
      }
    },

    async refund(input): Promise<GatewayResult> {
      try {
        const refund = await client.refunds.create(
          { payment_intent: input.authorizationReference, amount: input.amountCents, reason: input.reason },
          { idempotencyKey: input.idempotencyKey },
        );
        const ok = refund.status === "succeeded" || refund.status === "pending";
        return ok
          ? { reference: refund.id, status: "SUCCESS" }
          : { reference: refund.id, status: "FAILURE", message: refund.failure_reason ?? "The refund failed." };
      } catch (error) {
        return {
          reference: input.authorizationReference,
          status: "FAILURE",
          message: isStripeError(error) ? error.message : PROCESSING_ERROR_MESSAGE,
        };
      }
    },

    async createCustomer(input): Promise<string> {
      const customer = await client.customers.create(
        {
          email: input.email,
          ...(input.name ? { name: input.name } : {}),
          metadata: { customer_id: String(input.customerId) },
        },
        { idempotencyKey: `customer-${input.customerId}` },
      );
      return customer.id;
    },

    async createSetupIntent(input) {
      const intent = await client.setupIntents.create(
        { customer: input.customerReference, allowed_payment_method_types: ["card"], usage: "on_session" },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!intent.client_secret) throw new Error("Stripe answered a SetupIntent without a client secret");
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrieveSetupIntent(id: string): Promise<SetupIntentView> {
      const intent = await client.setupIntents.retrieve(id, { expand: ["payment_method"] });
      return {
        id: intent.id,
        status: intent.status,
        customerReference: idOf(intent.customer),
        card: cardOf(intent.payment_method) ?? null,
      };
    },

    async detachPaymentMethod(input): Promise<void> {
      try {
        await client.paymentMethods.detach(input.token, {}, { idempotencyKey: input.idempotencyKey });
      } catch (error) {
        // Already detached or gone at Stripe: the card is off the customer either way.
        if (isStripeError(error) && (error.statusCode === 404 || error.code === "payment_method_unexpected_state"))
          return;
        throw error;
      }
    },

    verifyWebhook(rawBody, signature): Stripe.Event {
      if (!signature)
        throw new Stripe.errors.StripeSignatureVerificationError(signature ?? "", rawBody, {
          message: "No Stripe-Signature header",
        });
      return client.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
    },
  };
}

export function isStripeGateway(gateway: PaymentGateway): gateway is StripeGateway {
  return gateway.name === "stripe";
}
