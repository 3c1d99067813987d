// `npm run staff:create -- --email E --password P --role owner [--name N]`: creates a staff account on
// the store's database (PostgreSQL when DATABASE_URL is set, else the embedded one in DATA_DIR; stop the
// store first there, PGlite allows one process). The way to make a new store's first owner.
import { parseArgs } from "node:util";
import { openMigratedDatabaseFromEnv } from "../db/open-from-env.ts";
import { ServiceError } from "../services/errors.ts";
import { createStaffMember } from "../services/staff/staff-accounts.ts";
import { emailSchema, passwordProblem } from "../shared/account-forms.ts";
import { isStaffRole, STAFF_ROLES } from "../shared/admin/permissions.ts";

const USAGE = `Usage: npm run staff:create -- --email E --password P --role ${STAFF_ROLES.join("|")} [--name "Full Name"]`;

function fail(message: string): never {
  console.error(message);
  console.error(USAGE);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    role: { type: "string" },
    name: { type: "string" },
  },
  strict: true,
});

const email = emailSchema.safeParse(values.email ?? "");
if (!email.success) fail(`--email: ${email.error.issues[0]?.message ?? "a valid e-mail address is needed"}`);
if (!values.password) fail("--password: a password is needed");
const problem = passwordProblem(values.password, email.data);
if (problem) fail(`--password: ${problem}`);
if (!isStaffRole(values.role)) fail(`--role: one of ${STAFF_ROLES.join(", ")}`);
const name = values.name?.trim() || email.data.split("@")[0];

const handle = await openMigratedDatabaseFromEnv();
try {
  const member = await createStaffMember(
    handle.db,
    { email: email.data, password: values.password, role: values.role, name },
    null,
  );
  console.log(`Created ${member.role} ${member.email} (id ${member.id}). Sign in at /admin/login.`);
} catch (error) {
  if (error instanceof ServiceError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await handle.close();
}
