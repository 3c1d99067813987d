import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { useFastPasswordHashingForTests } from "../account/password-hashing.ts";
import { createStaffMember, updateStaffMember } from "./staff-accounts.ts";
import { createStaffSession, findStaffSession, STAFF_IDLE_MS } from "./staff-sessions.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  useFastPasswordHashingForTests();
  handle = await openDatabase({ memory: true });
  await migrateDatabase(handle);
}, 120_000);
afterAll(() => handle?.close());

describe("staff sessions", () => {
  test("found until 12 idle hours pass; each use (a minute apart or more) starts the 12 hours again", async () => {
    const db = handle.db;
    const member = await createStaffMember(db, { email: "idle@example.com", name: "Idle", role: "support" }, null);
    const start = new Date("2026-11-25T08:00:00Z");
    const { token, expiresAt } = await createStaffSession(db, { staffId: member.id, stage: "active", now: start });
    expect(expiresAt.getTime() - start.getTime()).toBe(STAFF_IDLE_MS);
    const later = new Date(start.getTime() + STAFF_IDLE_MS - 1000);
    const used = await findStaffSession(db, token, later);
    expect(used?.refreshed).toBe(true);
    expect(used?.staff).toMatchObject({ email: "idle@example.com", role: "support" });
    expect(await findStaffSession(db, token, new Date(later.getTime() + STAFF_IDLE_MS - 1000))).toBeDefined();
    expect(await findStaffSession(db, token, new Date(later.getTime() + 2 * STAFF_IDLE_MS + 1000))).toBeUndefined();
  });

  test("a malformed or unknown token finds nothing; a disabled member's session is gone", async () => {
    const db = handle.db;
    const now = new Date();
    expect(await findStaffSession(db, "short", now)).toBeUndefined();
    expect(await findStaffSession(db, "A".repeat(43), now)).toBeUndefined();
    const owner = await createStaffMember(db, { email: "o@example.com", name: "O", role: "owner" }, null);
    const member = await createStaffMember(db, { email: "d@example.com", name: "D", role: "manager" }, null);
    const { token } = await createStaffSession(db, { staffId: member.id, stage: "active", now });
    expect(await findStaffSession(db, token, now)).toBeDefined();
    await updateStaffMember(db, member.id, { disabled: true }, { staffId: owner.id });
    expect(await findStaffSession(db, token, now)).toBeUndefined();
  });
});
