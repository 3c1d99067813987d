// One-time tokens for links sent by e-mail (verify an address, reset a password). The link carries 256
// random bits; the database keeps only their SHA-256, so a copy of the table opens nothing. A token is
// used at most once (consumed in one conditional UPDATE) and only before it expires.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type AuthTokenPurpose, authTokens } from "../../db/schema/customers.ts";

export const TOKEN_TTL_MS: Record<Exclude<AuthTokenPurpose, "guest_order">, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  verify_recovery_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  /** The account's owner may read the notice days later (a holiday): the undo link waits a week. */
  undo_recovery_email: 7 * 24 * 60 * 60 * 1000,
};

type Executor = Pick<Database, "insert" | "update" | "select">;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function issueToken(
  db: Executor,
  input: { userId: number; purpose: keyof typeof TOKEN_TTL_MS; subject: string; now?: Date },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = input.now ?? new Date();
  await db.insert(authTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    subject: input.subject,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[input.purpose]),
  });
  return token;
}

export interface ConsumedToken {
  userId: number;
  subject: string | null;
}

/** Marks the token used and returns what it was for; null when unknown, of another purpose, used or expired. */
export async function consumeToken(
  db: Executor,
  token: string,
  purposes: readonly AuthTokenPurpose[],
): Promise<(ConsumedToken & { purpose: AuthTokenPurpose }) | null> {
  const now = new Date();
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        inArray(authTokens.purpose, [...purposes]),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId, subject: authTokens.subject, purpose: authTokens.purpose });
  if (!row || row.userId === null) return null;
  return { userId: row.userId, subject: row.subject, purpose: row.purpose };
}

/** Looks at a token without using it (to check a new password before the token is spent). */
export async function peekToken(db: Executor, token: string, purpose: AuthTokenPurpose): Promise<ConsumedToken | null> {
  const now = new Date();
  const [row] = await db
    .select({ userId: authTokens.userId, subject: authTokens.subject })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    );
  return row && row.userId !== null ? { userId: row.userId, subject: row.subject } : null;
}

/** Spends every open token of a purpose for a user (after a password change, older reset links die). */
export async function revokeTokens(db: Executor, userId: number, purpose: AuthTokenPurpose): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}
