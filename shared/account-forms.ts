// Sign-up, sign-in and password forms, shared by the pages (instant feedback) and the API (the judge).
// Password rules follow NIST SP 800-63B: a minimum length, a generous maximum, no composition rules,
// and a refusal of common or guessable passwords.
import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 10;
/** Long enough for any passphrase; short enough that hashing it costs nothing extra. */
export const PASSWORD_MAX_LENGTH = 128;

// Passwords seen most often in breaches that are long enough to pass the length rule.
const COMMON_PASSWORDS = new Set([
  "1234567890",
  "0123456789",
  "0987654321",
  "9876543210",
  "12345678910",
  "1234567891",
  "1234512345",
  "1122334455",
  "1q2w3e4r5t",
  "1q2w3e4r5t6y",
  "q1w2e3r4t5",
  "q1w2e3r4t5y6",
  "1qaz2wsx3edc",
  "1qazxsw23edc",
  "zaq12wsxcde3",
  "qazwsxedc123",
  "qweasdzxc123",
  "123qweasdzxc",
  "qwertyuiop",
  "qwertyuiop1",
  "qwerty1234",
  "qwerty12345",
  "qwerty123456",
  "asdfghjkl1",
  "asdfghjkl;",
  "asdfasdfasdf",
  "zxcvbnm123",
  "zxcvbnm1234",
  "abcdefghij",
  "abc1234567",
  "abcd123456",
  "a123456789",
  "123456789a",
  "123abc123abc",
  "administrator",
  "motherfucker",
  "basketball",
  "basketball1",
  "skateboard",
  "snowboarding",
  "manchester",
  "liverpool1",
  "letmeinplease",
  "iloveyou12",
  "iloveyou123",
  "trustno1234",
  "passwordpassword",
]);

// Words that, decorated with digits or symbols ("Password2024!", "P@ssw0rd!!"), make a guessable password.
const GUESSABLE_WORDS = new Set([
  "password",
  "passwort",
  "passw",
  "pass",
  "qwerty",
  "qwertz",
  "azerty",
  "asdf",
  "asdfgh",
  "asdfghjkl",
  "zxcvbnm",
  "qazwsx",
  "letmein",
  "welcome",
  "iloveyou",
  "admin",
  "login",
  "monkey",
  "dragon",
  "master",
  "shadow",
  "sunshine",
  "princess",
  "football",
  "baseball",
  "soccer",
  "hockey",
  "superman",
  "batman",
  "starwars",
  "pokemon",
  "trustno",
  "secret",
  "hello",
  "freedom",
  "whatever",
  "changeme",
  "default",
  "summer",
  "winter",
  "spring",
  "autumn",
  "michael",
  "jennifer",
  "charlie",
  "jordan",
  "pool",
  "spa",
  "poolspa",
  "poolandspa",
  "bluelagoon",
  "abc",
  "abcdef",
]);

const LEET: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
  "!": "i",
};

function isRepetitionOrSequence(password: string): boolean {
  if (new Set(password).size <= 2) return true;
  const codes = [...password].map((c) => c.codePointAt(0) ?? 0);
  const steps = new Set(codes.slice(1).map((code, i) => code - codes[i]));
  return steps.size === 1 && Math.abs([...steps][0]) === 1;
}

/** Why a password is refused, or null when it is acceptable. `email` keeps the account's own name out of it. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  const lower = password.toLowerCase();
  const common = "This password is too common or easy to guess. Try a phrase of a few unrelated words.";
  if (COMMON_PASSWORDS.has(lower) || isRepetitionOrSequence(lower)) return common;
  const core = lower
    .replace(/^[^a-z@$]+|[^a-z]+$/g, "")
    .replace(/[013457@$!]/g, (c) => LEET[c] ?? c)
    .replace(/[^a-z]/g, "");
  if (core === "" || GUESSABLE_WORDS.has(core)) return common;
  for (const word of GUESSABLE_WORDS) {
    if (word.length >= 4 && core === word.repeat(Math.max(1, Math.round(core.length / word.length)))) return common;
  }
  const local = email?.toLowerCase().split("@")[0] ?? "";
  if (email && (lower.includes(email.toLowerCase()) || (local.length >= 4 && lower.includes(local)))) {
    return "Your password must not contain your e-mail address.";
  }
  return null;
}

export const emailSchema = z
  .string({ error: "Enter your e-mail address" })
  .trim()
  .min(1, { error: "Enter your e-mail address" })
  .max(254, { error: "This e-mail address is too long" })
  .pipe(z.email({ error: "Enter a valid e-mail address" }))
  .transform((value) => value.toLowerCase());

const passwordText = z
  .string({ error: "Enter a password" })
  .min(1, { error: "Enter a password" })
  .max(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters.` });

const nameText = (label: string) =>
  z
    .string({ error: `Enter your ${label}` })
    .trim()
    .min(1, { error: `Enter your ${label}` })
    .max(100, { error: `Your ${label} must be at most 100 characters` });

/** The bot-check answer that accompanies every credential write. */
export const botTokenSchema = z
  .string({ error: "The bot check is missing. Make sure JavaScript is enabled in your browser." })
  .max(20_000, { error: "The bot check answer is too long." })
  .optional();

export const registerSchema = z
  .object({
    email: emailSchema,
    password: passwordText,
    firstName: nameText("first name"),
    lastName: nameText("last name"),
    token: botTokenSchema,
  })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value.password, value.email);
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  });

export const signInSchema = z.object({
  email: emailSchema,
  // No policy here: an old password that predates a rule must still open its account.
  password: passwordText,
  token: botTokenSchema,
});

export const emailRequestSchema = z.object({ email: emailSchema, token: botTokenSchema });

const linkToken = z
  .string({ error: "This link is incomplete. Open it again from the e-mail." })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "This link is incomplete. Open it again from the e-mail." });

export const verifyEmailSchema = z.object({ verificationToken: linkToken });

export const resetPasswordSchema = z.object({
  resetToken: linkToken,
  password: passwordText,
  token: botTokenSchema,
});

export const changePasswordSchema = z.object({
  currentPassword: passwordText,
  newPassword: passwordText,
});

/** A path on this site to return to after sign-in; anything else (other hosts, `//x`, `/\x`) is dropped. */
export function safeRedirectPath(value: string | null | undefined, fallback = "/myaccount.asp"): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // Control characters (a tab or newline inside "/\t/evil.example") can turn a path into another host.
  if ([...value].some((c) => c.charCodeAt(0) < 32)) return fallback;
  return value;
}
