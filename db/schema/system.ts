// System: newsletter, live visits, idempotency records, sessions, rate limits, e-mail outbox.

import type { SQL } from "drizzle-orm";
import { relations, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { customers, users } from "./customers.ts";

/** `column in ('a', 'b')` for a check constraint; the values are code constants, never input. */
const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const NEWSLETTER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const EMAIL_OUTBOX_STATUSES = ["queued", "sent", "failed"] as const;
export type EmailOutboxStatus = (typeof EMAIL_OUTBOX_STATUSES)[number];

export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Stored lower-cased (enforced by a check). */
    email: text().notNull().unique(),
    status: text().$type<NewsletterStatus>().notNull().default("pending"),
    confirmTokenHash: text().unique("newsletter_subscriptions_confirm_token_hash_unique"),
    unsubscribeTokenHash: text().unique("newsletter_subscriptions_unsubscribe_token_hash_unique"),
    ipAddress: text(),
    createdAt: createdAt(),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("newsletter_subscriptions_email_lower_case", sql`${t.email} = lower(${t.email})`),
    check("newsletter_subscriptions_status_valid", oneOf(t.status, NEWSLETTER_STATUSES)),
  ],
);

/** Live storefront visits reported over the /customer socket.io namespace; open while endedAt is null. */
export const visits = pgTable(
  "visits",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    socketId: text().notNull(),
    sessionId: text(),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    path: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    userAgent: text(),
    ipAddress: text(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Open visits: find by socket on leave, count current visitors.
    index("visits_open_socket_id_idx").on(t.socketId).where(sql`${t.endedAt} is null`),
    index("visits_started_at_idx").on(t.startedAt),
  ],
);

/**
 * Stored responses of mutations carrying an Idempotency-Key. A row with a null statusCode is a request
 * still in flight (claimed by inserting first; a concurrent retry sees the conflict).
 */
export const idempotencyRecords = pgTable(
  "idempotency_records",
  {
    /** What the key is scoped to, e.g. the session id or customer id plus method and route. */
    scope: text().notNull(),
    key: text().notNull(),
    /** Hash of method, path and body: the same key with a different request is rejected. */
    requestHash: text().notNull(),
    statusCode: integer(),
    responseBody: jsonb(),
    responseHeaders: jsonb().$type<Record<string, string>>(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_records_expires_at_idx").on(t.expiresAt)],
);

export const sessions = pgTable(
  "sessions",
  {
    /** Hash of the cookie token (the token itself is never stored). */
    id: text().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text(),
    userAgent: text(),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_expires_at_idx").on(t.expiresAt), index("sessions_user_id_idx").on(t.userId)],
);

/** Fixed-window counters: count requests for key until resetAt, then start again. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().primaryKey(),
    count: integer().notNull().default(0),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    /** What the mail is, e.g. 'verify_email', 'reset_password', 'newsletter_confirm', 'order_confirmation'. */
    kind: text().notNull(),
    status: text().$type<EmailOutboxStatus>().notNull().default("queued"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
    /** Until when one sender (one store instance) holds this mail; others leave it alone. */
    claimedUntil: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("email_outbox_status_created_at_idx").on(t.status, t.createdAt),
    index("email_outbox_to_address_idx").on(t.toAddress),
    check("email_outbox_status_valid", oneOf(t.status, EMAIL_OUTBOX_STATUSES)),
  ],
);

export const visitsRelations = relations(visits, ({ one }) => ({
  customer: one(customers, { fields: [visits.customerId], references: [customers.id] }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
