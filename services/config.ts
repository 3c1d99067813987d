import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { type StoreConfig, storeConfigSchema } from "../shared/store-config.ts";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** A read replica of DATABASE_URL: catalog and search reads go there (writes and transactions never). */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().default("./data"),
  /** Bearer token that /metrics asks for (with METRICS_PORT unset). */
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** A separate port (for the metrics scraper only) that serves /metrics without a token. */
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** On SIGTERM, how long readiness answers 503 before the listener closes (the proxy drains the instance). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(30_000).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SESSION_SECRET: z
    .string()
    .min(32, "must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STORE_CONFIG: z.string().default("./config/store.json"),
  /**
   * Whether `npm start` writes the demo store into an empty database. Unset: only on the embedded
   * database (the quick start); a PostgreSQL server starts empty unless DEMO=1. DEMO=0: never.
   */
  DEMO: z
    .enum(["0", "1"], { error: "must be 1 (seed the demo store into an empty database) or 0" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** How many demo products the demo store has (when it is seeded at all, see DEMO). */
  SEED_PRODUCTS: z.coerce.number().int().min(0).default(3000),
  /** Megabytes of compressed shopper pages kept in memory (services/page-cache); 0 turns the page cache off. Default 64. */
  PAGE_CACHE_MB: z.coerce
    .number()
    .min(0)
    .max(16_384)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Seconds a cached page is served before it is rendered again (and the s-maxage a CDN is told). Default 300. */
  PAGE_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** An address the store POSTs the purged page tags to (`{"tags":[...]}`), for a CDN or Varnish in front. */
  CACHE_PURGE_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** How many reverse proxies sit in front of the store; their X-Forwarded-For hops are trusted. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).optional(),
  RECAPTCHA_SECRET: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Bearer token for the store's operator endpoints (GET /api/visits/live); unset: they do not exist. */
  ADMIN_TOKEN: z
    .string()
    .min(24, "must be at least 24 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Card processor: `stripe`, or `test` (the built-in test gateway: no real payments). */
  PAYMENT_PROVIDER: z
    .enum(["stripe", "test"], { error: "must be stripe or test" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_\w+$/,
      "must be a Stripe secret key (sk_live_..., sk_test_... or a restricted rk_ key)",
    )
    .optional()
    .or(z.literal("").transform(() => undefined)),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, "must be a Stripe publishable key (pk_live_... or pk_test_...)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_...)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

export type Env = z.infer<typeof envSchema>;

export type PaymentsConfig =
  | { provider: "test" }
  | { provider: "stripe"; secretKey: string; publishableKey: string; webhookSecret: string };

export interface ServerConfig {
  env: Env;
  dataDir: string;
  publicUrl: string;
  sessionSecret: string;
  store: StoreConfig;
  /** The card processor; absent means the built-in test gateway. */
  payments?: PaymentsConfig;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

function formatIssues(prefix: string, error: z.ZodError): string {
  return error.issues.map((issue) => `${prefix}${issue.path.join(".")}: ${issue.message}`).join("\n");
}

export function loadStoreConfig(file: string): StoreConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ConfigError(`Cannot read the store configuration ${file}: ${(error as Error).message}`);
  }
  const parsed = storeConfigSchema.safeParse(raw);
  if (!parsed.success)
    throw new ConfigError(`Invalid store configuration in ${file}:\n${formatIssues("  ", parsed.error)}`);
  return parsed.data;
}

/** The session secret is generated once and kept in DATA_DIR so a restart keeps sessions valid. */
function sessionSecretFor(dataDir: string, given: string | undefined): string {
  if (given) return given;
  const file = join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Which card processor takes payments. Stripe needs all three keys. The built-in test gateway approves
 * any valid-looking card without moving money, so a store that is plainly live (production, served over
 * https) runs on it only when PAYMENT_PROVIDER=test says so: forgetting the variable must not open a
 * shop that takes orders it is never paid for.
 */
export function paymentsConfig(env: Env, publicUrl: string): PaymentsConfig {
  const stripeKeys = {
    STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
  };
  if (env.PAYMENT_PROVIDER === "stripe") {
    const missing = Object.entries(stripeKeys)
      .filter(([, value]) => !value)
      .map(([name]) => name);
    if (missing.length > 0) {
      throw new ConfigError(
        `PAYMENT_PROVIDER=stripe needs ${missing.join(", ")} (from the Stripe dashboard: Developers > API keys and Webhooks).`,
      );
    }
    return {
      provider: "stripe",
      secretKey: env.STRIPE_SECRET_KEY as string,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY as string,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET as string,
    };
  }
  if (env.PAYMENT_PROVIDER === undefined && env.NODE_ENV === "production" && publicUrl.startsWith("https://")) {
    throw new ConfigError(
      "PAYMENT_PROVIDER is not set. This store runs in production on an https:// PUBLIC_URL: set PAYMENT_PROVIDER=stripe " +
        "with STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take real payments, or " +
        "PAYMENT_PROVIDER=test to run on the test gateway (no real payments) on purpose.",
    );
  }
  return { provider: "test" };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) throw new ConfigError(`Invalid environment:\n${formatIssues("  ", parsed.error)}`);
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const payments = paymentsConfig(env, publicUrl);
  return {
    env,
    dataDir,
    publicUrl,
    payments,
    sessionSecret: sessionSecretFor(dataDir, env.SESSION_SECRET),
    store: loadStoreConfig(resolve(env.STORE_CONFIG)),
  };
}
