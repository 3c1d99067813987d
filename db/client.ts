import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePg, NodePgSession } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgDialect, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as catalog from "./schema/catalog.ts";
import * as catalogImport from "./schema/catalog-import.ts";
import * as commerce from "./schema/commerce.ts";
import * as content from "./schema/content.ts";
import * as customers from "./schema/customers.ts";
import * as fulfilment from "./schema/fulfilment.ts";
import * as system from "./schema/system.ts";

export const schema = {
  ...catalog,
  ...catalogImport,
  ...content,
  ...customers,
  ...commerce,
  ...fulfilment,
  ...system,
};
export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** The server's URL (PostgreSQL only): for connections of their own (LISTEN, the job queue). */
  url?: string;
  /** The PostgreSQL pool (its counts are reported as metrics). */
  pool?: pg.Pool;
  /**
   * Where catalog and search reads go: the read replica's pool with DATABASE_READ_URL, otherwise `db`
   * itself. Never for writes, nor for a read that must see a write just made (use `db` inside the
   * transaction for those).
   */
  readDb: Database;
  readPool?: pg.Pool;
  /** Told how long each statement on `readDb` took, in seconds (the replica's, when there is one), and its SQL text. */
  observeReadQueries(listener: QueryObserver): void;
  /** The embedded database's one connection (the job queue runs on it). */
  pglite?: PGlite;
  /** Told how long each statement took, in seconds (the metrics' query latency), and its SQL text. */
  observeQueries(listener: QueryObserver): void;
  /** Runs raw SQL (several statements allowed); used by migrations and maintenance. */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
}

/** Told of each finished statement: how long it took in seconds, and its SQL text (tests tell statements apart by it). */
export type QueryObserver = (seconds: number, statement: string) => void;

/** The SQL text of a query() call's arguments: a string, or a config object with `text`. */
function statementOf(first: unknown): string {
  if (typeof first === "string") return first;
  if (first && typeof first === "object" && "text" in first) return String((first as { text: unknown }).text);
  return "";
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite database is used. */
  url?: string;
  /** A read replica of `url` (DATABASE_READ_URL) for catalog and search reads. */
  readUrl?: string;
  /** Where the embedded database lives (DATA_DIR). Ignored with a URL or `memory`. */
  dataDir?: string;
  /** An in-memory embedded database (tests). */
  memory?: boolean;
  /** An in-memory database's starting content: a dump of another (`dumpDataDir`), instead of an empty one. */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * No time limit on a statement (command-line tools: a seed or search rebuild of a million products
   * runs statements of minutes). The store's own requests keep the limits.
   */
  longStatements?: boolean;
}

/** Longest a statement may run on a PostgreSQL server before the server cancels it. */
export const STATEMENT_TIMEOUT_MS = 10_000;
/** Longest to wait for a new connection, or for a free one from the pool. */
export const CONNECT_TIMEOUT_MS = 3_000;
/** Longest to wait for a statement's answer when the connection itself went silent. */
export const QUERY_TIMEOUT_MS = 12_000;

export class DatabaseLockedError extends Error {
  override name = "DatabaseLockedError";
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite has no lock of its own: two processes opening one data directory corrupt it.
 * A lock file holding our PID keeps a second process out; a stale one (dead PID) is taken over.
 */
export function acquireDirectoryLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = join(dir, "store.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(lockFile, "utf8").trim() === String(process.pid)) rmSync(lockFile);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(readFileSync(lockFile, "utf8").trim(), 10);
      if (Number.isInteger(pid) && pid !== process.pid && processIsAlive(pid)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dir} is in use by another store process (PID ${pid}). ` +
            "Stop that process first, or give this one its own DATA_DIR (or a DATABASE_URL).",
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock the embedded database in ${dir}.`);
}

function createPool(url: string, max: number, readOnly: boolean, longStatements = false) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // The default (4.0) makes the planner prefer sequential scans over our GIN/trigram indexes.
    // statement_timeout: no query holds a connection (and the request waiting for it) for longer.
    options: `-c random_page_cost=1.1 -c jit=off -c work_mem=16MB -c statement_timeout=${longStatements ? 0 : STATEMENT_TIMEOUT_MS}${readOnly ? " -c default_transaction_read_only=on" : ""}`,
    // A database that does not answer fails the request within seconds instead of holding it: a new
    // connection gives up after CONNECT_TIMEOUT_MS (so does waiting for a free one), and a query whose
    // connection went silent gives up after QUERY_TIMEOUT_MS.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: longStatements ? undefined : QUERY_TIMEOUT_MS,
    keepAlive: true,
  });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const observers: QueryObserver[] = [];
  // Statement latency: a promise-returning query() is timed (the pool's own query() hands its client a
  // callback, so a statement is never counted twice).
  const timed =
    (query: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      const started = performance.now();
      const result = query(...args);
      if (observers.length > 0 && result instanceof Promise) {
        const done = () => {
          const seconds = (performance.now() - started) / 1000;
          const statement = statementOf(args[0]);
          for (const observer of observers) observer(seconds, statement);
        };
        result.then(done, done);
      }
      return result;
    };
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = timed(poolQuery);
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = timed(query);
    // A client in use (inside a transaction, between two statements) whose connection drops emits
    // 'error' with no listener of the pool's attached: that would end the process. Its next query
    // fails instead, and the pool discards it when it is released.
    client.on("error", () => {});
  });
  return { pool, observers };
}

/** Whether an error (or one it wraps) is the connection failing, not the database or the caller refusing. */
function isConnectionFailure(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const { message = "", code = "" } = current as { message?: string; code?: string };
    if (["ECONNRESET", "EPIPE", "ETIMEDOUT", "ECONNREFUSED", "ENOTCONN"].includes(code)) return true;
    if (/Connection terminated|Query read timeout|not queryable|timeout exceeded when trying to connect/i.test(message))
      return true;
  }
  return false;
}

/**
 * The ORM's transaction() on a pool checks out a connection and sends BEGIN before the block that gives
 * the connection back: a connection that drops between the two (a database going away under load) was
 * never returned, and the pool stayed one connection short for good (and could no longer be closed).
 * Here the connection is checked out and given back by us, whatever happens; one whose connection
 * failed (dropped, or a statement that never answered) is discarded instead of handed out again.
 */
function transactionsThatReturnTheirConnection(pool: pg.Pool): Database {
  const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
  // A session on the checked-out connection, sharing the database's dialect and table map (building a
  // whole new ORM instance per transaction would cost ~0.6 ms of CPU each).
  const { dialect, _: tables } = db as unknown as {
    dialect: PgDialect;
    _: { schema: unknown; fullSchema: unknown; tableNamesMap: unknown };
  };
  const relational = { schema: tables.schema, fullSchema: tables.fullSchema, tableNamesMap: tables.tableNamesMap };
  const transaction: Database["transaction"] = async (run, config) => {
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      // biome-ignore lint/suspicious/noExplicitAny: the session's schema parameter is the ORM's internal table map
      const session = new NodePgSession(client, dialect, relational as any);
      return (await session.transaction(run as never, config)) as never;
    } catch (error) {
      if (isConnectionFailure(error)) failure = error as Error;
      throw error;
    } finally {
      client.release(failure);
    }
  };
  db.transaction = transaction;
  return db;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const primary = createPool(options.url, options.poolSize ?? 10, false, options.longStatements);
    // A read replica (DATABASE_READ_URL): its sessions are read-only, so a write sent there by mistake
    // fails loudly instead of being lost on a replica (or silently landing on a primary named twice).
    const replica = options.readUrl ? createPool(options.readUrl, options.poolSize ?? 10, true) : undefined;
    const db = transactionsThatReturnTheirConnection(primary.pool);
    const readDb = replica ? transactionsThatReturnTheirConnection(replica.pool) : db;
    return {
      db,
      readDb,
      kind: "postgres",
      url: options.url,
      pool: primary.pool,
      readPool: replica?.pool,
      observeQueries: (listener) => {
        primary.observers.push(listener);
      },
      observeReadQueries: (listener) => {
        (replica ?? primary).observers.push(listener);
      },
      exec: async (sqlText) => {
        await primary.pool.query(sqlText);
      },
      close: async () => {
        await Promise.all([primary.pool.end(), replica?.pool.end()]);
      },
    };
  }

  let release: (() => void) | undefined;
  let dataDir: string | undefined;
  if (!options.memory) {
    if (!options.dataDir) throw new Error("openDatabase needs a url, a dataDir or memory: true");
    release = acquireDirectoryLock(options.dataDir);
    dataDir = join(options.dataDir, "pgdata");
  }
  try {
    const client = await PGlite.create({
      dataDir,
      extensions: { pg_trgm, unaccent },
      ...(options.memory && options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    await client.exec("SET random_page_cost = 1.1;");
    const observers: QueryObserver[] = [];
    const query = client.query.bind(client);
    client.query = (async (...args: Parameters<typeof query>) => {
      const started = performance.now();
      try {
        return await query(...args);
      } finally {
        const seconds = (performance.now() - started) / 1000;
        const statement = statementOf(args[0]);
        for (const observer of observers) observer(seconds, statement);
      }
    }) as typeof client.query;
    const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Database;
    return {
      db,
      kind: "pglite",
      pglite: client,
      readDb: db,
      observeQueries: (listener) => {
        observers.push(listener);
      },
      observeReadQueries: () => {},
      exec: async (sqlText) => {
        await client.exec(sqlText);
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          release?.();
        }
      },
    };
  } catch (error) {
    release?.();
    throw error;
  }
}
