// The back office's pages over HTTP (the production build): sign-in first, its own document without
// the storefront's shell, the member's name and sign-out in its top bar, and its code kept out of
// every shopper's page.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { type Permission, roleCan, STAFF_ROLES } from "../../shared/admin/permissions.ts";
import { CookieClient, createStaff, signInStaff, signInStaffAs } from "./support/staff-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 30, pages: true });
});
afterAll(() => store?.close());

async function page(path: string, client?: CookieClient) {
  const response = await store.get(path, {
    redirect: "manual",
    headers: client ? { cookie: client.cookieHeader() } : {},
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: await response.text(),
    headers: response.headers,
  };
}

/** The JavaScript modules a page loads (its modulepreload links and scripts). */
function scriptsOf(html: string): string[] {
  return [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
}

describe("back-office pages", () => {
  test("without a staff session, /admin pages send to sign-in and come back after it", async () => {
    const home = await page("/admin");
    expect(home.status).toBe(302);
    expect(home.location).toBe("/admin/login?next=%2Fadmin");
    const deep = await page("/admin?view=1");
    expect(deep.location).toBe(`/admin/login?next=${encodeURIComponent("/admin?view=1")}`);
  });

  test("the sign-in page is the back office's own document: no storefront header, footer or cart", async () => {
    const login = await page("/admin/login");
    expect(login.status).toBe(200);
    expect(login.html).toContain("Back office sign-in");
    expect(login.html).toContain('name="robots" content="noindex, nofollow"');
    expect(login.html).not.toMatch(/id="site-footer"|Shopping Cart|Subscribe to our newsletter/i);
  });

  test("signed in, /admin shows the shell with the member's name and sign-out; sign-out ends the session", async () => {
    const staff = await createStaff(store, "manager", { name: "Riley Manager" });
    const client = await signInStaffAs(store, staff, new CookieClient(store));
    const home = await page("/admin", client);
    expect(home.status).toBe(200);
    expect(home.html).toContain("Riley Manager");
    expect(home.html).toContain("Sign out");
    expect(home.html).toContain('aria-label="Back office"');
    expect(home.headers.get("cache-control")).toMatch(/no-store/);
    // The sign-in page sends a signed-in member on.
    expect((await page("/admin/login?next=/admin", client)).location).toBe("/admin");

    const out = await store.get("/admin/logout", {
      method: "POST",
      redirect: "manual",
      headers: { cookie: client.cookieHeader(), "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/admin/login");
    expect(out.headers.get("set-cookie")).toMatch(/staff_sid=;.*Max-Age=0/);
    expect((await page("/admin", client)).status).toBe(302);
  });

  test("each page answers a role without its permission with 403 and a message, and shows itself to the others", async () => {
    // Every page of app/features/admin/shell/admin-route-config.ts without an id in its address, and the
    // permission its loader asks for (null: any member).
    const pages: Array<[string, Permission | null]> = [
      ["/admin", null],
      ["/admin/account", null],
      ["/admin/products", "catalog:read"],
      ["/admin/products/new", "catalog:write"],
      ["/admin/categories", "catalog:read"],
      ["/admin/brands", "catalog:read"],
      ["/admin/stock", "catalog:read"],
      ["/admin/import", "catalog:read"],
      ["/admin/equipment", "catalog:read"],
      ["/admin/orders", "orders:read"],
      ["/admin/returns", "orders:read"],
      ["/admin/customers", "customers:read"],
      ["/admin/discounts", "discounts:write"],
      ["/admin/reviews", "reviews:write"],
      ["/admin/questions", "reviews:write"],
      ["/admin/content", "content:write"],
      ["/admin/staff", "staff:manage"],
      ["/admin/audit", "audit:read"],
      ["/admin/settings/shipping", "settings:write"],
      ["/admin/settings/tax", "settings:write"],
    ];
    const failures: string[] = [];
    for (const role of STAFF_ROLES) {
      const client = await signInStaff(store, role);
      for (const [path, permission] of pages) {
        const answer = await page(path, client);
        const allowed = permission === null || roleCan(role, permission);
        if (allowed && answer.status !== 200) failures.push(`${role} ${path}: ${answer.status}, expected 200`);
        if (
          !allowed &&
          (answer.status !== 403 ||
            !/Ask (a manager or )?the owner|not allowed|does not allow|cannot/i.test(answer.html))
        )
          failures.push(`${role} ${path}: ${answer.status}, expected 403 with a message`);
      }
    }
    expect(failures).toEqual([]);
  });

  test("a shopper's pages load no back-office code, and the admin pages load theirs", async () => {
    const staff = await createStaff(store, "owner");
    const client = await signInStaffAs(store, staff, new CookieClient(store));
    const adminScripts = scriptsOf((await page("/admin", client)).html);
    const adminOnly = adminScripts.filter((src) => /\/(layout|admin-[^/]*|index-admin)[-.]/.test(src));
    expect(adminOnly.length).toBeGreaterThan(0);
    for (const path of ["/", "/login", "/shoppingcart.asp"]) {
      const storefront = await page(path);
      expect(storefront.status).toBe(200);
      for (const src of adminOnly) expect(scriptsOf(storefront.html)).not.toContain(src);
      expect(storefront.html).not.toMatch(/routes\/admin\//);
    }
  });
});
