// The store talks to card processors through this interface only. Two implementations: the built-in
// test gateway (services/payments/test-gateway.ts), which behaves like a processor without moving money,
// and Stripe (services/payments/stripe-gateway.ts), where the card is entered in Stripe's own form in the
// browser and the store only ever sees Stripe's ids for it.

export type CardBrand = "visa" | "mastercard" | "american_express" | "discover" | "generic";

export interface CardInput {
  /** The full card number: used for tokenisation only, never stored or logged. */
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name?: string;
}

export interface TokenizedCard {
  /** Opaque reference that stands for the card at the gateway. */
  token: string;
  /** A card brand; a processor may name others (shown with a generic icon). */
  brand: CardBrand | (string & {});
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface GatewayResult {
  /** The gateway's id for this operation (shown to support staff, kept on the transaction). */
  reference: string;
  status: "SUCCESS" | "FAILURE";
  /** Why it failed, in words a shopper can act on ("Your card was declined."). */
  message?: string;
}

/**
 * An authorisation may need the shopper once more (3-D Secure): the browser completes it with
 * `clientSecret`, then the store asks the gateway again (`resume`) before it writes the order.
 */
export type AuthorizationResult =
  | (GatewayResult & { card?: TokenizedCard })
  | { reference: string; status: "REQUIRES_ACTION"; clientSecret: string; card?: TokenizedCard; message?: string };

export type RefundReason = "requested_by_customer" | "duplicate" | "fraudulent";

export interface AuthorizeInput {
  token: string;
  amountCents: number;
  currency: string;
  /** Our checkout id: it names the payment at the processor (metadata, idempotency keys). */
  orderReference: string;
  /**
   * Derived from the checkout, the amount and the card: a retried request never charges twice. Absent,
   * a processor that uses keys derives one from orderReference, amount and token.
   */
  idempotencyKey?: string;
  /** The processor's customer the card belongs to (saved cards), if any. */
  customerReference?: string | null;
  /** Keep the card on the customer for later orders. */
  saveForLater?: boolean;
  /** Where a redirect-based authentication returns to (the checkout page). */
  returnUrl?: string;
}

/**
 * A payment as the processor sees it now (`lookup`): what became of an authorisation whether or not the
 * store heard the answer. `authorized`: a hold not yet captured; `captured`: money taken (some of it may
 * be refunded since); `canceled`: the hold was released (or expired); `pending`: waiting for the shopper
 * (3-D Secure) or never completed, nothing held.
 */
export interface PaymentLookup {
  reference: string;
  state: "pending" | "authorized" | "captured" | "canceled";
  amountCents: number;
  capturedCents: number;
  refundedCents: number;
  /** The checkout the payment was authorised for (orderReference at authorize), when the processor kept it. */
  orderReference: string | null;
}

export interface PaymentGateway {
  readonly name: "test" | "stripe";
  /**
   * Checks the card (number, expiry, CVC) and returns a token; throws CardRejected with the reason.
   * Only the test gateway takes card fields; Stripe refuses them (cards are typed into Stripe's form).
   */
  tokenize(card: CardInput): Promise<TokenizedCard>;
  /** What a token the browser got from the processor stands for (brand, last 4, expiry); CardRejected if none. */
  describe(token: string): Promise<TokenizedCard>;
  authorize(input: AuthorizeInput): Promise<AuthorizationResult>;
  /**
   * The authorisation as the processor sees it now (after 3-D Secure); checked against amount and checkout.
   * Throws CardRejected when it belongs to another checkout.
   */
  resume(input: {
    authorizationReference: string;
    amountCents: number;
    currency: string;
    orderReference: string;
  }): Promise<AuthorizationResult>;
  capture(input: {
    authorizationReference: string;
    amountCents: number;
    idempotencyKey?: string;
  }): Promise<GatewayResult>;
  void(input: { authorizationReference: string; idempotencyKey?: string }): Promise<GatewayResult>;
  /**
   * What became of an authorisation (Stripe: the PaymentIntent retrieved). Null when the processor does not
   * know the reference; throws when it cannot be asked (network, processor down).
   */
  lookup(authorizationReference: string): Promise<PaymentLookup | null>;
  /** Gives money back on a captured payment: the whole captured amount when amountCents is absent. */
  refund(input: {
    authorizationReference: string;
    amountCents: number;
    reason: RefundReason;
    idempotencyKey: string;
  }): Promise<GatewayResult>;
}

export class CardRejected extends Error {
  override name = "CardRejected";
  readonly field: "number" | "expiry" | "cvc" | "card";
  constructor(field: "number" | "expiry" | "cvc" | "card", message: string) {
    super(message);
    this.field = field;
  }
}
