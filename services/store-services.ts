import { join } from "node:path";
import type { Database, DatabaseHandle } from "../db/client.ts";
import type { BotCheck } from "./bot-check/bot-check.ts";
import { createBotCheck } from "./bot-check/create-bot-check.ts";
import { forgetProductCards } from "./catalog/product-cards.ts";
import { createLocalChangeFeed, type StoreChangeFeed } from "./changes/store-changes.ts";
import type { ServerConfig } from "./config.ts";
import { createMailDelivery, type MailDelivery } from "./email/mailer.ts";
import { createJobQueue, type JobQueue } from "./jobs/job-queue.ts";
import { registerStoreJobs } from "./jobs/store-jobs.ts";
import { createLogger, type Logger } from "./logger.ts";
import { observeDatabase } from "./metrics/database-metrics.ts";
import { registerPaymentSettlementJob } from "./orders/payment-settlement.ts";
import { createPaymentGateway } from "./payments/gateway-from-config.ts";
import type { PaymentGateway } from "./payments/payment-gateway.ts";
import { clearAllTtlCaches } from "./ttl-cache.ts";

/** The time as the store sees it; one place to stand in a fixed time in a test. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** How long after a change notice the read replica's caches are emptied a second time (replication lag). */
export const REPLICA_CATCH_UP_MS = 2_000;

/**
 * Everything a request handler or a page loader may call, built once per process here and nowhere
 * else. The REST routes receive it when they are registered; page loaders read it from the load
 * context. So pages and the API share one database pool, one payment gateway (and its open
 * authorizations), one bot check and one mailer.
 */
export interface StoreServices {
  config: ServerConfig;
  database: DatabaseHandle;
  logger: Logger;
  mailer: MailDelivery;
  clock: Clock;
  paymentGateway: PaymentGateway;
  botCheck: BotCheck;
  /** Announces store changes (catalog, stock, content, settings) to every cache that must drop a copy. */
  changes: StoreChangeFeed;
  /**
   * Background jobs (services/jobs/job-queue.ts): `register(name, handler)`, `enqueue(name, payload)`.
   * Started by server/main.ts; each job runs once across all instances, retried with backoff.
   */
  jobs: JobQueue;
}

export interface StoreServicesInput {
  config: ServerConfig;
  database: DatabaseHandle;
  /** Defaults to a pino logger at LOG_LEVEL with the store's redaction rules. */
  logger?: Logger;
  /** Defaults to SMTP_URL, or `.eml` files in DATA_DIR/outbox. */
  mailer?: MailDelivery;
  clock?: Clock;
  /** Defaults to the processor the configuration names: Stripe with its keys, otherwise the built-in test gateway. */
  paymentGateway?: PaymentGateway;
  /** Defaults to reCAPTCHA when its site key and secret are configured, ALTCHA otherwise. */
  botCheck?: BotCheck;
  /** Defaults to a feed local to this process. */
  changes?: StoreChangeFeed;
  /** Defaults to the pg-boss queue on the store's database (not started). */
  jobs?: JobQueue;
}

export function createStoreServices(input: StoreServicesInput): StoreServices {
  const { config, database } = input;
  const logger = input.logger ?? createLogger(config.env.LOG_LEVEL);
  const mailer =
    input.mailer ??
    createMailDelivery({
      db: database.db,
      from: `${config.store.storeName} <${config.store.storeEmail}>`,
      smtpUrl: config.env.SMTP_URL,
      outboxDir: join(config.dataDir, "outbox"),
      onError: (error, id) => logger.error({ err: error, outboxId: id }, "a mail could not be sent"),
    });
  const botCheck =
    input.botCheck ??
    createBotCheck({
      db: database.db,
      recaptchaSiteKey: config.store.recaptchaSiteKey,
      recaptchaSecret: config.env.RECAPTCHA_SECRET,
      serverSecret: config.sessionSecret,
    });
  const changes = input.changes ?? createLocalChangeFeed();
  // Shared data cached for a minute (category trees, price ranges, synonyms, search summaries) is
  // dropped on any change, so a shopper sees an edit at once rather than after the cache expires.
  // The product cards kept per process forget only what the change touches.
  changes.subscribe((change) => {
    const forget = (db: Database) => {
      clearAllTtlCaches(db);
      forgetProductCards(db, change);
    };
    forget(database.db);
    // Caches filled from the read replica are keyed by its handle. The replica may apply the change a
    // moment after the notice arrives, and a page read in between would keep the old value for a minute:
    // its caches are emptied again once it has had time to catch up.
    if (database.readDb !== database.db) {
      const readDb = database.readDb;
      forget(readDb);
      setTimeout(() => forget(readDb), REPLICA_CATCH_UP_MS).unref();
    }
  });
  const jobs = input.jobs ?? createJobQueue({ database, logger });
  observeDatabase(database, "primary");
  registerStoreJobs(jobs, { db: database.db, mailer, changes });
  const paymentGateway = input.paymentGateway ?? createPaymentGateway(config.payments);
  // Payments authorised for orders that were never written are refunded or released (every 5 minutes).
  registerPaymentSettlementJob(jobs, { db: database.db, gateway: paymentGateway, logger });
  return {
    config,
    database,
    logger,
    mailer,
    clock: input.clock ?? systemClock,
    paymentGateway,
    botCheck,
    changes,
    jobs,
  };
}
