// `node tests/e2e/fresh-database.ts postgres://…/name`: drops the named database on its PostgreSQL
// server, when it is there, and creates it empty. The end-to-end store then migrates and seeds it, as
// it does its embedded database on a fresh DATA_DIR.
import pg from "pg";

const target = process.argv[2];
if (!target) {
  console.error("Usage: node tests/e2e/fresh-database.ts postgres://user@host:port/database");
  process.exit(2);
}
const url = new URL(target);
const name = decodeURIComponent(url.pathname.slice(1));
if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
  console.error(`"${name}" is not a database name this script will drop: lower-case letters, digits and _ only.`);
  process.exit(2);
}
url.pathname = "/postgres";
const admin = new pg.Client({ connectionString: url.toString() });
await admin.connect();
try {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
} finally {
  await admin.end();
}
