// The store talks to card processors through this interface only. The built-in test gateway
// (services/payments/test-gateway.ts) behaves like a real one; a real processor is another
// implementation of the same interface.

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
  brand: CardBrand;
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

export interface PaymentGateway {
  readonly name: string;
  /** Checks the card (number, expiry, CVC) and returns a token; throws CardRejected with the reason. */
  tokenize(card: CardInput): Promise<TokenizedCard>;
  authorize(input: {
    token: string;
    amountCents: number;
    currency: string;
    orderReference: string;
  }): Promise<GatewayResult>;
  capture(input: { authorizationReference: string; amountCents: number }): Promise<GatewayResult>;
  void(input: { authorizationReference: string }): Promise<GatewayResult>;
  /** Gives back a captured payment (an order that was not written after all). */
  refund(input: { authorizationReference: string; amountCents: number }): Promise<GatewayResult>;
}

export class CardRejected extends Error {
  override name = "CardRejected";
  readonly field: "number" | "expiry" | "cvc" | "card";
  constructor(field: "number" | "expiry" | "cvc" | "card", message: string) {
    super(message);
    this.field = field;
  }
}
