// The account's e-mails: plain text first (every client shows it), with a simple HTML twin. Links carry
// their one-time token after `#`, so it never reaches a server log, a proxy or a Referer header.
import type { OutgoingEmail } from "../email/mailer.ts";

export interface MailContext {
  publicUrl: string;
  storeName: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One mail in text and HTML: a greeting, paragraphs, an optional button, and the small print. */
export function composeEmail(
  mail: MailContext,
  input: {
    to: string;
    kind: string;
    subject: string;
    paragraphs: string[];
    action?: { label: string; url: string };
    footer?: string[];
  },
): OutgoingEmail {
  const footer = input.footer ?? [];
  const text = [
    ...input.paragraphs,
    ...(input.action ? [`${input.action.label}:\n${input.action.url}`] : []),
    ...footer,
    `— ${mail.storeName}`,
  ].join("\n\n");
  const button = input.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.action.url)}" style="background:#c2410c;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(input.action.label)}</a></p><p style="color:#52606d;font-size:13px">If the button does not work, copy this address into your browser:<br>${escapeHtml(input.action.url)}</p>`
    : "";
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f1f2e;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:18px;font-weight:700;color:#0b3d63">${escapeHtml(mail.storeName)}</p>
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${button}
${footer.map((p) => `<p style="color:#52606d;font-size:13px">${escapeHtml(p)}</p>`).join("\n")}
</body></html>`;
  return { to: input.to, subject: input.subject, text, html, kind: input.kind };
}

export function verifyEmailMail(mail: MailContext, to: string, firstName: string | null, token: string): OutgoingEmail {
  return composeEmail(mail, {
    to,
    kind: "verify_email",
    subject: `Confirm your e-mail address for ${mail.storeName}`,
    paragraphs: [
      `Hello${firstName ? ` ${firstName}` : ""},`,
      `Thank you for creating an account at ${mail.storeName}. Please confirm that this is your e-mail address.`,
      "The link works once, for 24 hours.",
    ],
    action: { label: "Confirm my e-mail address", url: `${mail.publicUrl}/verify-account#token=${token}` },
    footer: ["If you did not create an account, ignore this e-mail: nothing happens without the link."],
  });
}

export function accountExistsMail(mail: MailContext, to: string): OutgoingEmail {
  return composeEmail(mail, {
    to,
    kind: "account_exists",
    subject: `Your ${mail.storeName} account`,
    paragraphs: [
      "Someone (perhaps you) tried to create an account with this e-mail address, but it already has one.",
      "If it was you, sign in with your password. Forgotten it? You can choose a new one.",
    ],
    action: { label: "Reset my password", url: `${mail.publicUrl}/recover-account` },
    footer: ["If it was not you, you can ignore this e-mail: your account has not changed."],
  });
}

export function resetPasswordMail(mail: MailContext, to: string, accountEmail: string, token: string): OutgoingEmail {
  const viaRecovery = to !== accountEmail;
  return composeEmail(mail, {
    to,
    kind: "reset_password",
    subject: `Reset your ${mail.storeName} password`,
    paragraphs: [
      viaRecovery
        ? `We received a request to reset the password of the account ${accountEmail}, which has this address as its recovery e-mail.`
        : "We received a request to reset the password of your account.",
      "The link works once, for one hour. Choosing a new password signs you out everywhere.",
    ],
    action: { label: "Choose a new password", url: `${mail.publicUrl}/reset-password#token=${token}` },
    footer: ["If you did not ask for this, ignore this e-mail: your password stays as it is."],
  });
}

export function passwordChangedMail(mail: MailContext, to: string): OutgoingEmail {
  return composeEmail(mail, {
    to,
    kind: "password_changed",
    subject: `Your ${mail.storeName} password was changed`,
    paragraphs: [
      "The password of your account was just changed, and every other session was signed out.",
      "If this was not you, reset your password now and call us.",
    ],
    action: { label: "Reset my password", url: `${mail.publicUrl}/recover-account` },
  });
}

export function verifyRecoveryEmailMail(mail: MailContext, to: string, accountEmail: string, token: string) {
  return composeEmail(mail, {
    to,
    kind: "verify_recovery_email",
    subject: `Confirm your recovery e-mail for ${mail.storeName}`,
    paragraphs: [
      `The account ${accountEmail} wants to use this address as its recovery e-mail: if the account's own mailbox is ever lost, a password reset link can be sent here.`,
      "The link works once, for 24 hours.",
    ],
    action: { label: "Confirm this recovery e-mail", url: `${mail.publicUrl}/verify-account#token=${token}` },
    footer: ["If you do not know this account, ignore this e-mail: the address will not be used."],
  });
}

/** To the account's own address when its recovery e-mail changes: a stolen session must not go unnoticed. */
export function recoveryEmailChangedMail(
  mail: MailContext,
  to: string,
  change: { from: string | null; to: string },
  token: string,
): OutgoingEmail {
  return composeEmail(mail, {
    to,
    kind: "recovery_email_changed",
    subject: `The recovery e-mail of your ${mail.storeName} account was changed`,
    paragraphs: [
      change.from
        ? `The recovery e-mail of your account was changed from ${change.from} to ${change.to}.`
        : `${change.to} was added as the recovery e-mail of your account.`,
      "A recovery e-mail can receive password reset links. If you made this change, there is nothing to do.",
      "If it was not you, undo it with the link below (it works once, for 7 days): the recovery e-mail goes back to what it was, every session of your account is signed out and open reset links stop working. Then choose a new password.",
    ],
    action: { label: "Undo this change", url: `${mail.publicUrl}/recovery-email/undo#token=${token}` },
  });
}
