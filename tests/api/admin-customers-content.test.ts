// Customers, content and the dashboard in the back office over HTTP: a disabled customer is signed out
// and cannot sign in; a password reset goes out by mail; a storefront edit shows on the store's pages at
// once and falls back to config/store.json when reset; article HTML is sanitised; pictures upload.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog } from "../../db/schema/staff.ts";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { loadDashboard } from "../../services/reports/admin/dashboard.ts";
import { GOOD_PASSWORD, latestMail, newCustomer, signIn } from "./support/account-helpers.ts";
import { type CookieClient, signInStaff } from "./support/staff-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
let manager: CookieClient;
let support: CookieClient;

beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 30, pages: true });
  manager = await signInStaff(store, "manager");
  support = await signInStaff(store, "support");
}, 240_000);
afterAll(() => store?.close());

describe("customers", () => {
  test("found by name or e-mail; support reads, cannot change", async () => {
    const pat = await newCustomer(store, "findme");
    const found = await support.get<{ customers: Array<{ id: number; email: string }> }>(
      `/api/admin/customers?q=${encodeURIComponent(pat.email.slice(0, 12))}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.customers.map((c) => c.email)).toContain(pat.email);
    const page = await support.get<{ customer: { email: string; savedCards: unknown[]; account: unknown } }>(
      `/api/admin/customers/${pat.customerId}`,
    );
    expect(page.body.customer).toMatchObject({ email: pat.email, savedCards: [] });
    expect(
      (await support.call("POST", `/api/admin/customers/${pat.customerId}/access`, { disabled: true })).status,
    ).toBe(403);
  });

  test("a disabled customer is signed out and cannot sign in; enabled again, can", async () => {
    const pat = await newCustomer(store, "disable");
    const customerId = async () =>
      (await pat.client.get<{ customer: { id?: number } }>("/api/customer")).body.customer?.id;
    expect(await customerId()).toBe(pat.customerId);
    const disabled = await manager.call("POST", `/api/admin/customers/${pat.customerId}/access`, { disabled: true });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ disabled: true });
    expect((disabled.body as { sessionsEnded: number }).sessionsEnded).toBeGreaterThanOrEqual(1);

    // The browser's session is gone: the account asks for sign-in again.
    expect(await customerId()).toBeUndefined();
    const refused = await signIn(store, pat.email, GOOD_PASSWORD);
    expect(refused.status).toBe(403);
    expect(String(refused.body.error)).toMatch(/disabled/);
    // A wrong password says nothing about the account.
    expect((await signIn(store, pat.email, "not-the-password-at-all")).status).toBe(401);

    await manager.call("POST", `/api/admin/customers/${pat.customerId}/access`, { disabled: false });
    expect((await signIn(store, pat.email, GOOD_PASSWORD)).status).toBe(200);

    const actions = await store.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "customer"), eq(auditLog.entityId, String(pat.customerId))));
    expect(actions.map((a) => a.action)).toEqual(["customer.disable", "customer.enable"]);
  });

  test("staff send a password-reset e-mail through the account service", async () => {
    const pat = await newCustomer(store, "reset");
    const sent = await manager.call("POST", `/api/admin/customers/${pat.customerId}/password-reset`);
    expect(sent.status).toBe(200);
    const mail = await latestMail(store, pat.email, "reset_password");
    expect(mail?.textBody).toMatch(/token=/);
  });
});

describe("storefront content", () => {
  test("an edited announcement and footer link show on the pages at once, and fall back to the file when reset", async () => {
    const before = await (await store.get("/")).text();
    expect(before).toContain("Free shipping on orders over $99 to the mainland US");

    const saved = await manager.call("PUT", "/api/admin/content/storefront", {
      announcement: "Spring opening sale: 15% off pumps",
      footerLinks: [{ title: "Opening your pool", url: "/blog/opening-your-pool" }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ saved: expect.arrayContaining(["announcement", "footerLinks"]) });
    const after = await (await store.get("/")).text();
    expect(after).toContain("Spring opening sale: 15% off pumps");
    expect(after).toContain("Opening your pool");
    expect(after).not.toContain("Free shipping on orders over $99 to the mainland US");

    const reset = await manager.call("POST", "/api/admin/content/storefront/announcement/reset");
    expect(reset.status).toBe(200);
    expect(await (await store.get("/")).text()).toContain("Free shipping on orders over $99 to the mainland US");
  });

  test("a wrong link or slide is refused with a message", async () => {
    const answer = await manager.call("PUT", "/api/admin/content/storefront", {
      heroSlides: [{ url: "javascript:alert(1)", alt: "x" }],
    });
    expect(answer.status).toBe(400);
    expect(String(answer.body.error)).toMatch(/must be a path on the store/);
    expect((await manager.call("PUT", "/api/admin/content/storefront", {})).status).toBe(400);
  });

  test("an article's HTML is sanitised, published at its address, and a draft stays hidden", async () => {
    const created = await manager.call<{ article: { id: number; bodyHtml: string; published: boolean } }>(
      "POST",
      "/api/admin/content/articles",
      {
        title: "Opening your pool",
        handle: "opening-your-pool-test",
        kind: "blog",
        bodyHtml: '<h2>Step one</h2><p onclick="x()">Remove the cover.<script>alert(1)</script></p>',
        published: false,
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.article.bodyHtml).toBe("<h2>Step one</h2><p>Remove the cover.</p>");
    expect((await store.get("/blog/opening-your-pool-test")).status).toBe(404);

    const published = await manager.call("PUT", `/api/admin/content/articles/${created.body.article.id}`, {
      title: "Opening your pool",
      handle: "opening-your-pool-test",
      kind: "blog",
      bodyHtml: "<h2>Step one</h2><p>Remove the cover.</p>",
      published: true,
    });
    expect(published.status).toBe(200);
    const page = await store.get("/blog/opening-your-pool-test");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Remove the cover.");

    const clash = await manager.call("POST", "/api/admin/content/articles", {
      title: "Again",
      handle: "opening-your-pool-test",
      bodyHtml: "<p>x</p>",
    });
    expect(clash.status).toBe(409);
  });

  test("a picture uploads and is served; anything else is refused", async () => {
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    const upload = await manager.call("POST", "/api/admin/content/images?name=pump.png", undefined, {
      "content-type": "image/png",
    });
    expect(upload.status).toBe(400);
    const response = await store.get("/api/admin/content/images?name=pump.png", {
      method: "POST",
      headers: { "content-type": "image/png", cookie: manager.cookieHeader() },
      body: png,
    });
    expect(response.status).toBe(201);
    const { image } = (await response.json()) as { image: { url: string } };
    const served = await store.get(image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const fake = await store.get("/api/admin/content/images?name=evil.png", {
      method: "POST",
      headers: { "content-type": "image/png", cookie: manager.cookieHeader() },
      body: Buffer.from("<script>alert(1)</script>"),
    });
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as { error: string }).error).toBe("Upload a PNG, JPEG, WebP or GIF picture.");
  });
});

describe("dashboard", () => {
  test("figures for today, 7 and 30 days with a 30-day series", async () => {
    const dashboard = await loadDashboard(store.database.db, { timeZone: "America/Los_Angeles", currency: "USD" });
    expect(dashboard.periods.map((p) => p.key)).toEqual(["today", "7d", "30d"]);
    expect(dashboard.dailyRevenue).toHaveLength(30);
    expect(dashboard.openReturns.count).toBeGreaterThanOrEqual(0);
    const page = await store.get("/admin", { headers: { cookie: manager.cookieHeader() } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Last 30 days");
    expect(html).toContain("Low stock");
  });
});
