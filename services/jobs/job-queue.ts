// Background jobs on a queue in the database (pg-boss): on a PostgreSQL server its own small pool, on
// the embedded database the one PGlite connection (pg-boss's `pglite` backend), so every store has the
// same queue. A job is claimed by exactly one worker across all instances (SELECT ... FOR UPDATE SKIP
// LOCKED), retried with exponential backoff up to its retry limit, and every failed run is logged and
// counted (store_job_failures_total). Cron schedules fire once per slot across all instances.
//
// Use:
//   services.jobs.register("catalog.export", async (payload, job) => { ... }, { retryLimit: 3 });
//   await services.jobs.enqueue("catalog.export", { staffId: 4 });
// Register before `start()` (server/main.ts starts the queue once every module has registered); a job
// enqueued before then waits in the table until a worker runs.

import { fromPglite, PgBoss } from "pg-boss";
import type { DatabaseHandle } from "../../db/client.ts";
import type { Logger } from "../logger.ts";
import { jobDuration, jobFailures, jobsCompleted } from "../metrics/metrics.ts";

export interface JobContext {
  id: string;
  name: string;
  /** 0 on the first run, then 1, 2, ... on each retry. */
  retryCount: number;
  /** Aborted when the job's time runs out or the worker stops. */
  signal: AbortSignal;
}

export type JobHandler<P> = (payload: P, job: JobContext) => Promise<void>;

export interface JobOptions {
  /** Retries after the first failed run (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled on each further one, with jitter (default 10). */
  retryDelaySeconds?: number;
  /** Longest wait between retries (default 10 minutes). */
  retryDelayMaxSeconds?: number;
  /** A run taking longer is failed and retried (default 15 minutes). */
  expireInSeconds?: number;
  /** `exclusive`: at most one job per singletonKey queued or running (default `standard`). */
  policy?: "standard" | "exclusive" | "singleton";
  /** How often an idle worker looks for work, in seconds (default 2; at least 0.5). */
  pollingIntervalSeconds?: number;
  /** Jobs fetched at once by one worker (default 10; each succeeds or fails on its own). */
  batchSize?: number;
}

export interface EnqueueOptions {
  /** With an `exclusive` job: a second job with this key is not added while one is queued or running. */
  singletonKey?: string;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

export interface JobQueue {
  /** Adds a job's handler; call before `start()`. */
  register<P extends object>(name: string, handler: JobHandler<P>, options?: JobOptions): void;
  /** Runs a registered job on a cron schedule (UTC), once per slot across all instances. */
  schedule(name: string, cron: string, payload?: object): void;
  /** Adds a job; returns its id, or null when an exclusive job with that key is already waiting. */
  enqueue<P extends object>(name: string, payload: P, options?: EnqueueOptions): Promise<string | null>;
  /** Starts the workers and schedules (creates the queue's tables on first use). */
  start(): Promise<void>;
  /** Stops taking jobs and waits up to `timeoutMs` for the running ones. */
  stop(timeoutMs?: number): Promise<void>;
  /** Jobs of a name by state (tests and the health of the queue). */
  counts(name: string): Promise<{ queued: number; active: number; failed: number; completed: number }>;
  readonly started: boolean;
}

interface Registered {
  handler: JobHandler<object>;
  options: JobOptions;
}

export function createJobQueue(options: { database: DatabaseHandle; logger: Logger }): JobQueue {
  const { database, logger } = options;
  const handlers = new Map<string, Registered>();
  const schedules: Array<{ name: string; cron: string; payload?: object }> = [];
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;
  let stopped = false;

  const makeBoss = (): PgBoss => {
    if (database.kind === "pglite") {
      if (!database.pglite) throw new Error("the embedded database handle has no PGlite connection");
      return new PgBoss({
        db: fromPglite(database.pglite),
        backend: "pglite",
        schedule: true,
        // One process: its own supervision is all there is.
        superviseIntervalSeconds: 60,
      });
    }
    if (!database.url) throw new Error("the PostgreSQL database handle has no URL for the job queue");
    return new PgBoss({
      connectionString: database.url,
      application_name: "store-jobs",
      max: 3,
      connectionTimeoutMillis: 3_000,
      schedule: true,
    });
  };

  const createQueue = async (instance: PgBoss, name: string, jobOptions: JobOptions) => {
    const queueOptions = {
      policy: jobOptions.policy ?? "standard",
      retryLimit: jobOptions.retryLimit ?? 5,
      retryDelay: jobOptions.retryDelaySeconds ?? 10,
      retryDelayMax: jobOptions.retryDelayMaxSeconds ?? 600,
      retryBackoff: true,
      expireInSeconds: jobOptions.expireInSeconds ?? 900,
    };
    const existing = await instance.getQueue(name);
    const { policy: _policy, ...changeable } = queueOptions;
    if (existing) await instance.updateQueue(name, changeable);
    else await instance.createQueue(name, queueOptions);
  };

  const startWorker = async (instance: PgBoss, name: string, registered: Registered) => {
    await createQueue(instance, name, registered.options);
    // Up to ten jobs per fetch, each settled on its own (one failing does not fail the others); while
    // fetches come back full the worker fetches again at once instead of waiting for the next poll.
    await instance.work<object>(
      name,
      {
        batchSize: registered.options.batchSize ?? 10,
        perJobResults: true,
        burstWhenBatchFull: true,
        pollingIntervalSeconds: registered.options.pollingIntervalSeconds ?? 2,
      },
      async (jobs) => {
        const results: Array<{ id: string; status: "completed" | "failed"; output?: object }> = [];
        for (const job of jobs) {
          const stopTimer = jobDuration.startTimer({ job: name });
          try {
            await registered.handler(job.data ?? {}, {
              id: job.id,
              name,
              retryCount: job.retryCount,
              signal: job.signal,
            });
            jobsCompleted.inc({ job: name });
            results.push({ id: job.id, status: "completed" });
          } catch (error) {
            jobFailures.inc({ job: name });
            logger.error(
              { err: error, job: name, jobId: job.id, retryCount: job.retryCount },
              `background job ${name} failed (it is retried with backoff until its retry limit)`,
            );
            results.push({
              id: job.id,
              status: "failed",
              output: { message: String((error as Error)?.message ?? error) },
            });
          } finally {
            stopTimer();
          }
        }
        return results;
      },
    );
  };

  const start = (): Promise<PgBoss> => {
    starting ??= (async () => {
      const instance = makeBoss();
      instance.on("error", (error: unknown) => logger.error({ err: error }, "the job queue reported an error"));
      await instance.start();
      for (const [name, registered] of handlers) await startWorker(instance, name, registered);
      for (const { name, cron, payload } of schedules)
        await instance.schedule(name, cron, payload ?? null, { tz: "UTC" });
      boss = instance;
      return instance;
    })();
    return starting;
  };

  return {
    get started() {
      return boss !== undefined;
    },
    register(name, handler, jobOptions = {}) {
      if (handlers.has(name)) throw new Error(`the job ${name} is registered twice`);
      handlers.set(name, { handler: handler as JobHandler<object>, options: jobOptions });
      if (boss) {
        const instance = boss;
        void startWorker(instance, name, handlers.get(name) as Registered).catch((error: unknown) =>
          logger.error({ err: error, job: name }, "a job's worker could not start"),
        );
      }
    },
    schedule(name, cron, payload) {
      schedules.push({ name, cron, payload });
      if (boss) void boss.schedule(name, cron, payload ?? null, { tz: "UTC" });
    },
    async enqueue(name, payload, enqueueOptions = {}) {
      if (stopped) throw new Error("the job queue is stopped");
      const instance = boss ?? (await start());
      if (!handlers.has(name) && !(await instance.getQueue(name))) {
        // A job nobody registered yet in this process (another instance may run it): its queue must exist.
        await createQueue(instance, name, {});
      }
      return instance.send(name, payload, {
        singletonKey: enqueueOptions.singletonKey,
        startAfter: enqueueOptions.startAfterSeconds,
      });
    },
    async start() {
      await start();
    },
    async stop(timeoutMs = 5_000) {
      stopped = true;
      if (!starting) return;
      const instance = await starting.catch(() => undefined);
      // On the embedded database the connection belongs to the store: pg-boss must not close it.
      await instance?.stop({ graceful: true, timeout: timeoutMs, close: database.kind !== "pglite" });
      boss = undefined;
    },
    async counts(name) {
      const instance = boss ?? (await start());
      const rows = await instance
        .getDb()
        .executeSql(`select state, count(*)::int as n from pgboss.job where name = $1 group by state`, [name]);
      const by = Object.fromEntries(rows.rows.map((row: { state: string; n: number }) => [row.state, row.n]));
      return {
        queued: (by.created ?? 0) + (by.retry ?? 0),
        active: by.active ?? 0,
        failed: by.failed ?? 0,
        completed: by.completed ?? 0,
      };
    },
  };
}
