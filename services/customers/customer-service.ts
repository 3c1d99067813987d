// The signed-in customer, their mailing addresses and the
// country and state lists. Every query on an address filters by the customer id taken from the session:
// an address of someone else is "not found", whatever id the URL names.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { countries, customers, mailingAddresses, states } from "../../db/schema/customers.ts";
import {
  type AddressPayload as AddressInput,
  addressErrors,
  addressPayloadSchema,
  addressSchemaFor,
  normalizePhone,
} from "../../shared/address-form.ts";
import { InvalidInput, NotFound } from "../errors.ts";

export interface MailingAddressView {
  id: number;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string | null;
  zip: string | null;
  phone: string | null;
  countryCode: string;
  stateCode: string | null;
  Country: { countryCode: string; title: string };
  State: { stateCode: string; title: string } | null;
  isDefault: boolean;
}

export interface CustomerView {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  MailingAddresses: MailingAddressView[];
}

export const ADDRESS_NOT_FOUND = "This address was not found in your address book.";
/** Enough for any household or business; keeps one account from filling the table. */
export const MAX_ADDRESSES_PER_CUSTOMER = 50;

export async function getCustomerIdForUser(db: Database, userId: number): Promise<number | null> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.userId, userId));
  return row?.id ?? null;
}

function addressSelection() {
  return {
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
    countryTitle: countries.title,
    stateTitle: states.title,
  };
}

interface AddressRow {
  id: number;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string | null;
  zip: string | null;
  phone: string | null;
  countryCode: string;
  stateCode: string | null;
  isDefault: boolean;
  countryTitle: string;
  stateTitle: string | null;
}

function toView(row: AddressRow): MailingAddressView {
  const countryCode = row.countryCode;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    zip: row.zip,
    phone: row.phone,
    countryCode,
    stateCode: row.stateCode,
    Country: { countryCode, title: row.countryTitle },
    State: row.stateCode ? { stateCode: row.stateCode, title: row.stateTitle ?? row.stateCode } : null,
    isDefault: row.isDefault,
  };
}

export async function listMailingAddresses(db: Database, customerId: number): Promise<MailingAddressView[]> {
  const rows = await db
    .select(addressSelection())
    .from(mailingAddresses)
    .innerJoin(countries, eq(countries.code, mailingAddresses.countryCode))
    .leftJoin(
      states,
      and(eq(states.countryCode, mailingAddresses.countryCode), eq(states.code, mailingAddresses.stateCode)),
    )
    .where(eq(mailingAddresses.customerId, customerId))
    .orderBy(sql`${mailingAddresses.isDefault} desc`, asc(mailingAddresses.id));
  return rows.map(toView);
}

export async function getMailingAddress(
  db: Database,
  customerId: number,
  addressId: number,
): Promise<MailingAddressView> {
  const rows = await db
    .select(addressSelection())
    .from(mailingAddresses)
    .innerJoin(countries, eq(countries.code, mailingAddresses.countryCode))
    .leftJoin(
      states,
      and(eq(states.countryCode, mailingAddresses.countryCode), eq(states.code, mailingAddresses.stateCode)),
    )
    .where(and(eq(mailingAddresses.id, addressId), eq(mailingAddresses.customerId, customerId)));
  if (!rows[0]) throw new NotFound(ADDRESS_NOT_FOUND);
  return toView(rows[0]);
}

export async function getCustomerView(db: Database, customerId: number): Promise<CustomerView | null> {
  const [customer] = await db
    .select({ id: customers.id, email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return null;
  return { ...customer, MailingAddresses: await listMailingAddresses(db, customerId) };
}

// Countries and states -----------------------------------------------------------------------------

export async function listCountries(db: Database) {
  return db
    .select({ countryCode: countries.code, title: countries.title })
    .from(countries)
    .orderBy(asc(countries.position), asc(countries.title));
}

export async function listStates(db: Database, countryCode: string) {
  return db
    .select({ stateCode: states.code, title: states.title })
    .from(states)
    .where(eq(states.countryCode, countryCode.toUpperCase()))
    .orderBy(asc(states.title));
}

/**
 * Validates a payload with the shared form schema, for the country's own states: the same rules the
 * dialog applies. Throws a 400 naming every field that is wrong.
 */
export async function validateAddress(db: Database, payload: unknown): Promise<AddressInput> {
  const shape = addressPayloadSchema.safeParse(payload);
  if (!shape.success) throw new InvalidInput(Object.values(addressErrors(shape.error)).join(". "));
  const [country] = await db.select().from(countries).where(eq(countries.code, shape.data.countryCode));
  if (!country) throw new InvalidInput("Country is required");
  const stateCodes = (await listStates(db, country.code)).map((s) => s.stateCode);
  const checked = addressSchemaFor(stateCodes).safeParse(payload);
  if (!checked.success) throw new InvalidInput(Object.values(addressErrors(checked.error)).join(". "));
  const address = checked.data;
  return {
    ...address,
    stateCode: stateCodes.length > 0 ? address.stateCode : undefined,
    phone: normalizePhone(address.phone, address.countryCode) ?? address.phone,
    zip: address.zip.toUpperCase(),
  };
}

function columnsOf(address: AddressInput) {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    company: address.company ?? null,
    address1: address.address1,
    address2: address.address2 ?? null,
    city: address.city ?? null,
    zip: address.zip,
    phone: address.phone,
    countryCode: address.countryCode,
    stateCode: address.stateCode ?? null,
  };
}

export async function createMailingAddress(
  db: Database,
  customerId: number,
  payload: unknown,
): Promise<MailingAddressView> {
  const address = await validateAddress(db, payload);
  const id = await db.transaction(async (tx) => {
    // Serialises concurrent writes of one customer (the one-default rule and the address cap).
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for("update");
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(mailingAddresses)
      .where(eq(mailingAddresses.customerId, customerId));
    if (n >= MAX_ADDRESSES_PER_CUSTOMER) {
      throw new InvalidInput(`Your address book is full (${MAX_ADDRESSES_PER_CUSTOMER} addresses). Delete one first.`);
    }
    // The first address becomes the default on its own.
    const makeDefault = address.makeDefault === true || n === 0;
    if (makeDefault) {
      await tx.update(mailingAddresses).set({ isDefault: false }).where(eq(mailingAddresses.customerId, customerId));
    }
    const [row] = await tx
      .insert(mailingAddresses)
      .values({ ...columnsOf(address), customerId, isDefault: makeDefault })
      .returning({ id: mailingAddresses.id });
    return row.id;
  });
  return getMailingAddress(db, customerId, id);
}

export async function updateMailingAddress(
  db: Database,
  customerId: number,
  addressId: number,
  payload: unknown,
): Promise<MailingAddressView> {
  await getMailingAddress(db, customerId, addressId);
  const address = await validateAddress(db, payload);
  await db.transaction(async (tx) => {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for("update");
    if (address.makeDefault === true) {
      await tx.update(mailingAddresses).set({ isDefault: false }).where(eq(mailingAddresses.customerId, customerId));
    }
    const updated = await tx
      .update(mailingAddresses)
      .set({
        ...columnsOf(address),
        ...(address.makeDefault === true ? { isDefault: true } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(mailingAddresses.id, addressId), eq(mailingAddresses.customerId, customerId)))
      .returning({ id: mailingAddresses.id });
    if (updated.length === 0) throw new NotFound(ADDRESS_NOT_FOUND);
  });
  return getMailingAddress(db, customerId, addressId);
}

export async function deleteMailingAddress(db: Database, customerId: number, addressId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for("update");
    const [removed] = await tx
      .delete(mailingAddresses)
      .where(and(eq(mailingAddresses.id, addressId), eq(mailingAddresses.customerId, customerId)))
      .returning({ isDefault: mailingAddresses.isDefault });
    if (!removed) throw new NotFound(ADDRESS_NOT_FOUND);
    if (removed.isDefault) {
      // The book keeps a default while it has addresses: the oldest remaining one takes over.
      const [next] = await tx
        .select({ id: mailingAddresses.id })
        .from(mailingAddresses)
        .where(eq(mailingAddresses.customerId, customerId))
        .orderBy(asc(mailingAddresses.id))
        .limit(1);
      if (next) await tx.update(mailingAddresses).set({ isDefault: true }).where(eq(mailingAddresses.id, next.id));
    }
  });
}
