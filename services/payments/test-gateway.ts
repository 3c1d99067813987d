// The built-in test gateway: it checks cards the way a processor does (Luhn, brand lengths, expiry, CVC)
// and answers from well-known test numbers, so checkout can be built and tested without a processor.
//   4242 4242 4242 4242  approved (also any other valid number)
//   4000 0000 0000 0002  declined: "Your card was declined."
//   4000 0000 0000 9995  declined: "Your card has insufficient funds."
//   4000 0000 0000 0119  processing error
// The card number never leaves tokenize(): the token carries only the brand, the last 4 digits, the expiry
// and the test outcome, so saved cards keep working after a restart and on every instance.
import { randomBytes } from "node:crypto";
import {
  type AuthorizationResult,
  type CardBrand,
  type CardInput,
  CardRejected,
  type GatewayResult,
  type PaymentGateway,
  type PaymentLookup,
  type TokenizedCard,
} from "./payment-gateway.ts";

type Outcome = "approve" | "decline" | "insufficient" | "error";

const OUTCOME_BY_NUMBER: Record<string, Outcome> = {
  "4000000000000002": "decline",
  "4000000000009995": "insufficient",
  "4000000000000119": "error",
};

export const DECLINED_MESSAGE = "Your card was declined.";
export const INSUFFICIENT_FUNDS_MESSAGE = "Your card has insufficient funds.";
export const PROCESSING_ERROR_MESSAGE = "An error occurred while processing your card. Please try again in a moment.";

const OUTCOME_CODES: Record<Outcome, string> = { approve: "a", decline: "d", insufficient: "i", error: "e" };
const BRAND_CODES: Record<CardBrand, string> = {
  visa: "v",
  mastercard: "m",
  american_express: "x",
  discover: "d",
  generic: "g",
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let digit = digits.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function detectBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "american_express";
  if (/^(6011|65|64[4-9]|622)/.test(digits)) return "discover";
  return "generic";
}

const LENGTHS: Record<CardBrand, number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  american_express: [15],
  discover: [16, 19],
  generic: [12, 13, 14, 15, 16, 17, 18, 19],
};

/** Only digits of what the shopper typed (spaces and dashes are how card numbers are written). */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, "");
}

/** Validates a card like a processor's tokenisation endpoint; throws CardRejected naming the field. */
export function validateCard(card: CardInput, now = new Date()): { digits: string; brand: CardBrand; expYear: number } {
  const digits = cardDigits(card.number);
  if (!/^\d+$/.test(digits)) throw new CardRejected("number", "Your card number is invalid.");
  const brand = detectBrand(digits);
  if (!LENGTHS[brand].includes(digits.length)) throw new CardRejected("number", "Your card number is incomplete.");
  if (!luhnValid(digits)) throw new CardRejected("number", "Your card number is invalid.");
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    throw new CardRejected("expiry", "Your card's expiration month is invalid.");
  }
  const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(expYear) || expYear > now.getUTCFullYear() + 50) {
    throw new CardRejected("expiry", "Your card's expiration year is invalid.");
  }
  // A card is good through the last day of its expiry month.
  const endOfMonth = Date.UTC(expYear, card.expMonth, 1);
  if (endOfMonth <= now.getTime()) throw new CardRejected("expiry", "Your card's expiration date is in the past.");
  const cvcLength = brand === "american_express" ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) {
    throw new CardRejected("cvc", "Your card's security code is invalid.");
  }
  return { digits, brand, expYear };
}

function reference(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}

interface ParsedToken {
  outcome: Outcome;
  card: TokenizedCard;
}

function parseToken(token: string): ParsedToken | null {
  const match = /^tok_test_([adie])([vmxdg])_(\d{4})_(\d{2})(\d{4})_[0-9a-f]+$/.exec(token);
  if (!match) return null;
  const outcome = (Object.keys(OUTCOME_CODES) as Outcome[]).find((key) => OUTCOME_CODES[key] === match[1]);
  const brand = (Object.keys(BRAND_CODES) as CardBrand[]).find((key) => BRAND_CODES[key] === match[2]) ?? "generic";
  if (!outcome) return null;
  return {
    outcome,
    card: { token, brand, last4: match[3], expMonth: Number(match[4]), expYear: Number(match[5]) },
  };
}

const MAX_REMEMBERED = 10_000;

interface Authorization {
  amountCents: number;
  orderReference: string;
  state: "authorized" | "captured" | "voided" | "refunded";
  capturedCents: number;
  refundedCents: number;
}

/** The test gateway, with a look at what it holds (tests check payments against orders with it). */
export interface TestGateway extends PaymentGateway {
  ledger(): Array<{ authorizationReference: string; amountCents: number; state: Authorization["state"] }>;
}

export interface TestGatewayOptions {
  /** Clock for expiry checks (tests). */
  now?: () => Date;
}

export function createTestGateway(options: TestGatewayOptions = {}): TestGateway {
  const now = options.now ?? (() => new Date());
  // Authorisations this process made. The amount is also in the reference, so a capture on another
  // instance (which has no entry) is still checked against it.
  const authorizations = new Map<string, Authorization>();
  // Refunds by idempotency key: a retried refund answers what the first one did.
  const refunds = new Map<string, GatewayResult>();

  function authorizedAmount(authorizationReference: string): number | null {
    const known = authorizations.get(authorizationReference);
    if (known) return known.amountCents;
    const match = /^auth_test_(\d+)_[0-9a-f]+$/.exec(authorizationReference);
    return match ? Number(match[1]) : null;
  }

  return {
    name: "test",

    async tokenize(card: CardInput): Promise<TokenizedCard> {
      const { digits, brand, expYear } = validateCard(card, now());
      const outcome = OUTCOME_BY_NUMBER[digits] ?? "approve";
      const last4 = digits.slice(-4);
      const month = String(card.expMonth).padStart(2, "0");
      return {
        token: `tok_test_${OUTCOME_CODES[outcome]}${BRAND_CODES[brand]}_${last4}_${month}${expYear}_${randomBytes(8).toString("hex")}`,
        brand,
        last4,
        expMonth: card.expMonth,
        expYear,
      };
    },

    async describe(token: string): Promise<TokenizedCard> {
      const parsed = parseToken(token);
      if (!parsed)
        throw new CardRejected("card", "This payment method is no longer valid. Please enter your card again.");
      return parsed.card;
    },

    async resume(input): Promise<AuthorizationResult> {
      // Test authorisations never wait for the shopper: one this process made is simply still valid.
      const authorized = authorizedAmount(input.authorizationReference);
      const known = authorizations.get(input.authorizationReference);
      if (known && known.orderReference !== input.orderReference) {
        throw new CardRejected("card", "The payment was not authorised.");
      }
      if (authorized === null || authorized !== input.amountCents || (known && known.state !== "authorized")) {
        return {
          reference: input.authorizationReference,
          status: "FAILURE",
          message: "The payment was not authorised.",
        };
      }
      return { reference: input.authorizationReference, status: "SUCCESS" };
    },

    async refund(input): Promise<GatewayResult> {
      const earlier = refunds.get(input.idempotencyKey);
      if (earlier) return earlier;
      const authorized = authorizedAmount(input.authorizationReference);
      const known = authorizations.get(input.authorizationReference);
      let result: GatewayResult;
      if (authorized === null || known?.state === "voided" || known?.state === "authorized") {
        result = { reference: reference("re_fail"), status: "FAILURE", message: "The payment was not captured." };
      } else if (
        !Number.isInteger(input.amountCents) ||
        input.amountCents <= 0 ||
        input.amountCents > (known ? known.capturedCents - known.refundedCents : authorized)
      ) {
        result = { reference: reference("re_fail"), status: "FAILURE", message: "The amount to refund is invalid." };
      } else {
        result = { reference: reference("re_test"), status: "SUCCESS" };
        if (known) {
          known.refundedCents += input.amountCents;
          if (known.refundedCents >= known.capturedCents) known.state = "refunded";
        }
      }
      refunds.set(input.idempotencyKey, result);
      if (refunds.size > MAX_REMEMBERED) refunds.delete(refunds.keys().next().value as string);
      return result;
    },

    async authorize(input): Promise<AuthorizationResult> {
      const parsed = parseToken(input.token);
      if (!parsed)
        return {
          reference: reference("auth_fail"),
          status: "FAILURE",
          message: "This payment method is no longer valid. Please enter your card again.",
        };
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
        return { reference: reference("auth_fail"), status: "FAILURE", message: "The amount to charge is invalid." };
      }
      if (parsed.outcome === "decline")
        return { reference: reference("auth_fail"), status: "FAILURE", message: DECLINED_MESSAGE };
      if (parsed.outcome === "insufficient") {
        return { reference: reference("auth_fail"), status: "FAILURE", message: INSUFFICIENT_FUNDS_MESSAGE };
      }
      if (parsed.outcome === "error")
        return { reference: reference("auth_fail"), status: "FAILURE", message: PROCESSING_ERROR_MESSAGE };
      const ref = `auth_test_${input.amountCents}_${randomBytes(10).toString("hex")}`;
      authorizations.set(ref, {
        amountCents: input.amountCents,
        orderReference: input.orderReference,
        state: "authorized",
        capturedCents: 0,
        refundedCents: 0,
      });
      // Bounded memory: the oldest entries go first (the reference still carries the amount).
      if (authorizations.size > MAX_REMEMBERED) authorizations.delete(authorizations.keys().next().value as string);
      return { reference: ref, status: "SUCCESS", card: parsed.card };
    },

    async capture(input): Promise<GatewayResult> {
      const authorized = authorizedAmount(input.authorizationReference);
      const known = authorizations.get(input.authorizationReference);
      if (authorized === null || known?.state === "voided") {
        return {
          reference: reference("cap_fail"),
          status: "FAILURE",
          message: "The payment authorisation was not found.",
        };
      }
      if (known?.state === "captured") {
        return { reference: reference("cap_fail"), status: "FAILURE", message: "The payment was already captured." };
      }
      if (input.amountCents > authorized) {
        return {
          reference: reference("cap_fail"),
          status: "FAILURE",
          message: "Cannot capture more than was authorised.",
        };
      }
      if (known) {
        known.state = "captured";
        known.capturedCents = input.amountCents;
      }
      return { reference: reference("cap_test"), status: "SUCCESS" };
    },

    async void(input): Promise<GatewayResult> {
      const known = authorizations.get(input.authorizationReference);
      if (known?.state === "captured") {
        return {
          reference: reference("void_fail"),
          status: "FAILURE",
          message: "A captured payment cannot be voided.",
        };
      }
      if (known) known.state = "voided";
      return { reference: reference("void_test"), status: "SUCCESS" };
    },

    async lookup(authorizationReference: string): Promise<PaymentLookup | null> {
      // Only this process's authorisations are known (test payments live in memory; no money moves).
      const known = authorizations.get(authorizationReference);
      if (!known) return null;
      const states: Record<Authorization["state"], PaymentLookup["state"]> = {
        authorized: "authorized",
        captured: "captured",
        refunded: "captured",
        voided: "canceled",
      };
      return {
        reference: authorizationReference,
        state: states[known.state],
        amountCents: known.amountCents,
        capturedCents: known.capturedCents,
        refundedCents: known.refundedCents,
        orderReference: known.orderReference,
      };
    },

    ledger() {
      return [...authorizations].map(([authorizationReference, { amountCents, state }]) => ({
        authorizationReference,
        amountCents,
        state,
      }));
    },
  };
}
