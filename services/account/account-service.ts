// Accounts: sign-up, sign-in, e-mail verification, password reset and change, recovery e-mail.
// Answers never tell whether an address has an account (register, reset and resend all answer alike);
// the one exception is sign-in with the right password for an unverified address, which only the owner
// of the password can see.
import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { customers, users } from "../../db/schema/customers.ts";
import { passwordProblem } from "../../shared/account-forms.ts";
import { queueEmail } from "../email/mailer.ts";
import { Forbidden, InvalidInput, Unauthorized } from "../errors.ts";
import { enforceRateLimits } from "../rate-limit/rate-limiter.ts";
import { deleteOtherSessions } from "../session/session-store.ts";
import {
  accountExistsMail,
  type MailContext,
  passwordChangedMail,
  recoveryEmailChangedMail,
  resetPasswordMail,
  verifyEmailMail,
  verifyRecoveryEmailMail,
} from "./account-emails.ts";
import { consumeToken, issueToken, peekToken, revokeTokens } from "./auth-tokens.ts";
import { BREACHED_PASSWORD, isBreachedPassword } from "./breached-passwords.ts";
import { hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from "./password-hashing.ts";
import { signInFailureRule } from "./rate-limit-rules.ts";

export interface AccountContext extends MailContext {
  db: Database;
}

export const WRONG_CREDENTIALS = "The e-mail address or password is incorrect.";
export const ACCOUNT_DISABLED =
  "This account has been disabled. Please contact the store by phone or e-mail if you think this is a mistake.";
export const LINK_EXPIRED = "This link has expired or was already used. Please request a new one.";

/** Sign-in refused because the address is not confirmed yet (403: the password was right). */
export class EmailNotVerified extends Forbidden {
  constructor() {
    super(
      "Please confirm your e-mail address first: open the link we sent when you registered. Need a new link? Use “Resend the confirmation e-mail”.",
    );
  }
}

export interface UserSummary {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export async function getUserSummary(db: Database, userId: number): Promise<UserSummary | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The customer record of a signed-up user, created on first need (every user has exactly one). */
export async function ensureCustomerId(db: Database, user: UserSummary): Promise<number> {
  const [existing] = await db.select({ id: customers.id }).from(customers).where(eq(customers.userId, user.id));
  if (existing) return existing.id;
  const [created] = await db
    .insert(customers)
    .values({ userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName })
    .onConflictDoNothing()
    .returning({ id: customers.id });
  if (created) return created.id;
  const [again] = await db.select({ id: customers.id }).from(customers).where(eq(customers.userId, user.id));
  return again.id;
}

/** The form's rules (length, common, e-mail) and then the breached-password list, which the server alone holds. */
export async function newPasswordProblem(password: string, email?: string): Promise<string | null> {
  const problem = passwordProblem(password, email);
  if (problem) return problem;
  return (await isBreachedPassword(password)) ? BREACHED_PASSWORD : null;
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === "23505" || cause?.code === "23505";
}

/**
 * Creates an account and sends the confirmation link; for an address that already has an account, sends
 * that address a note instead. Both answer the same, so the form cannot be used to test addresses.
 */
export async function registerAccount(
  ctx: AccountContext,
  input: { email: string; password: string; firstName: string; lastName: string },
): Promise<void> {
  const problem = await newPasswordProblem(input.password, input.email);
  if (problem) throw new InvalidInput(problem);
  // Hashed before the lookup, so both outcomes take the same time.
  const passwordHash = await hashPassword(input.password);
  try {
    await ctx.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (existing) {
        await queueEmail(tx, accountExistsMail(ctx, input.email));
        return;
      }
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName })
        .returning({ id: users.id });
      await tx
        .insert(customers)
        .values({ userId: user.id, email: input.email, firstName: input.firstName, lastName: input.lastName });
      const token = await issueToken(tx, { userId: user.id, purpose: "verify_email", subject: input.email });
      await queueEmail(tx, verifyEmailMail(ctx, input.email, input.firstName, token));
    });
  } catch (error) {
    // Two sign-ups for one address at the same instant: the loser is told the same as everyone.
    if (!isUniqueViolation(error)) throw error;
  }
}

/** Checks the credentials; returns the user. Unknown address and wrong password get the same 401. */
export async function signIn(db: Database, input: { email: string; password: string }): Promise<UserSummary> {
  const [user] = await db.select().from(users).where(eq(users.email, input.email));
  if (!user) {
    await verifyAgainstNothing(input.password);
    throw new Unauthorized(WRONG_CREDENTIALS);
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) throw new Unauthorized(WRONG_CREDENTIALS);
  // Told only to someone who knows the password: a stranger cannot learn that the account exists.
  if (user.disabledAt) throw new Forbidden(ACCOUNT_DISABLED);
  if (!user.emailVerifiedAt) throw new EmailNotVerified();
  if (needsRehash(user.passwordHash)) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, user.id));
  }
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName };
}

/**
 * Sign-in after the bot check passed: a wrong password is counted against the account across all
 * addresses, and past that limit answers 429; the right password signs in whatever the count.
 */
export async function signInCountingFailures(db: Database, input: { email: string; password: string }) {
  try {
    return await signIn(db, input);
  } catch (error) {
    if (!(error instanceof Unauthorized)) throw error;
    await enforceRateLimits(db, [signInFailureRule(input.email)], "sign-in attempts");
    throw error;
  }
}

/** Sends a fresh confirmation link when the address has an unconfirmed account; silently nothing otherwise. */
export async function resendVerification(ctx: AccountContext, email: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user || user.emailVerifiedAt) return;
  await ctx.db.transaction(async (tx) => {
    const token = await issueToken(tx, { userId: user.id, purpose: "verify_email", subject: user.email });
    await queueEmail(tx, verifyEmailMail(ctx, user.email, user.firstName, token));
  });
}

/** Confirms the account's address or its recovery address, whichever the link was sent for. */
export async function verifyEmailToken(db: Database, token: string): Promise<{ kind: "account" | "recovery" }> {
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, ["verify_email", "verify_recovery_email"]);
    if (!used) throw new InvalidInput(LINK_EXPIRED);
    const [user] = await tx.select().from(users).where(eq(users.id, used.userId));
    if (!user) throw new InvalidInput(LINK_EXPIRED);
    const now = new Date();
    if (used.purpose === "verify_email") {
      if (user.email !== used.subject)
        throw new InvalidInput("This link is for an address that is no longer on the account.");
      if (!user.emailVerifiedAt)
        await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
      return { kind: "account" as const };
    }
    if (user.recoveryEmail !== used.subject) {
      throw new InvalidInput("This link is for a recovery e-mail that is no longer on the account.");
    }
    await tx.update(users).set({ recoveryEmailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    return { kind: "recovery" as const };
  });
}

/**
 * Sends a reset link to the account with this address, and to every account that has it as its
 * confirmed recovery e-mail. Answers nothing either way.
 */
export async function requestPasswordReset(ctx: AccountContext, email: string): Promise<void> {
  const owners = await ctx.db.select().from(users).where(eq(users.email, email));
  const recovering = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.recoveryEmail, email), isNotNull(users.recoveryEmailVerifiedAt)));
  for (const user of [...owners, ...recovering]) {
    await ctx.db.transaction(async (tx) => {
      // Only the newest link works: an older mail lying in an inbox is worthless.
      await revokeTokens(tx, user.id, "reset_password");
      const token = await issueToken(tx, { userId: user.id, purpose: "reset_password", subject: email });
      await queueEmail(tx, resetPasswordMail(ctx, email, user.email, token));
    });
  }
}

/** Sets a new password from a reset link; signs the account out everywhere. */
export async function resetPassword(ctx: AccountContext, input: { resetToken: string; password: string }) {
  const pending = await peekToken(ctx.db, input.resetToken, "reset_password");
  if (!pending) throw new InvalidInput(LINK_EXPIRED);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, pending.userId));
  if (!user) throw new InvalidInput(LINK_EXPIRED);
  const problem = await newPasswordProblem(input.password, user.email);
  if (problem) throw new InvalidInput(problem);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const used = await consumeToken(tx, input.resetToken, ["reset_password"]);
    if (!used || used.userId !== user.id) throw new InvalidInput(LINK_EXPIRED);
    const now = new Date();
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: now,
        updatedAt: now,
        // The link reached the account's own mailbox: that proves the address as well as a confirmation would.
        ...(used.subject === user.email && !user.emailVerifiedAt ? { emailVerifiedAt: now } : {}),
      })
      .where(eq(users.id, user.id));
    await revokeTokens(tx, user.id, "reset_password");
    await deleteOtherSessions(tx as unknown as Database, user.id, null);
    await queueEmail(tx, passwordChangedMail(ctx, user.email));
  });
}

/** Changes the password of a signed-in user and ends every other session of theirs. */
export async function changePassword(
  ctx: AccountContext,
  input: { userId: number; currentPassword: string; newPassword: string; keepSessionId: string | null },
): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, input.userId));
  if (!user) throw new Unauthorized("Please sign in again.");
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new InvalidInput("Your current password is not correct.");
  }
  if (input.newPassword === input.currentPassword) {
    throw new InvalidInput("Choose a new password that is different from the current one.");
  }
  const problem = await newPasswordProblem(input.newPassword, user.email);
  if (problem) throw new InvalidInput(problem);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    await revokeTokens(tx, user.id, "reset_password");
    await deleteOtherSessions(tx as unknown as Database, user.id, input.keepSessionId);
    await queueEmail(tx, passwordChangedMail(ctx, user.email));
  });
}

// Recovery e-mail ---------------------------------------------------

export async function getRecoveryEmail(db: Database, userId: number) {
  const [row] = await db
    .select({ recoveryEmail: users.recoveryEmail, verifiedAt: users.recoveryEmailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Unauthorized("Please sign in.");
  return {
    recoveryEmail: row.recoveryEmail ?? null,
    recoveryEmailVerified: Boolean(row.recoveryEmail && row.verifiedAt),
  };
}

export const WRONG_CURRENT_PASSWORD = "Your current password is not correct.";

/**
 * Sets the recovery address, which can receive reset links: only with the current password (a session
 * alone is not enough), and the account's own address is told, with a link that undoes the change. A
 * different address starts unverified and old links for the previous one die.
 */
export async function setRecoveryEmail(
  ctx: AccountContext,
  input: { userId: number; recoveryEmail: string; currentPassword: string },
): Promise<void> {
  const { db } = ctx;
  const { userId, recoveryEmail } = input;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Unauthorized("Please sign in.");
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new InvalidInput(WRONG_CURRENT_PASSWORD);
  }
  if (recoveryEmail === user.email) {
    throw new InvalidInput("Use an address other than your account's own e-mail as your recovery email.");
  }
  if (recoveryEmail === user.recoveryEmail) return;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ recoveryEmail, recoveryEmailVerifiedAt: null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await revokeTokens(tx, userId, "verify_recovery_email");
    // What the undo link restores: the previous address and whether it was verified.
    const previous = JSON.stringify({
      email: user.recoveryEmail ?? null,
      verifiedAt: user.recoveryEmail ? (user.recoveryEmailVerifiedAt?.toISOString() ?? null) : null,
    });
    const token = await issueToken(tx, { userId, purpose: "undo_recovery_email", subject: previous });
    await queueEmail(
      tx,
      recoveryEmailChangedMail(ctx, user.email, { from: user.recoveryEmail ?? null, to: recoveryEmail }, token),
    );
  });
}

/**
 * The undo link of a recovery e-mail change: the previous address comes back, every session of the account
 * ends and open reset and verification links die, so whoever made the change is out.
 */
export async function undoRecoveryEmailChange(db: Database, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, ["undo_recovery_email"]);
    if (!used?.userId) throw new InvalidInput(LINK_EXPIRED);
    let previous: { email: string | null; verifiedAt: string | null } = { email: null, verifiedAt: null };
    try {
      previous = JSON.parse(used.subject ?? "");
    } catch {
      // An unreadable record: the recovery e-mail is removed rather than left as the stranger set it.
    }
    const now = new Date();
    await tx
      .update(users)
      .set({
        recoveryEmail: previous.email,
        recoveryEmailVerifiedAt: previous.email && previous.verifiedAt ? new Date(previous.verifiedAt) : null,
        updatedAt: now,
      })
      .where(eq(users.id, used.userId));
    await revokeTokens(tx, used.userId, "reset_password");
    await revokeTokens(tx, used.userId, "verify_recovery_email");
    await revokeTokens(tx, used.userId, "undo_recovery_email");
    // Every session ends, the one that made the change included.
    await deleteOtherSessions(tx as unknown as Database, used.userId, null);
  });
}

export async function sendRecoveryEmailVerification(ctx: AccountContext, userId: number): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Unauthorized("Please sign in.");
  if (!user.recoveryEmail) throw new InvalidInput("Add a recovery email first.");
  if (user.recoveryEmailVerifiedAt) throw new InvalidInput("Your recovery email is already verified.");
  const recoveryEmail = user.recoveryEmail;
  await ctx.db.transaction(async (tx) => {
    const token = await issueToken(tx, { userId, purpose: "verify_recovery_email", subject: recoveryEmail });
    await queueEmail(tx, verifyRecoveryEmailMail(ctx, recoveryEmail, user.email, token));
  });
}
