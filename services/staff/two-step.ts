// Two-step sign-in with time-based one-time codes (RFC 6238: 6 digits, 30 seconds, SHA-1, as every
// authenticator app reads them), and one-time recovery codes for a lost phone.
import { createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";

export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 8;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = "staff", issuer = "Store"): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export function totpUri(secret: string, label: string, issuer: string): string {
  return totp(secret, label, issuer).toString();
}

/** The code for a moment (tests and the e2e compute it from the secret). */
export function totpCode(secret: string, now: Date): string {
  return totp(secret).generate({ timestamp: now.getTime() });
}

/**
 * The time step a code belongs to when it is right at `now` (one step of clock drift either way), or
 * null. The caller refuses a step at or before the last one accepted, so a code works once.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Recovery codes as shown once to the member: `xxxx-xxxx-xx`, no look-alike characters. */
export function newRecoveryCodes(): string[] {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 10)}`;
  });
}

export function hashRecoveryCode(code: string): string {
  return createHash("sha256")
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ""))
    .digest("hex");
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{4}-?[a-z0-9]{4}-?[a-z0-9]{2}$/i.test(code.trim());
}
