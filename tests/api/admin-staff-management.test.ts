// Staff management and the audit log over HTTP, as an owner: invitations through the store's mailer,
// temporary passwords, roles, disabling, two-step resets, the owner's "two steps for everyone" rule,
// and the audit entries each change leaves.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { totpCode } from "../../services/staff/two-step.ts";
import { botToken, latestMail, linkToken } from "./support/account-helpers.ts";
import { CookieClient, createStaff, signInStaff, signInStaffAs, uniqueStaffEmail } from "./support/staff-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
let owner: Awaited<ReturnType<typeof signInStaff>>;
beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 0 });
  owner = await signInStaff(store, "owner");
});
afterAll(() => store?.close());

interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | null;
  staffId: number | null;
  staffEmail: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: string;
}

async function auditOf(entityId: number | string): Promise<AuditEntry[]> {
  const answer = await owner.get<{ entries: AuditEntry[] }>(`/api/admin/audit?entity=staff&entityId=${entityId}`);
  expect(answer.status).toBe(200);
  return answer.body.entries;
}

async function login(client: CookieClient, email: string, password: string) {
  return client.call<{ next: string; error?: string }>("POST", "/api/admin/auth/login", {
    email,
    password,
    token: await botToken(store, "login"),
  });
}

describe("staff management", () => {
  test("an invited member chooses their password from the e-mailed link, once", async () => {
    const email = uniqueStaffEmail("invited");
    const created = await owner.call<{ staff: { id: number; hasPassword: boolean }; message: string }>(
      "POST",
      "/api/admin/staff",
      { email, name: "Ivy Invited", role: "support", invite: true },
    );
    expect(created.status).toBe(200);
    expect(created.body.staff.hasPassword).toBe(false);
    expect(created.body.message).toMatch(/e-mailed/);

    const mail = await latestMail(store, email, "staff_invite");
    expect(mail.subject).toMatch(/invited/);
    expect(mail.textBody).toMatch(/\/admin\/set-password#token=/);
    const token = linkToken(mail.textBody);
    // No password yet: nothing signs in.
    expect((await login(new CookieClient(store), email, "anything-at-all-1")).status).toBe(401);

    const weak = await new CookieClient(store).call("POST", "/api/admin/auth/set-password", {
      token,
      password: "password1",
    });
    expect(weak.status).toBe(400);
    const set = await new CookieClient(store).call("POST", "/api/admin/auth/set-password", {
      token,
      password: "chlorinator-cell-9",
    });
    expect(set.status).toBe(200);
    const again = await new CookieClient(store).call<{ error: string }>("POST", "/api/admin/auth/set-password", {
      token,
      password: "chlorinator-cell-10",
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatch(/expired or was already used/);
    expect((await login(new CookieClient(store), email, "chlorinator-cell-9")).body.next).toBe("done");

    const actions = (await auditOf(created.body.staff.id)).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(["staff.create", "staff.invite", "staff.password-set", "staff.sign-in"]),
    );
  });

  test("a temporary password, a duplicate address, a role change that applies at once, and disabling", async () => {
    const email = uniqueStaffEmail("temp");
    const created = await owner.call<{ staff: { id: number } }>("POST", "/api/admin/staff", {
      email,
      name: "Tom Temporary",
      role: "manager",
      invite: false,
      password: "heat-pump-valve-31",
    });
    expect(created.status).toBe(200);
    const id = created.body.staff.id;
    const duplicate = await owner.call<{ error: string }>("POST", "/api/admin/staff", {
      email: email.toUpperCase(),
      name: "Again",
      role: "support",
      invite: false,
      password: "heat-pump-valve-31",
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toMatch(/already exists/);
    const noPassword = await owner.call("POST", "/api/admin/staff", {
      email: uniqueStaffEmail("x"),
      name: "X",
      role: "support",
      invite: false,
    });
    expect(noPassword.status).toBe(400);

    const member = new CookieClient(store);
    expect((await login(member, email, "heat-pump-valve-31")).body.next).toBe("done");
    const before = await member.get<{ permissions: string[] }>("/api/admin/me");
    expect(before.body.permissions).toContain("catalog:write");

    const demoted = await owner.call<{ staff: { role: string } }>("PATCH", `/api/admin/staff/${id}`, {
      role: "support",
    });
    expect(demoted.status).toBe(200);
    const after = await member.get<{ permissions: string[] }>("/api/admin/me");
    expect(after.body.permissions).not.toContain("catalog:write");

    const disabled = await owner.call<{ staff: { disabled: boolean } }>("PATCH", `/api/admin/staff/${id}`, {
      disabled: true,
    });
    expect(disabled.body.staff.disabled).toBe(true);
    expect((await member.get("/api/admin/me")).status).toBe(401);
    expect((await login(new CookieClient(store), email, "heat-pump-valve-31")).status).toBe(403);
    await owner.call("PATCH", `/api/admin/staff/${id}`, { disabled: false });
    expect((await login(new CookieClient(store), email, "heat-pump-valve-31")).status).toBe(200);

    const entries = await auditOf(id);
    const role = entries.find((entry) => entry.action === "staff.role");
    expect(role?.before).toMatchObject({ role: "manager" });
    expect(role?.after).toMatchObject({ role: "support" });
    expect(role?.staffId).toBe(owner.staff.id);
    expect(role?.staffEmail).toBe(owner.staff.email);
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(["staff.disable", "staff.enable"]));
    // Secrets never reach the log.
    expect(JSON.stringify(entries)).not.toMatch(/heat-pump-valve|scrypt\$/);
  });

  test("an owner cannot disable themselves; the last owner cannot be demoted", async () => {
    const self = await owner.call<{ error: string }>("PATCH", `/api/admin/staff/${owner.staff.id}`, { disabled: true });
    expect(self.status).toBe(409);
    // In a store whose only enabled owner is this one.
    const lone = await startTestStore({ products: 0 });
    try {
      const only = await signInStaff(lone, "owner");
      const demote = await only.call<{ error: string }>("PATCH", `/api/admin/staff/${only.staff.id}`, {
        role: "manager",
      });
      expect(demote.status).toBe(409);
      expect(demote.body.error).toMatch(/at least one enabled owner/);
    } finally {
      await lone.close();
    }
  });

  test("resetting a member's two-step sign-in turns it off and ends their sessions", async () => {
    const staff = await createStaff(store, "manager");
    const member = await signInStaffAs(store, staff, new CookieClient(store));
    const setup = await member.call<{ secret: string; uri: string; qrCode: string }>(
      "POST",
      "/api/admin/account/two-step/setup",
    );
    expect(setup.status).toBe(200);
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    const confirm = await member.call<{ recoveryCodes: string[] }>("POST", "/api/admin/account/two-step/confirm", {
      code: totpCode(setup.body.secret, new Date()),
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.recoveryCodes).toHaveLength(8);
    expect((await member.get<{ staff: { twoStepEnabled: boolean } }>("/api/admin/me")).body.staff.twoStepEnabled).toBe(
      true,
    );

    const reset = await owner.call("POST", `/api/admin/staff/${staff.id}/reset-two-step`);
    expect(reset.status).toBe(200);
    expect((await member.get("/api/admin/me")).status).toBe(401);
    expect((await login(new CookieClient(store), staff.email, staff.password)).body.next).toBe("done");
    expect((await auditOf(staff.id)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["staff.two-step-on", "staff.two-step-reset"]),
    );
  });

  test("a member turns their own two-step sign-in off with their password", async () => {
    const staff = await createStaff(store, "support");
    const member = await signInStaffAs(store, staff, new CookieClient(store));
    const setup = await member.call<{ secret: string }>("POST", "/api/admin/account/two-step/setup");
    await member.call("POST", "/api/admin/account/two-step/confirm", { code: totpCode(setup.body.secret, new Date()) });
    expect(
      (await member.call("POST", "/api/admin/account/two-step/disable", { password: "wrong-password-x" })).status,
    ).toBe(401);
    expect(
      (await member.call("POST", "/api/admin/account/two-step/disable", { password: staff.password })).status,
    ).toBe(200);
    expect((await member.get<{ staff: { twoStepEnabled: boolean } }>("/api/admin/me")).body.staff.twoStepEnabled).toBe(
      false,
    );
  });

  test("when the owner requires two steps, a member without them is sent to set them up first", async () => {
    const staff = await createStaff(store, "owner");
    expect((await owner.call("PUT", "/api/admin/staff-access", { requireTwoStep: true })).status).toBe(200);
    try {
      const member = new CookieClient(store);
      expect((await login(member, staff.email, staff.password)).body.next).toBe("enrol");
      const me = await member.get<{ stage: string }>("/api/admin/me");
      expect(me.status).toBe(200);
      expect(me.body.stage).toBe("enrol");
      // Nothing else opens before the setup.
      expect((await member.get("/api/admin/staff")).status).toBe(401);
      const setup = await member.call<{ secret: string }>("POST", "/api/admin/account/two-step/setup");
      const confirm = await member.call("POST", "/api/admin/account/two-step/confirm", {
        code: totpCode(setup.body.secret, new Date()),
      });
      expect(confirm.status).toBe(200);
      expect((await member.get("/api/admin/staff")).status).toBe(200);
      // Required: it cannot be turned off.
      const off = await member.call<{ error: string }>("POST", "/api/admin/account/two-step/disable", {
        password: staff.password,
      });
      expect(off.status).toBe(409);
    } finally {
      await owner.call("PUT", "/api/admin/staff-access", { requireTwoStep: false });
    }
    const settings = (await owner.get<{ entries: AuditEntry[] }>("/api/admin/audit?entity=settings")).body.entries;
    expect(settings[0]).toMatchObject({
      action: "staff-access.update",
      before: { requireTwoStep: true },
      after: { requireTwoStep: false },
    });
  });
});

describe("the audit log", () => {
  test("filters by member, entity and day, pages, and says what is wrong with a bad filter", async () => {
    const all = await owner.get<{ entries: AuditEntry[]; pageInfo: { total: number }; entities: string[] }>(
      "/api/admin/audit",
    );
    expect(all.status).toBe(200);
    expect(all.body.pageInfo.total).toBeGreaterThan(5);
    expect(all.body.entities).toEqual(expect.arrayContaining(["staff", "settings"]));
    // Newest first.
    const times = all.body.entries.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const mine = await owner.get<{ entries: AuditEntry[] }>(`/api/admin/audit?staffId=${owner.staff.id}`);
    expect(mine.body.entries.length).toBeGreaterThan(0);
    for (const entry of mine.body.entries) expect(entry.staffId).toBe(owner.staff.id);

    const paged = await owner.get<{ entries: AuditEntry[]; pageInfo: { page: number; pageSize: number } }>(
      "/api/admin/audit?pageSize=2&page=2",
    );
    expect(paged.body.entries).toHaveLength(2);
    expect(paged.body.entries[0]).toEqual(all.body.entries[2]);

    const today = new Date().toISOString().slice(0, 10);
    const byDay = await owner.get<{ pageInfo: { total: number } }>(`/api/admin/audit?from=${today}&to=${today}`);
    expect(byDay.body.pageInfo.total).toBe(all.body.pageInfo.total);
    const past = await owner.get<{ pageInfo: { total: number } }>("/api/admin/audit?to=2001-01-01");
    expect(past.body.pageInfo.total).toBe(0);
    const bad = await owner.get<{ error: string }>("/api/admin/audit?from=yesterday");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/YYYY-MM-DD/);
  });
});
