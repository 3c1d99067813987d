// The job queue on the embedded database (pg-boss's PGlite backend) and, when one answers on
// 127.0.0.1:5432, on a PostgreSQL server with two queues standing for two store instances.
import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { createLogger } from "../logger.ts";
import { jobFailures, registry } from "../metrics/metrics.ts";
import { createJobQueue, type JobQueue } from "./job-queue.ts";

const logger = createLogger("silent");

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.setTimeout(1000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => resolve(false));
  });
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function failuresOf(job: string): Promise<number> {
  const metric = await jobFailures.get();
  return metric.values.find((value) => value.labels.job === job)?.value ?? 0;
}

describe("job queue on the embedded database", () => {
  let database: DatabaseHandle;
  let jobs: JobQueue;
  const runs: Array<{ n: number; retryCount: number }> = [];
  const exclusive: string[] = [];

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    await migrateDatabase(database);
    jobs = createJobQueue({ database, logger });
    jobs.register<{ n: number }>(
      "test.flaky",
      async ({ n }, job) => {
        runs.push({ n, retryCount: job.retryCount });
        if (job.retryCount < 2) throw new Error("not yet");
      },
      { retryLimit: 3, retryDelaySeconds: 1, retryDelayMaxSeconds: 1, pollingIntervalSeconds: 0.5 },
    );
    jobs.register<{ key: string }>(
      "test.exclusive",
      async ({ key }) => {
        exclusive.push(key);
        await new Promise((resolve) => setTimeout(resolve, 300));
      },
      { policy: "exclusive", pollingIntervalSeconds: 0.5 },
    );
    await jobs.start();
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop();
    await database?.close();
  });

  test("a failing job is retried with backoff, each failure counted, until it succeeds", async () => {
    const before = await failuresOf("test.flaky");
    await jobs.enqueue("test.flaky", { n: 1 });
    await until(async () => (await jobs.counts("test.flaky")).completed === 1, 30_000);
    expect(runs.map((run) => run.retryCount)).toEqual([0, 1, 2]);
    expect((await failuresOf("test.flaky")) - before).toBe(2);
    expect(await registry.metrics()).toContain('store_job_failures_total{job="test.flaky"}');
  }, 40_000);

  test("an exclusive job with a key is added once while one is waiting", async () => {
    const first = await jobs.enqueue("test.exclusive", { key: "a" }, { singletonKey: "a" });
    const second = await jobs.enqueue("test.exclusive", { key: "a" }, { singletonKey: "a" });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await until(async () => (await jobs.counts("test.exclusive")).completed === 1, 15_000);
    expect(exclusive).toEqual(["a"]);
  }, 20_000);
});

const postgresUp = await answers(5432);

describe.skipIf(!postgresUp)("job queue on PostgreSQL, two instances", () => {
  const server = "postgres://postgres@127.0.0.1:5432";
  const name = `store_jobs_${randomBytes(5).toString("hex")}`;
  const handles: DatabaseHandle[] = [];
  const queues: JobQueue[] = [];
  const ranBy = new Map<number, string[]>();

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: `${server}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    for (const instance of ["a", "b"]) {
      const database = await openDatabase({ url: `${server}/${name}`, poolSize: 2 });
      if (instance === "a") await migrateDatabase(database);
      const jobs = createJobQueue({ database, logger });
      jobs.register<{ n: number }>(
        "test.once",
        async ({ n }) => {
          ranBy.set(n, [...(ranBy.get(n) ?? []), instance]);
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
        { pollingIntervalSeconds: 0.5 },
      );
      handles.push(database);
      queues.push(jobs);
    }
    await Promise.all(queues.map((jobs) => jobs.start()));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(queues.map((jobs) => jobs.stop()));
    await Promise.all(handles.map((database) => database.close()));
    const admin = new pg.Client({ connectionString: `${server}/postgres` });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  test("forty jobs enqueued from both instances each run exactly once", async () => {
    for (let n = 0; n < 40; n++) await queues[n % 2].enqueue("test.once", { n });
    await until(() => ranBy.size === 40, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect([...ranBy.values()].every((instances) => instances.length === 1)).toBe(true);
    expect((await queues[0].counts("test.once")).completed).toBe(40);
  }, 40_000);
});
