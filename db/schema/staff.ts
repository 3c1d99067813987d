// Staff: back-office accounts (apart from customers), their sessions, the access policy and the audit log.

import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { STAFF_ROLES, type StaffRole } from "../../shared/admin/permissions.ts";

/** `column in ('a', 'b')` for a check constraint; the values are code constants, never input. */
const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Where a staff session stands: signed in, waiting for the two-step code, or sent to set two-step sign-in up. */
export const STAFF_SESSION_STAGES = ["active", "totp", "enrol"] as const;
export type StaffSessionStage = (typeof STAFF_SESSION_STAGES)[number];

export const staffMembers = pgTable(
  "staff_members",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Stored lower-cased (enforced by a check). */
    email: text().notNull().unique(),
    name: text().notNull(),
    /** scrypt, as customers' passwords (services/account/password-hashing.ts); null until an invited member sets one. */
    passwordHash: text(),
    role: text().$type<StaffRole>().notNull(),
    disabledAt: timestamp({ withTimezone: true }),
    /** Base32 TOTP secret: set while enrolling, in use once totpEnabledAt is set. */
    totpSecret: text(),
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** The time step of the last code accepted: a code is good once (no replay within its 30 seconds). */
    totpLastStep: bigint({ mode: "number" }),
    /** SHA-256 hashes of the unused one-time recovery codes. */
    recoveryCodeHashes: jsonb().$type<string[]>().notNull().default([]),
    lastSignInAt: timestamp({ withTimezone: true }),
    /** SHA-256 of the token of the member's set-password link (invitation or reset), one at a time. */
    passwordTokenHash: text().unique("staff_members_password_token_hash_unique"),
    passwordTokenExpiresAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("staff_members_email_lower_case", sql`${t.email} = lower(${t.email})`),
    check("staff_members_role_valid", oneOf(t.role, STAFF_ROLES)),
  ],
);

export const staffSessions = pgTable(
  "staff_sessions",
  {
    /** SHA-256 of the cookie token (the token itself is never stored). */
    id: text().primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    stage: text().$type<StaffSessionStage>().notNull().default("active"),
    ipAddress: text(),
    userAgent: text(),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** lastSeenAt plus the idle limit (12 hours), moved on as the session is used. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("staff_sessions_staff_id_idx").on(t.staffId),
    index("staff_sessions_expires_at_idx").on(t.expiresAt),
    check("staff_sessions_stage_valid", oneOf(t.stage, STAFF_SESSION_STAGES)),
  ],
);

/** The owner's access rules: one row (id 1). */
export const staffAccessSettings = pgTable(
  "staff_access_settings",
  {
    id: integer().primaryKey().default(1),
    /** Every staff member must sign in with a two-step code; those without one are sent to set it up. */
    requireTwoStep: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("staff_access_settings_single_row", sql`${t.id} = 1`)],
);

/** Every change made in the back office: who, when, what, before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    /** Null for changes made from the command line (staff:create) or by the store itself. */
    staffId: integer().references(() => staffMembers.id, { onDelete: "set null" }),
    /** Kept as it was at the time: the log still reads right after the member's address changes. */
    staffEmail: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** What was done, `entity.verb` style: "staff.create", "product.update", "order.refund". */
    action: text().notNull(),
    /** The kind of thing changed: "staff", "product", "order"... */
    entity: text().notNull(),
    entityId: text(),
    before: jsonb().$type<unknown>(),
    after: jsonb().$type<unknown>(),
    requestId: text(),
    ipAddress: text(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    index("audit_log_staff_id_idx").on(t.staffId),
  ],
);
