// Staff accounts: created by an owner (or `npm run staff:create`), signed in with the store's password
// hashing and rules, optionally with a two-step code. Every change is written to the audit log in the
// same transaction.
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { staffAccessSettings, staffMembers } from "../../db/schema/staff.ts";
import { passwordProblem } from "../../shared/account-forms.ts";
import type { StaffRole } from "../../shared/admin/permissions.ts";
import { hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from "../account/password-hashing.ts";
import { type AuditActor, recordAudit } from "../audit/audit-log.ts";
import { Conflict, Forbidden, InvalidInput, NotFound, Unauthorized } from "../errors.ts";
import { enforceRateLimits } from "../rate-limit/rate-limiter.ts";
import { staffSignInFailureRule } from "./staff-rate-limits.ts";
import { deleteStaffSessionsOf } from "./staff-sessions.ts";
import type { StaffMember } from "./staff-types.ts";
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, totpStep } from "./two-step.ts";

export const WRONG_STAFF_CREDENTIALS = "The e-mail address or password is not right.";
export const STAFF_DISABLED = "This staff account is disabled. Ask the store's owner to enable it.";

type StaffRow = typeof staffMembers.$inferSelect;

/** What a list or the audit log shows of a member: never the hash, the secret or the codes. */
export interface StaffListItem extends StaffMember {
  disabled: boolean;
  hasPassword: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
}

export function toStaffMember(row: StaffRow): StaffMember {
  return { id: row.id, email: row.email, name: row.name, role: row.role, twoStepEnabled: row.totpEnabledAt !== null };
}

function toListItem(row: StaffRow): StaffListItem {
  return {
    ...toStaffMember(row),
    disabled: row.disabledAt !== null,
    hasPassword: row.passwordHash !== null,
    lastSignInAt: row.lastSignInAt,
    createdAt: row.createdAt,
  };
}

/** The member as the audit log records it. */
function auditView(row: StaffRow) {
  return {
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: row.disabledAt !== null,
    twoStepEnabled: row.totpEnabledAt !== null,
  };
}

function checkPassword(password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw new InvalidInput(problem);
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export async function createStaffMember(
  db: Database,
  input: { email: string; name: string; role: StaffRole; password?: string | null },
  actor: AuditActor | null,
): Promise<StaffListItem> {
  const email = input.email.trim().toLowerCase();
  if (input.password) checkPassword(input.password, email);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staffMembers)
        .values({ email, name: input.name.trim(), role: input.role, passwordHash })
        .returning();
      await recordAudit(tx, {
        ...(actor ?? { staffId: null }),
        action: "staff.create",
        entity: "staff",
        entityId: row.id,
        before: null,
        after: auditView(row),
      });
      return toListItem(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(`A staff account with the address ${email} already exists.`);
    throw error;
  }
}

export async function findStaffByEmail(db: Database, email: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.email, email.trim().toLowerCase()));
  return row;
}

async function staffRow(db: Pick<Database, "select">, id: number): Promise<StaffRow> {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.id, id));
  if (!row) throw new NotFound("No staff member has this id.");
  return row;
}

export async function getStaffMember(db: Database, id: number): Promise<StaffListItem> {
  return toListItem(await staffRow(db, id));
}

export async function listStaffMembers(db: Database): Promise<StaffListItem[]> {
  const rows = await db.select().from(staffMembers).orderBy(asc(staffMembers.name), asc(staffMembers.id));
  return rows.map(toListItem);
}

/**
 * Checks a member's credentials: an unknown address, a member without a password yet and a wrong password
 * get the same 401 in the same time; a disabled member with the right password is told so (403).
 */
export async function verifyStaffCredentials(
  db: Database,
  input: { email: string; password: string },
): Promise<StaffRow> {
  const row = await findStaffByEmail(db, input.email);
  if (!row?.passwordHash) {
    await verifyAgainstNothing(input.password);
    throw new Unauthorized(WRONG_STAFF_CREDENTIALS);
  }
  if (!(await verifyPassword(input.password, row.passwordHash))) throw new Unauthorized(WRONG_STAFF_CREDENTIALS);
  if (row.disabledAt) throw new Forbidden(STAFF_DISABLED);
  if (needsRehash(row.passwordHash)) {
    await db
      .update(staffMembers)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(staffMembers.id, row.id));
  }
  return row;
}

/** After a passed bot check: wrong passwords count against the account from every address (429 past the limit). */
export async function staffSignInCountingFailures(
  db: Database,
  input: { email: string; password: string },
): Promise<StaffRow> {
  try {
    return await verifyStaffCredentials(db, input);
  } catch (error) {
    if (!(error instanceof Unauthorized)) throw error;
    await enforceRateLimits(db, [staffSignInFailureRule(input.email)], "sign-in attempts");
    throw error;
  }
}

export async function recordStaffSignIn(db: Database, staffId: number, now: Date): Promise<void> {
  await db.update(staffMembers).set({ lastSignInAt: now }).where(eq(staffMembers.id, staffId));
}

export interface StaffAccessSettings {
  requireTwoStep: boolean;
}

export async function getStaffAccessSettings(db: Pick<Database, "select">): Promise<StaffAccessSettings> {
  const [row] = await db.select().from(staffAccessSettings).where(eq(staffAccessSettings.id, 1));
  return { requireTwoStep: row?.requireTwoStep ?? false };
}

export async function setStaffAccessSettings(
  db: Database,
  settings: StaffAccessSettings,
  actor: AuditActor,
): Promise<StaffAccessSettings> {
  return db.transaction(async (tx) => {
    const before = await getStaffAccessSettings(tx);
    await tx
      .insert(staffAccessSettings)
      .values({ id: 1, requireTwoStep: settings.requireTwoStep, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: staffAccessSettings.id,
        set: { requireTwoStep: settings.requireTwoStep, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      ...actor,
      action: "staff-access.update",
      entity: "settings",
      entityId: "staff-access",
      before,
      after: settings,
    });
    return settings;
  });
}

/** Other enabled owners than this member: the last one can be neither demoted nor disabled. */
async function otherEnabledOwners(db: Pick<Database, "select">, staffId: number): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffMembers)
    .where(and(eq(staffMembers.role, "owner"), isNull(staffMembers.disabledAt), ne(staffMembers.id, staffId)));
  return count;
}

export interface StaffChange {
  name?: string;
  role?: StaffRole;
  disabled?: boolean;
}

/** An owner changes a member's name, role or whether they may sign in. Disabling ends their sessions at once. */
export async function updateStaffMember(
  db: Database,
  id: number,
  change: StaffChange,
  actor: AuditActor,
): Promise<StaffListItem> {
  return db.transaction(async (tx) => {
    // Locked: two owners demoting each other at once must not leave the store without one.
    await tx.execute(sql`select id from ${staffMembers} where ${staffMembers.role} = 'owner' for update`);
    const row = await staffRow(tx, id);
    const losesOwner =
      row.role === "owner" && !row.disabledAt && ((change.role && change.role !== "owner") || change.disabled === true);
    if (losesOwner && (await otherEnabledOwners(tx, id)) === 0) {
      throw new Conflict("The store needs at least one enabled owner: make someone else an owner first.");
    }
    if (change.disabled === true && actor.staffId === id) {
      throw new Conflict("You cannot disable your own account.");
    }
    const now = new Date();
    const [updated] = await tx
      .update(staffMembers)
      .set({
        ...(change.name === undefined ? {} : { name: change.name.trim() }),
        ...(change.role === undefined ? {} : { role: change.role }),
        ...(change.disabled === undefined ? {} : { disabledAt: change.disabled ? (row.disabledAt ?? now) : null }),
        updatedAt: now,
      })
      .where(eq(staffMembers.id, id))
      .returning();
    if (change.disabled === true) await deleteStaffSessionsOf(tx, id);
    const action =
      change.disabled === true && !row.disabledAt
        ? "staff.disable"
        : change.disabled === false && row.disabledAt
          ? "staff.enable"
          : change.role && change.role !== row.role
            ? "staff.role"
            : "staff.update";
    await recordAudit(tx, {
      ...actor,
      action,
      entity: "staff",
      entityId: id,
      before: auditView(row),
      after: auditView(updated),
    });
    return toListItem(updated);
  });
}

/** Sets a member's password (a temporary one from an owner, or their own from a set-password link). */
export async function setStaffPassword(
  db: Database,
  id: number,
  password: string,
  actor: AuditActor,
  options: { endSessions: boolean; action?: string } = { endSessions: true },
): Promise<void> {
  const row = await staffRow(db, id);
  checkPassword(password, row.email);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(staffMembers).set({ passwordHash, updatedAt: new Date() }).where(eq(staffMembers.id, id));
    if (options.endSessions) await deleteStaffSessionsOf(tx, id);
    await recordAudit(tx, {
      ...actor,
      action: options.action ?? "staff.password",
      entity: "staff",
      entityId: id,
      before: null,
      after: null,
    });
  });
}

/** Starts (or restarts) setting up two-step sign-in: a new secret, not in use until confirmed with a code. */
export async function beginTwoStepEnrolment(db: Database, staffId: number): Promise<{ secret: string }> {
  const row = await staffRow(db, staffId);
  if (row.totpEnabledAt) throw new Conflict("Two-step sign-in is already on. Turn it off first to set up a new phone.");
  const secret = newTotpSecret();
  await db.update(staffMembers).set({ totpSecret: secret, updatedAt: new Date() }).where(eq(staffMembers.id, staffId));
  return { secret };
}

export const WRONG_CODE = "That code is not right. Enter the 6-digit code your app shows now.";

/** Confirms the setup with a code from the app: two-step sign-in is on, and the recovery codes are shown once. */
export async function confirmTwoStepEnrolment(
  db: Database,
  staffId: number,
  code: string,
  now: Date,
  actor: AuditActor,
): Promise<{ recoveryCodes: string[] }> {
  return db.transaction(async (tx) => {
    const row = await staffRow(tx, staffId);
    if (row.totpEnabledAt) throw new Conflict("Two-step sign-in is already on.");
    if (!row.totpSecret) throw new Conflict("Start setting up two-step sign-in first.");
    const step = totpStep(row.totpSecret, code, now);
    if (step === null) throw new InvalidInput(WRONG_CODE);
    const recoveryCodes = newRecoveryCodes();
    await tx
      .update(staffMembers)
      .set({
        totpEnabledAt: now,
        totpLastStep: step,
        recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
        updatedAt: now,
      })
      .where(eq(staffMembers.id, staffId));
    await recordAudit(tx, {
      ...actor,
      action: "staff.two-step-on",
      entity: "staff",
      entityId: staffId,
      before: { twoStepEnabled: false },
      after: { twoStepEnabled: true },
    });
    return { recoveryCodes };
  });
}

/**
 * Checks a sign-in's second step: a code from the app (each good once) or an unused recovery code
 * (then used up). Returns how it was passed, or null.
 */
export async function verifyTwoStepCode(
  db: Database,
  staffId: number,
  code: string,
  now: Date,
): Promise<"code" | "recovery" | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(staffMembers).where(eq(staffMembers.id, staffId)).for("update");
    if (!row?.totpSecret || !row.totpEnabledAt) return null;
    const step = totpStep(row.totpSecret, code, now);
    if (step !== null) {
      if (row.totpLastStep !== null && step <= row.totpLastStep) return null;
      await tx.update(staffMembers).set({ totpLastStep: step }).where(eq(staffMembers.id, staffId));
      return "code";
    }
    if (!looksLikeRecoveryCode(code)) return null;
    const hash = hashRecoveryCode(code);
    if (!row.recoveryCodeHashes.includes(hash)) return null;
    await tx
      .update(staffMembers)
      .set({ recoveryCodeHashes: row.recoveryCodeHashes.filter((h) => h !== hash) })
      .where(eq(staffMembers.id, staffId));
    return "recovery";
  });
}

/** Two-step sign-in off (by the member, or reset by an owner for a lost phone: then their sessions end too). */
export async function turnOffTwoStep(
  db: Database,
  staffId: number,
  actor: AuditActor,
  options: { reset: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await staffRow(tx, staffId);
    await tx
      .update(staffMembers)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeHashes: [], updatedAt: new Date() })
      .where(eq(staffMembers.id, staffId));
    if (options.reset) await deleteStaffSessionsOf(tx, staffId);
    await recordAudit(tx, {
      ...actor,
      action: options.reset ? "staff.two-step-reset" : "staff.two-step-off",
      entity: "staff",
      entityId: staffId,
      before: { twoStepEnabled: row.totpEnabledAt !== null },
      after: { twoStepEnabled: false },
    });
  });
}

export async function remainingRecoveryCodes(db: Database, staffId: number): Promise<number> {
  return (await staffRow(db, staffId)).recoveryCodeHashes.length;
}
