// The answers of the account routes, as the shopper's browser receives them: every key listed here
// and nothing else (a password hash, a card token or another field added to a query later is stripped).
import { z } from "zod";

export const userSummaryReply = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

export const mailingAddressReply = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.string().nullable(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  phone: z.string().nullable(),
  countryCode: z.string(),
  stateCode: z.string().nullable(),
  Country: z.object({ countryCode: z.string(), title: z.string() }),
  State: z.object({ stateCode: z.string(), title: z.string() }).nullable(),
  isDefault: z.boolean(),
});

export const customerReply = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  MailingAddresses: z.array(mailingAddressReply),
});

export const paymentMethodReply = z.object({
  id: z.number(),
  brand: z.string(),
  expMonth: z.number().nullable(),
  expYear: z.number().nullable(),
  last4: z.string().nullable(),
  name: z.string().nullable(),
  mailingAddressId: z.number().nullable(),
  billingAddress: z
    .object({
      line1: z.string(),
      line2: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      postalCode: z.string().nullable(),
      country: z.string(),
    })
    .nullable(),
  isAbtraGiftCard: z.boolean(),
  abtraGiftCardCredit: z.number().nullable(),
  abtraGiftCardCurrency: z.string().nullable(),
});

export const transactionReply = z.object({
  id: z.number(),
  displayableId: z.string(),
  status: z.string(),
  gateway: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
});

/** An answer that is the object or, when there is none, `{}` (the signed-out `/user` and `/customer`). */
export const orEmpty = <T extends z.ZodType>(schema: T) => z.union([schema, z.object({}).strict()]);
