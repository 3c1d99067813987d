// Customers: sign-in accounts (users), one-time tokens, customer records, countries/states, mailing addresses.

import type { SQL } from "drizzle-orm";
import { relations, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  boolean,
  char,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** `column in ('a', 'b')` for a check constraint; the values are code constants, never input. */
const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Stored lower-cased (enforced by a check): compare with lower(input). */
    email: text().notNull().unique(),
    passwordHash: text().notNull(),
    firstName: text(),
    lastName: text(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    recoveryEmail: text(),
    recoveryEmailVerifiedAt: timestamp({ withTimezone: true }),
    /** Sessions created before this instant are invalid. */
    passwordChangedAt: timestamp({ withTimezone: true }),
    /** Set by staff: a disabled account cannot sign in and has no sessions. */
    disabledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("users_email_lower_case", sql`${t.email} = lower(${t.email})`)],
);

export const AUTH_TOKEN_PURPOSES = [
  "verify_email",
  "reset_password",
  "verify_recovery_email",
  "undo_recovery_email",
  "guest_order",
] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

export const authTokens = pgTable(
  "auth_tokens",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Null only for 'guest_order' tokens (a guest has no account). */
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
    purpose: text().$type<AuthTokenPurpose>().notNull(),
    /** Hash of the token sent by e-mail; the token itself is never stored. */
    tokenHash: text().notNull().unique("auth_tokens_token_hash_unique"),
    /**
     * What the token is bound to: the address being verified (verify_email / verify_recovery_email),
     * or the order number for 'guest_order'. A token for a since-changed address must not verify the new one.
     */
    subject: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("auth_tokens_user_id_purpose_idx").on(t.userId, t.purpose),
    check("auth_tokens_purpose_valid", oneOf(t.purpose, AUTH_TOKEN_PURPOSES)),
    check("auth_tokens_user_required", sql`${t.userId} is not null or ${t.purpose} = 'guest_order'`),
  ],
);

/** A buyer. Guests get a customer row without a user; a signed-up user has exactly one. */
export const customers = pgTable(
  "customers",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .unique("customers_user_id_unique")
      .references(() => users.id, { onDelete: "set null" }),
    email: text().notNull(),
    firstName: text(),
    lastName: text(),
    phone: text(),
    acceptsMarketing: boolean().notNull().default(false),
    /** The customer's id at Stripe (cus_...), created with their first saved card. */
    stripeCustomerId: text().unique("customers_stripe_customer_id_unique"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("customers_email_idx").on(t.email)],
);

export const countries = pgTable("countries", {
  /** ISO 3166-1 alpha-2, upper case (API: countryCode). */
  code: char({ length: 2 }).primaryKey(),
  title: text().notNull(),
  position: integer().notNull().default(0),
  requiresState: boolean().notNull().default(false),
  /**
   * Whether the checkout ships here (the owner's settings page turns it off). The row stays for the
   * address books and orders that name the country.
   */
  shipsTo: boolean().notNull().default(true),
});

export const states = pgTable(
  "states",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    countryCode: char({ length: 2 })
      .notNull()
      .references(() => countries.code, { onDelete: "cascade" }),
    /** API: stateCode, e.g. 'CA'. */
    code: text().notNull(),
    title: text().notNull(),
  },
  (t) => [unique("states_country_code_code_unique").on(t.countryCode, t.code)],
);

export const mailingAddresses = pgTable(
  "mailing_addresses",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    firstName: text(),
    lastName: text(),
    company: text(),
    address1: text().notNull(),
    address2: text(),
    city: text(),
    zip: text(),
    phone: text(),
    countryCode: char({ length: 2 })
      .notNull()
      .references(() => countries.code, { onDelete: "restrict" }),
    stateCode: text(),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("mailing_addresses_customer_id_idx").on(t.customerId),
    uniqueIndex("mailing_addresses_one_default_per_customer").on(t.customerId).where(sql`${t.isDefault}`),
    // When stateCode is set it must be a state of that country (MATCH SIMPLE: a null stateCode is not checked).
    foreignKey({
      name: "mailing_addresses_state_fk",
      columns: [t.countryCode, t.stateCode],
      foreignColumns: [states.countryCode, states.code],
    })
      .onDelete("restrict")
      .onUpdate("cascade"),
  ],
);

export const usersRelations = relations(users, ({ one, many }) => ({
  customer: one(customers),
  authTokens: many(authTokens),
}));

export const authTokensRelations = relations(authTokens, ({ one }) => ({
  user: one(users, { fields: [authTokens.userId], references: [users.id] }),
}));

export const customersRelations = relations(customers, ({ one, many }) => ({
  user: one(users, { fields: [customers.userId], references: [users.id] }),
  mailingAddresses: many(mailingAddresses),
}));

export const countriesRelations = relations(countries, ({ many }) => ({
  states: many(states),
}));

export const statesRelations = relations(states, ({ one }) => ({
  country: one(countries, { fields: [states.countryCode], references: [countries.code] }),
}));

export const mailingAddressesRelations = relations(mailingAddresses, ({ one }) => ({
  customer: one(customers, { fields: [mailingAddresses.customerId], references: [customers.id] }),
  country: one(countries, { fields: [mailingAddresses.countryCode], references: [countries.code] }),
  state: one(states, {
    fields: [mailingAddresses.countryCode, mailingAddresses.stateCode],
    references: [states.countryCode, states.code],
  }),
}));
