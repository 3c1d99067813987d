// Every back-office endpoint, found as the app registers it (onRoute), is walked as an anonymous
// visitor, a signed-in customer and each staff role: no session → 401, a customer's session → 401, a
// role without the route's declared permission → 403, a role with it → neither. A route added later
// is covered without touching this file; one that declares no permission fails it.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import {
  isRouteAccess,
  type RouteAccess,
  rolesWith,
  rolesWithout,
  STAFF_ROLES,
  type StaffRole,
} from "../../shared/admin/permissions.ts";
import { type Client, newCustomer } from "./support/account-helpers.ts";
import { type CookieClient, signInStaff } from "./support/staff-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
let customer: Client;
const staff = {} as Record<StaffRole, CookieClient>;

beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 0 });
  customer = (await newCustomer(store, "matrix")).client;
  for (const role of STAFF_ROLES) staff[role] = await signInStaff(store, role);
});
afterAll(() => store?.close());

interface AdminRoute {
  method: string;
  url: string;
  access: unknown;
}

function adminRoutes(): AdminRoute[] {
  return store.routes
    .filter((route) => route.url.startsWith("/api/admin") && route.method !== "HEAD")
    .map((route) => ({ method: route.method, url: route.url, access: route.permission }));
}

/** A concrete path for a route pattern: ids that name nothing, so no call changes a real record. */
function pathOf(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, "999999999").replace(/\*$/, "nothing");
}

async function callAs(who: Client | CookieClient | null, route: AdminRoute): Promise<number> {
  const path = pathOf(route.url);
  const body = ["GET", "DELETE", "OPTIONS"].includes(route.method) ? undefined : {};
  if (who === null) {
    const response = await store.get(path, {
      method: route.method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  }
  return (await who.call(route.method, path, body)).status;
}

describe("back-office role matrix", () => {
  test("the back office has routes, and every one declares a permission", () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(3);
    const undeclared = routes.filter((route) => !isRouteAccess(route.access));
    expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  test("anonymous visitors and customers get 401; each role gets 403 exactly where its permission is missing", async () => {
    const failures: string[] = [];
    const checked: string[] = [];
    for (const route of adminRoutes()) {
      const access = route.access as RouteAccess;
      if (access === "public") continue;
      const name = `${route.method} ${route.url} (${access})`;
      checked.push(name);
      const anonymous = await callAs(null, route);
      if (anonymous !== 401) failures.push(`${name}: anonymous got ${anonymous}, expected 401`);
      const asCustomer = await callAs(customer, route);
      if (asCustomer !== 401) failures.push(`${name}: a customer got ${asCustomer}, expected 401`);
      const allowed = access === "signed-in" || access === "own-account" ? [...STAFF_ROLES] : rolesWith(access);
      const refused = access === "signed-in" || access === "own-account" ? [] : rolesWithout(access);
      for (const role of refused) {
        const status = await callAs(staff[role], route);
        if (status !== 403) failures.push(`${name}: ${role} got ${status}, expected 403`);
      }
      for (const role of allowed) {
        const status = await callAs(staff[role], route);
        if (status === 401 || status === 403) failures.push(`${name}: ${role} got ${status}, expected access`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked.length).toBeGreaterThan(0);
    // Every role is still signed in: no call above ended a session.
    for (const role of STAFF_ROLES) expect((await staff[role].get("/api/admin/me")).status).toBe(200);
  });

  test("the sign-in steps are the only public back-office routes", () => {
    const publicRoutes = adminRoutes()
      .filter((route) => route.access === "public")
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(publicRoutes).toEqual(
      expect.arrayContaining([
        "POST /api/admin/auth/login",
        "POST /api/admin/auth/logout",
        "POST /api/admin/auth/two-step",
      ]),
    );
    for (const route of publicRoutes) expect(route).toMatch(/^POST \/api\/admin\/auth\//);
  });
});
