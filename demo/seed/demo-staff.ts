// The demo store's owner account, so the back office can be tried at once (README: "The back office").
// Only the demo seeder writes it: a real store starts without staff and makes its first owner with
// `npm run staff:create`.
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { staffMembers } from "../../db/schema/staff.ts";
import { createStaffMember } from "../../services/staff/staff-accounts.ts";

export const DEMO_OWNER = {
  email: "owner@demo.poolparts.test",
  password: "skimmer-basket-demo-26",
  name: "Demo Owner",
} as const;

/** Creates the demo owner unless an account with its address exists. */
export async function seedDemoStaff(db: Database): Promise<void> {
  const [existing] = await db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(eq(staffMembers.email, DEMO_OWNER.email));
  if (existing) return;
  await createStaffMember(db, { ...DEMO_OWNER, role: "owner" }, null);
}
