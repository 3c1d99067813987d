// Staff sessions: their own table and cookie, never a customer's. A session ends after 12 idle hours;
// a disabled member's sessions are deleted at once (and a session whose member is disabled is never
// found, whatever the table says).
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type StaffSessionStage, staffMembers, staffSessions } from "../../db/schema/staff.ts";
import type { StaffMember } from "./staff-types.ts";

export const STAFF_IDLE_MS = 12 * 60 * 60 * 1000;

export const STAFF_SESSION_COOKIE = "staff_sid";

/** The cookie's name: `__Host-` on https (Secure, Path=/, no Domain), so no subdomain can plant one. */
export function staffCookieName(secure: boolean): string {
  return secure ? `__Host-${STAFF_SESSION_COOKIE}` : STAFF_SESSION_COOKIE;
}
/** lastSeenAt/expiresAt move on at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface StaffSession {
  /** Hash of the cookie token. */
  id: string;
  stage: StaffSessionStage;
  staff: StaffMember;
  lastSeenAt: Date;
  expiresAt: Date;
  /** Set when this lookup moved expiresAt on (the cookie's lifetime moves with it). */
  refreshed?: boolean;
}

export function hashStaffToken(token: string): string {
  return createHash("sha256").update(`staff:${token}`).digest("hex");
}

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export async function createStaffSession(
  db: Database,
  init: { staffId: number; stage: StaffSessionStage; now: Date; ipAddress?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(init.now.getTime() + STAFF_IDLE_MS);
  await db.insert(staffSessions).values({
    id: hashStaffToken(token),
    staffId: init.staffId,
    stage: init.stage,
    ipAddress: init.ipAddress,
    userAgent: init.userAgent?.slice(0, 300),
    createdAt: init.now,
    lastSeenAt: init.now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The session behind a cookie token: unexpired at `now`, of an enabled member; its idle time starts again. */
export async function findStaffSession(db: Database, token: string, now: Date): Promise<StaffSession | undefined> {
  if (!TOKEN_FORMAT.test(token)) return undefined;
  const [row] = await db
    .select({
      id: staffSessions.id,
      stage: staffSessions.stage,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
      staffId: staffMembers.id,
      email: staffMembers.email,
      name: staffMembers.name,
      role: staffMembers.role,
      totpEnabledAt: staffMembers.totpEnabledAt,
    })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.id, hashStaffToken(token)),
        gt(staffSessions.expiresAt, now),
        isNull(staffMembers.disabledAt),
      ),
    );
  if (!row) return undefined;
  const session: StaffSession = {
    id: row.id,
    stage: row.stage,
    lastSeenAt: row.lastSeenAt,
    expiresAt: row.expiresAt,
    staff: {
      id: row.staffId,
      email: row.email,
      name: row.name,
      role: row.role,
      twoStepEnabled: row.totpEnabledAt !== null,
    },
  };
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const expiresAt = new Date(now.getTime() + STAFF_IDLE_MS);
    await db.update(staffSessions).set({ lastSeenAt: now, expiresAt }).where(eq(staffSessions.id, row.id));
    return { ...session, lastSeenAt: now, expiresAt, refreshed: true };
  }
  return session;
}

export async function deleteStaffSession(db: Database, id: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, id));
}

/** Signs a member out everywhere (disabled, role or password changed by an owner, two-step reset). */
export async function deleteStaffSessionsOf(db: Pick<Database, "delete">, staffId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

export async function deleteExpiredStaffSessions(db: Database, now: Date): Promise<void> {
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
}
