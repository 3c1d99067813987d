// Passwords are hashed with scrypt (node:crypto, memory-hard). The stored string carries its own
// parameters, so raising the cost later only needs a rehash at the next successful sign-in.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/** OWASP's scrypt setting of equal strength to N=2^17,r=8,p=1, with a 32 MiB peak per hash. */
export const PASSWORD_HASH_PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
let CURRENT: { N: number; r: number; p: number } = PASSWORD_HASH_PARAMS;

/**
 * For test suites that sign up hundreds of accounts: same format and checks, a fraction of the work.
 * Never called by the server.
 */
export function useFastPasswordHashingForTests(): void {
  CURRENT = { N: 2 ** 10, r: 8, p: 1 };
}
/** Back to the real cost (test files share one module instance when the runner does not isolate them). */
export function useStandardPasswordHashing(): void {
  CURRENT = PASSWORD_HASH_PARAMS;
}
const KEY_LENGTH = 32;
const PREFIX = "scrypt";

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, CURRENT);
  const { N, r, p } = CURRENT;
  return `${PREFIX}$${N},${r},${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

function parse(stored: string) {
  const [prefix, params, salt, key] = stored.split("$");
  if (prefix !== PREFIX || !params || !salt || !key) return null;
  const [N, r, p] = params.split(",").map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20) return null;
  return { N, r, p, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < CURRENT.N || parsed.r < CURRENT.r || parsed.p < CURRENT.p;
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real check when there is no account to check against, so the answer time does not
 * tell whether an address has an account.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash);
  return false;
}
