// Checkout in one call (the API's POST /checkouts/{id}/complete): save whatever contact, address and
// shipping method are given, then place the order. The checkout page does the same in steps.
import type { Database } from "../../db/client.ts";
import type { AddressInput } from "../checkout/checkout-address.ts";
import { describeErrors, saveContactAndAddress, saveShippingMethod } from "../checkout/checkout-details.ts";
import { requireVisitorCheckout, type Visitor } from "../checkout/visitor-checkout.ts";
import { InvalidInput, NotFound } from "../errors.ts";
import type { CardInput } from "../payments/payment-gateway.ts";
import { STRIPE_CARD_FORM_ONLY } from "../payments/stripe-gateway.ts";
import { type PaymentInput, type PlacedOrder, type PlaceOrderContext, placeOrder } from "./place-order.ts";

export interface CompleteCheckoutInput {
  email?: string;
  shippingAddress?: AddressInput;
  mailingAddressId?: number;
  shippingRateId?: number | null;
  card?: CardInput;
  /** A card entered in the processor's own form (a Stripe PaymentMethod id, pm_...). */
  paymentToken?: string;
  /** A payment the shopper has just confirmed with their bank (3-D Secure), to place the order with. */
  paymentIntentId?: string;
  saveCard?: boolean;
  paymentMethodId?: number;
  expectedTotalCents?: number;
}

function paymentOf(input: CompleteCheckoutInput): PaymentInput {
  if (input.paymentIntentId) {
    return { kind: "authorized", authorizationReference: input.paymentIntentId, saveCard: input.saveCard };
  }
  if (input.paymentToken) return { kind: "token", token: input.paymentToken, saveCard: input.saveCard };
  if (input.card) return { kind: "card", card: input.card, saveCard: input.saveCard };
  if (input.paymentMethodId !== undefined) return { kind: "saved", paymentMethodId: input.paymentMethodId };
  throw new InvalidInput("Please enter a card or choose a saved card.");
}

export async function completeCheckout(
  db: Database,
  visitor: Visitor,
  checkoutId: string,
  input: CompleteCheckoutInput,
  context: PlaceOrderContext,
): Promise<PlacedOrder> {
  const payment = paymentOf(input);
  // With Stripe, card numbers go to Stripe's form only: card fields sent here are refused, not processed.
  if (payment.kind === "card" && context.gateway.name === "stripe") throw new InvalidInput(STRIPE_CARD_FORM_ONLY);
  const hasDetails =
    input.email !== undefined || input.shippingAddress !== undefined || input.mailingAddressId !== undefined;
  if (hasDetails || input.shippingRateId !== undefined) {
    try {
      await requireVisitorCheckout(db, visitor, checkoutId);
    } catch (error) {
      // Already placed by an earlier attempt of this visitor: placeOrder answers that order.
      return placeOrder(
        db,
        visitor,
        checkoutId,
        { payment, expectedTotalCents: input.expectedTotalCents },
        context,
      ).catch(() => {
        throw error;
      });
    }
    if (hasDetails) {
      const errors = await saveContactAndAddress(db, checkoutId, visitor.customerId, {
        email: input.email,
        shippingAddress: input.shippingAddress,
        mailingAddressId: input.mailingAddressId,
      });
      // An address id outside the customer's own book is not theirs (or no longer exists): 404, as every
      // other id of someone else's data answers over the API. The checkout page shows it as a field error.
      if (errors?.mailingAddressId) throw new NotFound(errors.mailingAddressId);
      if (errors) throw new InvalidInput(describeErrors(errors));
    }
    if (input.shippingRateId !== undefined) {
      const errors = await saveShippingMethod(db, checkoutId, input.shippingRateId, context.currency);
      if (errors) throw new InvalidInput(describeErrors(errors));
    }
  }
  return placeOrder(db, visitor, checkoutId, { payment, expectedTotalCents: input.expectedTotalCents }, context);
}
