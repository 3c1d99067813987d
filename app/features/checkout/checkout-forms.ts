// The checkout page's three forms as they are posted (plain forms, so they work before and without
// JavaScript): one zod schema per form, read from the FormData by its `intent`. The address part is the
// checkout API's own address shape (shared/address-rules.ts); the rules themselves run on the server.
import { z } from "zod";
import { ADDRESS_FIELDS, type AddressFieldName, type AddressInput } from "../../../shared/address-rules.ts";
import { formFields } from "../../lib/form-fields.ts";
import { parseCardExpiry } from "../cart/card-expiry.ts";

/** A posted text field: missing (or a file) reads as "". */
const field = z.string().catch("");

/** An integer as typed, read like parseInt ("12abc" is 12); undefined when it has no leading digits. */
const leadingInt = (value: string) => {
  const parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : undefined;
};

const addressShape = Object.fromEntries(ADDRESS_FIELDS.map(({ name }) => [name, field])) as Record<
  AddressFieldName,
  typeof field
>;

/** Step 1: contact e-mail and the shipping address, typed or (signed in) one of the saved ones. */
export const contactFormSchema = z
  .object({ intent: z.literal("contact"), email: field, savedAddress: field, ...addressShape })
  .transform(({ intent, email, savedAddress, ...address }) => ({
    intent,
    email,
    savedAddress,
    address: address as Record<AddressFieldName, string>,
    choice:
      savedAddress && savedAddress !== "new"
        ? { mailingAddressId: Number.parseInt(savedAddress, 10) }
        : { shippingAddress: address as AddressInput },
  }));

/** Step 2: the shipping rate; "none" (or nothing) when the store offers no rate to choose. */
export const shippingFormSchema = z
  .object({ intent: z.literal("shipping"), shippingRateId: field })
  .transform(({ intent, shippingRateId }) => ({
    intent,
    shippingRateId: shippingRateId === "" || shippingRateId === "none" ? null : Number.parseInt(shippingRateId, 10),
  }));

export type CardPayment = {
  kind: "card";
  card: { number: string; expMonth: number; expYear: number; cvc: string; name?: string };
  saveCard: boolean;
};
export type SavedPayment = { kind: "saved"; paymentMethodId: number };

/** Step 3: a saved card ("saved:<id>") or a new one, and the total the shopper saw when pressing Place Order. */
export const placeFormSchema = z
  .object({
    intent: z.literal("place"),
    paymentMethod: field,
    expectedTotalCents: field,
    cardNumber: field,
    cardExpiry: field,
    cardCvc: field,
    cardName: field,
    saveCard: field,
    /** The bot check's answer, sent once the store asks for one after refused payments. */
    botToken: field,
  })
  .transform((form, ctx) => {
    const expectedTotalCents = leadingInt(form.expectedTotalCents);
    const botToken = form.botToken || undefined;
    if (form.paymentMethod.startsWith("saved:")) {
      const payment: SavedPayment = {
        kind: "saved",
        paymentMethodId: Number.parseInt(form.paymentMethod.slice(6), 10),
      };
      return { intent: form.intent, expectedTotalCents, botToken, payment };
    }
    const expiry = parseCardExpiry(form.cardExpiry);
    if (!expiry) {
      ctx.addIssue({ code: "custom", path: ["cardExpiry"], message: "Enter the expiry date as MM / YY." });
      return z.NEVER;
    }
    const payment: CardPayment = {
      kind: "card",
      card: {
        number: form.cardNumber.slice(0, 40),
        expMonth: expiry.month,
        expYear: expiry.year,
        cvc: form.cardCvc.slice(0, 8),
        name: form.cardName.slice(0, 100) || undefined,
      },
      saveCard: form.saveCard === "on",
    };
    return { intent: form.intent, expectedTotalCents, botToken, payment };
  });

const schemas = { contact: contactFormSchema, shipping: shippingFormSchema, place: placeFormSchema };

/** The posted form read by the schema its `intent` names; null for an intent the page does not have. */
export function readCheckoutForm(form: FormData) {
  const fields = formFields(form);
  const intent = fields.intent ?? "";
  if (intent === "contact") return { intent, result: schemas.contact.safeParse(fields) } as const;
  if (intent === "shipping") return { intent, result: schemas.shipping.safeParse(fields) } as const;
  if (intent === "place") return { intent, result: schemas.place.safeParse(fields) } as const;
  return { intent, result: null } as const;
}

/** What the action answers when a form is refused: the errors by field, or one message for the form. */
export type CheckoutAnswer = {
  intent: string;
  errors?: Record<string, string>;
  formError?: string;
  values?: Record<string, string>;
  /** A payment was refused: the next attempt needs the bot check. */
  botCheck?: boolean;
};
