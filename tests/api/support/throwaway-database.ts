// A PostgreSQL database of a test's own on a running server: created empty (or as a copy of a template)
// under a random name, and dropped, with whatever connections are still open to it, when the test is done.
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface ThrowawayDatabase {
  name: string;
  /** The database's URL: the server's, with this database's name. */
  url: string;
  /** Drops the database; its remaining connections are closed first. Safe to call twice. */
  drop(): Promise<void>;
}

/** Runs one statement on the server as the URL's user, on a connection of its own. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Creates `<prefix>_<random hex>` on the server that `serverUrl` (a URL of any database there, such as
 * .../postgres) points to, as a copy of `template` when one is named.
 */
export async function createThrowawayDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await onServer(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
