// The checkout page's data: contact e-mail, shipping address (typed, or picked from a signed-in customer's
// address book), shipping method, and the lists it offers (countries, addresses, saved cards).
import { and, asc, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { AddressSnapshot } from "../../db/schema/commerce.ts";
import { checkouts, paymentMethods } from "../../db/schema/commerce.ts";
import { countries, customers, mailingAddresses, states } from "../../db/schema/customers.ts";
import { NotFound } from "../errors.ts";
import {
  type AddressErrors,
  type AddressInput,
  type CountryRule,
  emailSchema,
  validateAddress,
} from "./checkout-address.ts";
import { findCheckoutRecord, priceCheckout } from "./checkout-state.ts";

type Reader = Pick<Database, "select">;

/** The countries the store ships to (countries.shipsTo) and their states: what the checkout accepts. */
export async function loadCountryRules(db: Reader): Promise<CountryRule[]> {
  const [countryRows, stateRows] = await Promise.all([
    db
      .select({ code: countries.code, title: countries.title, requiresState: countries.requiresState })
      .from(countries)
      .where(eq(countries.shipsTo, true))
      .orderBy(asc(countries.position), asc(countries.title)),
    db
      .select({ countryCode: states.countryCode, code: states.code, title: states.title })
      .from(states)
      .orderBy(asc(states.title)),
  ]);
  return countryRows.map((country) => ({
    ...country,
    states: stateRows.filter((state) => state.countryCode === country.code).map((state) => state.code),
  }));
}

export interface CountryOption {
  code: string;
  title: string;
  states: Array<{ code: string; title: string }>;
}

/** The countries the store ships to, with their states, for the checkout address form's selects. */
export async function listCountryOptions(db: Reader): Promise<CountryOption[]> {
  const [countryRows, stateRows] = await Promise.all([
    db
      .select({ code: countries.code, title: countries.title })
      .from(countries)
      .where(eq(countries.shipsTo, true))
      .orderBy(asc(countries.position), asc(countries.title)),
    db
      .select({ countryCode: states.countryCode, code: states.code, title: states.title })
      .from(states)
      .orderBy(asc(states.title)),
  ]);
  return countryRows.map((country) => ({
    ...country,
    states: stateRows.filter((s) => s.countryCode === country.code).map((s) => ({ code: s.code, title: s.title })),
  }));
}

export interface SavedAddress extends AddressSnapshot {
  id: number;
  isDefault: boolean;
}

export async function listCustomerAddresses(db: Reader, customerId: number): Promise<SavedAddress[]> {
  return db
    .select({
      id: mailingAddresses.id,
      firstName: mailingAddresses.firstName,
      lastName: mailingAddresses.lastName,
      company: mailingAddresses.company,
      address1: mailingAddresses.address1,
      address2: mailingAddresses.address2,
      city: mailingAddresses.city,
      zip: mailingAddresses.zip,
      phone: mailingAddresses.phone,
      countryCode: mailingAddresses.countryCode,
      stateCode: mailingAddresses.stateCode,
      isDefault: mailingAddresses.isDefault,
    })
    .from(mailingAddresses)
    .where(eq(mailingAddresses.customerId, customerId))
    .orderBy(desc(mailingAddresses.isDefault), asc(mailingAddresses.id));
}

export interface SavedCard {
  id: number;
  brand: string;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  name: string | null;
}

/** Cards the customer saved that can pay (a gateway token, not deleted, not a gift card). */
export async function listSavedCards(db: Reader, customerId: number): Promise<SavedCard[]> {
  return db
    .select({
      id: paymentMethods.id,
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      expMonth: paymentMethods.expMonth,
      expYear: paymentMethods.expYear,
      name: paymentMethods.name,
    })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.customerId, customerId),
        isNull(paymentMethods.deletedAt),
        isNotNull(paymentMethods.gatewayToken),
        eq(paymentMethods.isGiftCard, false),
      ),
    )
    .orderBy(desc(paymentMethods.createdAt));
}

export async function customerEmail(db: Reader, customerId: number): Promise<string | null> {
  const [row] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId));
  return row?.email ?? null;
}

export type DetailErrors = AddressErrors & { email?: string; mailingAddressId?: string; shippingRateId?: string };

export interface DetailsInput {
  email?: string;
  /** A typed address... */
  shippingAddress?: AddressInput;
  /** ...or one of the signed-in customer's saved addresses. */
  mailingAddressId?: number;
}

/**
 * Validates and saves the contact e-mail and the shipping address. Returns the field errors (nothing is
 * saved then), or null. The checkout must already be checked to be the visitor's.
 */
export async function saveContactAndAddress(
  db: Database,
  checkoutId: string,
  customerId: number | null,
  input: DetailsInput,
): Promise<DetailErrors | null> {
  const errors: DetailErrors = {};
  const patch: { email?: string; shippingAddress?: AddressSnapshot; billingAddress?: AddressSnapshot } = {};
  if (input.email !== undefined) {
    const email = emailSchema.safeParse(input.email);
    if (email.success) patch.email = email.data.toLowerCase();
    else errors.email = input.email.trim() === "" ? "E-mail is required." : email.error.issues[0].message;
  }
  const rules = await loadCountryRules(db);
  let address: AddressInput | undefined = input.shippingAddress;
  if (input.mailingAddressId !== undefined) {
    const saved = customerId === null ? [] : await listCustomerAddresses(db, customerId);
    const chosen = saved.find((entry) => entry.id === input.mailingAddressId);
    if (!chosen) errors.mailingAddressId = "Please choose one of your saved addresses.";
    else {
      const { id: _id, isDefault: _isDefault, ...fields } = chosen;
      address = fields;
    }
  }
  if (address) {
    const result = validateAddress(address, rules);
    if (result.ok) {
      patch.shippingAddress = result.address;
      patch.billingAddress = result.address;
    } else Object.assign(errors, result.errors);
  }
  if (Object.keys(errors).length > 0) return errors;
  await db
    .update(checkouts)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, "open")));
  return null;
}

/** Saves the chosen shipping method when it is one of the options offered for the cart and address now. */
export async function saveShippingMethod(
  db: Database,
  checkoutId: string,
  rateId: number | null,
  currency: string,
): Promise<DetailErrors | null> {
  const record = await findCheckoutRecord(db, checkoutId);
  if (!record) throw new NotFound("Invalid checkout. Please reload the page and try again.");
  const state = await priceCheckout(db, { ...record, shippingRateId: null }, { currency });
  if (!state.totals.shippingOptions.some((option) => option.rateId === rateId)) {
    return { shippingRateId: "Please choose one of the shipping methods offered." };
  }
  await db
    .update(checkouts)
    .set({ shippingRateId: rateId, updatedAt: new Date() })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, "open")));
  return null;
}

export function describeErrors(errors: DetailErrors): string {
  return Object.values(errors).filter(Boolean).join("; ");
}
