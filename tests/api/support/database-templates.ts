import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { type DatabaseHandle, openDatabase } from "../../../db/client.ts";
import { migrateDatabase } from "../../../db/migrate.ts";
import { seedDemoData } from "../../../demo/seed/seed.ts";
import { rebuildSearchIndex } from "../../../services/search/search-index.ts";

/**
 * The API tests' starting databases, made once per run instead of once per file: migrated and empty
 * (`0`), and migrated with the default demo catalog and its search data (`300`). A file's database is a
 * copy of one: a PostgreSQL `CREATE DATABASE … TEMPLATE`, or an embedded database loaded from a dump.
 */
export type DatabaseTemplates =
  | { kind: "pglite"; dumps: Record<TemplateSize, string> }
  | { kind: "postgres"; databases: Record<TemplateSize, string> };

export const TEMPLATE_SIZES = [0, 300] as const;
export type TemplateSize = (typeof TEMPLATE_SIZES)[number];

declare module "vitest" {
  export interface ProvidedContext {
    apiDatabaseTemplates: DatabaseTemplates;
  }
}

async function fill(database: DatabaseHandle, products: TemplateSize): Promise<void> {
  await migrateDatabase(database);
  if (products > 0) {
    await seedDemoData(database.db, { products });
    await rebuildSearchIndex(database.db);
  }
}

/** `serverUrl` names the PostgreSQL server's maintenance database (TEST_DATABASE_URL); absent: embedded. */
export async function createTemplates(serverUrl: string | undefined): Promise<{
  templates: DatabaseTemplates;
  remove: () => Promise<void>;
}> {
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), "store-test-templates-"));
    const dumps = {} as Record<TemplateSize, string>;
    for (const size of TEMPLATE_SIZES) {
      const database = await openDatabase({ memory: true });
      try {
        await fill(database, size);
        const dump = await database.pglite?.dumpDataDir("none");
        if (!dump) throw new Error("The embedded database gave no dump.");
        dumps[size] = join(dir, `store-${size}.tar`);
        writeFileSync(dumps[size], Buffer.from(await dump.arrayBuffer()));
      } finally {
        await database.close();
      }
    }
    return { templates: { kind: "pglite", dumps }, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }

  const prefix = `store_template_${randomBytes(4).toString("hex")}`;
  const databases = {} as Record<TemplateSize, string>;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const remove = async () => {
    for (const name of Object.values(databases)) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  try {
    for (const size of TEMPLATE_SIZES) {
      const name = `${prefix}_${size}`;
      await admin.query(`CREATE DATABASE ${name}`);
      databases[size] = name;
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      // The seeder's statements may run longer than a request's limit on a busy machine.
      const database = await openDatabase({ url: url.toString(), poolSize: 2, longStatements: true });
      try {
        await fill(database, size);
      } finally {
        // A template must have no open connection when a copy of it is made.
        await database.close();
      }
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { templates: { kind: "postgres", databases }, remove };
}

/** An embedded database's dump, read for a new in-memory database. */
export function readDump(path: string): Blob {
  return new Blob([readFileSync(path)]);
}

/** Vitest's global setup for the API project: the templates for every file, removed after the run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, remove } = await createTemplates(process.env.TEST_DATABASE_URL);
  project.provide("apiDatabaseTemplates", templates);
  return remove;
}
