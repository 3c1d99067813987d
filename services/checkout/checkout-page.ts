// Everything the checkout page shows, in one call: the cart priced now, the steps done so far, the lists
// to choose from (countries, a signed-in customer's addresses and saved cards) and what still blocks the
// order. Money as numbers with 2 decimals, like the API.
import type { Database } from "../../db/client.ts";
import type { AddressSnapshot } from "../../db/schema/commerce.ts";
import { centsToAmount } from "../../shared/money.ts";
import { cartProblem, readinessProblem } from "../orders/place-order.ts";
import { validateAddress } from "./checkout-address.ts";
import {
  type CountryOption,
  customerEmail,
  listCountryOptions,
  listCustomerAddresses,
  listSavedCards,
  type SavedAddress,
  type SavedCard,
} from "./checkout-details.ts";
import { type LineItemDto, toCheckoutDto } from "./checkout-dto.ts";
import { loadCheckoutState } from "./checkout-state.ts";
import { requireVisitorCheckout, type Visitor } from "./visitor-checkout.ts";

export const CHECKOUT_STEPS = ["contact", "shipping", "payment"] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export interface CheckoutPageData {
  checkoutId: string;
  step: CheckoutStep;
  /** Steps whose answers are saved (shown as summaries with a Change link). */
  done: Record<CheckoutStep, boolean>;
  email: string | null;
  shippingAddress: AddressSnapshot | null;
  lines: LineItemDto[];
  lineItemsSubtotalPrice: number;
  totalDiscount: number;
  subtotalPrice: number;
  shippingPrice: number | null;
  /** Null until the shipping address is known. */
  totalTax: number | null;
  totalPrice: number;
  /** The total in cents as shown: sent back with Place Order, which refuses a different total. */
  expectedTotalCents: number;
  shippingOptions: Array<{ rateId: number | null; title: string; price: number; free: boolean }>;
  chosenRateId: number | null;
  discount: { code: string; title: string; applicable: boolean; message: string | null } | null;
  countries: CountryOption[];
  addresses: SavedAddress[];
  savedCards: SavedCard[];
  signedIn: boolean;
  /** What keeps the order from being placed now (stock, a code that no longer applies...). */
  problem: string | null;
}

export async function loadCheckoutPage(
  db: Database,
  visitor: Visitor,
  checkoutId: string,
  options: { currency: string; requestedStep: string | null },
): Promise<CheckoutPageData> {
  const own = await requireVisitorCheckout(db, visitor, checkoutId);
  const customerId = visitor.customerId;
  const [state, countries, addresses, savedCards, accountEmail] = await Promise.all([
    loadCheckoutState(db, own, { currency: options.currency, ipAddress: visitor.ipAddress }),
    listCountryOptions(db),
    customerId === null ? [] : listCustomerAddresses(db, customerId),
    customerId === null ? [] : listSavedCards(db, customerId),
    customerId === null ? null : customerEmail(db, customerId),
  ]);
  if (!state) throw new Error("checkout vanished while loading");
  const rules = countries.map((country) => ({
    code: country.code,
    title: country.title,
    requiresState: country.states.length > 0,
    states: country.states.map((s) => s.code),
  }));
  const { totals } = state;
  const contactDone =
    Boolean(state.email) && state.shippingAddress !== null && validateAddress(state.shippingAddress, rules).ok;
  const shippingDone =
    contactDone &&
    state.shippingRateId !== null &&
    totals.shippingOptions.some((option) => option.rateId === state.shippingRateId);
  const done = { contact: contactDone, shipping: shippingDone, payment: false };
  const firstOpen: CheckoutStep = !contactDone ? "contact" : !shippingDone ? "shipping" : "payment";
  const requested = CHECKOUT_STEPS.find((step) => step === options.requestedStep);
  // A later step than the first unfinished one cannot be opened.
  const step =
    requested && CHECKOUT_STEPS.indexOf(requested) <= CHECKOUT_STEPS.indexOf(firstOpen) ? requested : firstOpen;
  const dto = toCheckoutDto(state);
  // Before the address step is done its absence is not a problem yet (the form asks for it).
  const problem = contactDone
    ? readinessProblem({ ...state, email: state.email ?? accountEmail }, rules)
    : cartProblem(state);
  return {
    checkoutId: own,
    step,
    done,
    email: state.email ?? accountEmail,
    shippingAddress: state.shippingAddress,
    lines: dto.LineItems,
    lineItemsSubtotalPrice: dto.lineItemsSubtotalPrice,
    totalDiscount: dto.totalDiscount,
    subtotalPrice: dto.subtotalPrice,
    shippingPrice: totals.shipping ? centsToAmount(totals.shipping.priceCents) : null,
    totalTax: state.shippingAddress ? dto.totalTax : null,
    totalPrice: dto.totalPrice,
    expectedTotalCents: totals.totalCents,
    shippingOptions: totals.shippingOptions.map((option) => ({
      rateId: option.rateId,
      title: option.title,
      price: centsToAmount(option.priceCents),
      free: option.free,
    })),
    chosenRateId: totals.shipping?.rateId ?? null,
    discount: totals.discount
      ? {
          code: totals.discount.code.code,
          title: totals.discount.code.title,
          applicable: totals.discount.problem === null,
          message: totals.discount.problem?.message ?? null,
        }
      : null,
    countries,
    addresses,
    savedCards,
    signedIn: customerId !== null,
    problem,
  };
}
