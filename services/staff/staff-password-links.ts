// Set-password links: an owner invites a new member (or sends an existing one a new link), the store
// e-mails a one-time link, and the member chooses their own password with it. One link per member at a
// time; a new one replaces the old. The token travels after `#` so no server log or Referer sees it.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { staffMembers } from "../../db/schema/staff.ts";
import { passwordProblem } from "../../shared/account-forms.ts";
import { composeEmail, type MailContext } from "../account/account-emails.ts";
import { hashPassword } from "../account/password-hashing.ts";
import { type AuditActor, recordAudit } from "../audit/audit-log.ts";
import { queueEmail } from "../email/mailer.ts";
import { InvalidInput, NotFound } from "../errors.ts";
import { deleteStaffSessionsOf } from "./staff-sessions.ts";

const HOUR = 60 * 60 * 1000;
/** An invitation waits three days; a new link for an existing member one day. */
export const INVITE_LINK_MS = 72 * HOUR;
export const RESET_LINK_MS = 24 * HOUR;

export const STAFF_LINK_EXPIRED =
  "This link has expired or was already used. Ask the store's owner to send you a new one.";

function hashToken(token: string): string {
  return createHash("sha256").update(`staff-password:${token}`).digest("hex");
}

/** The address of the set-password page for a token. */
export function setPasswordUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/admin/set-password#token=${token}`;
}

/** Issues a new link for a member and queues its e-mail (in one transaction, audited). */
export async function sendStaffPasswordLink(
  db: Database,
  staffId: number,
  mail: MailContext,
  actor: AuditActor,
  kind: "invite" | "reset",
  now = new Date(),
): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(staffMembers).where(eq(staffMembers.id, staffId));
    if (!row) throw new NotFound("No staff member has this id.");
    if (row.disabledAt) throw new InvalidInput("This member is disabled: enable them before sending a link.");
    const expiresAt = new Date(now.getTime() + (kind === "invite" ? INVITE_LINK_MS : RESET_LINK_MS));
    await tx
      .update(staffMembers)
      .set({ passwordTokenHash: hashToken(token), passwordTokenExpiresAt: expiresAt, updatedAt: now })
      .where(eq(staffMembers.id, staffId));
    const url = setPasswordUrl(mail.publicUrl, token);
    await queueEmail(
      tx,
      kind === "invite"
        ? composeEmail(mail, {
            to: row.email,
            kind: "staff_invite",
            subject: `You are invited to the ${mail.storeName} back office`,
            paragraphs: [
              `Hello ${row.name},`,
              `You have been given a staff account at ${mail.storeName}. Choose your password to sign in to the back office.`,
              "The link works once, for three days.",
            ],
            action: { label: "Choose my password", url },
            footer: ["If you did not expect this, ignore this e-mail: no one can use the account without the link."],
          })
        : composeEmail(mail, {
            to: row.email,
            kind: "staff_password_reset",
            subject: `Choose a new password for the ${mail.storeName} back office`,
            paragraphs: [
              `Hello ${row.name},`,
              "The store's owner sent you a link to choose a new back-office password.",
              "The link works once, for one day. Choosing a new password signs you out everywhere.",
            ],
            action: { label: "Choose a new password", url },
            footer: ["If you did not ask for this, tell the store's owner: your password stays as it is."],
          }),
    );
    await recordAudit(tx, {
      ...actor,
      action: kind === "invite" ? "staff.invite" : "staff.password-link",
      entity: "staff",
      entityId: staffId,
      before: null,
      after: { email: row.email, linkExpiresAt: expiresAt },
    });
  });
}

/** Sets the password of the member the link was for; the link is used up and their sessions end. */
export async function setStaffPasswordWithLink(
  db: Database,
  input: { token: string; password: string },
  context: { requestId?: string; ipAddress?: string },
  now = new Date(),
): Promise<{ email: string }> {
  const [row] = await db
    .select()
    .from(staffMembers)
    .where(
      and(eq(staffMembers.passwordTokenHash, hashToken(input.token)), gt(staffMembers.passwordTokenExpiresAt, now)),
    );
  if (!row || row.disabledAt) throw new InvalidInput(STAFF_LINK_EXPIRED);
  const problem = passwordProblem(input.password, row.email);
  if (problem) throw new InvalidInput(problem);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(staffMembers)
      .set({ passwordHash, passwordTokenHash: null, passwordTokenExpiresAt: null, updatedAt: now })
      .where(and(eq(staffMembers.id, row.id), eq(staffMembers.passwordTokenHash, hashToken(input.token))))
      .returning({ id: staffMembers.id });
    // Used by a concurrent request a moment ago.
    if (updated.length === 0) throw new InvalidInput(STAFF_LINK_EXPIRED);
    await deleteStaffSessionsOf(tx, row.id);
    await recordAudit(tx, {
      staffId: row.id,
      staffEmail: row.email,
      requestId: context.requestId,
      ipAddress: context.ipAddress,
      action: "staff.password-set",
      entity: "staff",
      entityId: row.id,
    });
  });
  return { email: row.email };
}
