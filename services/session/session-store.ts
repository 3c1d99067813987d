import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { sessions } from "../../db/schema/system.ts";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt/expiresAt are refreshed at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface SessionRecord {
  id: string;
  userId: number | null;
  data: Record<string, unknown>;
  csrfSecret: string;
  lastSeenAt: Date;
  expiresAt: Date;
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
      csrfSecret: sessions.csrfSecret,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.id, hashSessionToken(token)), gt(sessions.expiresAt, new Date())));
  if (!row) return undefined;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, row.id));
    row.lastSeenAt = now;
    row.expiresAt = expiresAt;
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
    csrfSecret: randomBytes(24).toString("base64url"),
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  };
  await db.insert(sessions).values({
    ...session,
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
