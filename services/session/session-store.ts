import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { sessions } from "../../db/schema/system.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session ends this long after its last use (sliding)... */
export const SESSION_TTL_MS = 30 * DAY_MS;
/** ...and at the latest this long after it began (signing in starts a new one), however often it is used. */
export const SESSION_MAX_AGE_MS = 90 * DAY_MS;
/** lastSeenAt/expiresAt are refreshed at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface SessionRecord {
  id: string;
  userId: number | null;
  data: Record<string, unknown>;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /** Set by findSession when this request moved expiresAt on (the cookie's lifetime moves with it). */
  refreshed?: boolean;
}

/** When a session used at `now` ends: TTL after its last use, never past its maximum age. */
export function sessionExpiry(createdAt: Date, now: Date): Date {
  return new Date(Math.min(now.getTime() + SESSION_TTL_MS, createdAt.getTime() + SESSION_MAX_AGE_MS));
}

/** The cookie carries a random token; the database keeps only its hash, so a leaked table opens no session. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export async function findSession(db: Database, token: string): Promise<SessionRecord | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      data: sessions.data,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, hashSessionToken(token)),
        gt(sessions.expiresAt, new Date()),
        gt(sessions.createdAt, new Date(Date.now() - SESSION_MAX_AGE_MS)),
      ),
    );
  if (!row) return undefined;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const now = new Date();
    const expiresAt = sessionExpiry(row.createdAt, now);
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, row.id));
    return { ...row, lastSeenAt: now, expiresAt, refreshed: true };
  }
  return row;
}

export async function createSession(
  db: Database,
  init: { userId?: number | null; data?: Record<string, unknown>; ipAddress?: string; userAgent?: string },
): Promise<{ token: string; session: SessionRecord }> {
  const token = newSessionToken();
  const now = new Date();
  const session: SessionRecord = {
    id: hashSessionToken(token),
    userId: init.userId ?? null,
    data: init.data ?? {},
    createdAt: now,
    lastSeenAt: now,
    expiresAt: sessionExpiry(now, now),
  };
  await db.insert(sessions).values({
    id: session.id,
    userId: session.userId,
    data: session.data,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: session.expiresAt,
    ipAddress: init.ipAddress,
    userAgent: init.userAgent?.slice(0, 300),
  });
  return { token, session };
}

export async function saveSessionData(db: Database, id: string, data: Record<string, unknown>): Promise<void> {
  await db.update(sessions).set({ data }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of a user except one (after a password change). */
export async function deleteOtherSessions(db: Database, userId: number, keepId: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
