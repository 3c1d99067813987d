import { describe, expect, test } from "vitest";
import { isRouteAccess, PERMISSIONS, roleCan, rolesWith, rolesWithout, STAFF_ROLES } from "./permissions.ts";

describe("staff permissions", () => {
  test("the owner holds every permission", () => {
    for (const permission of PERMISSIONS) expect(roleCan("owner", permission)).toBe(true);
  });

  test("a manager runs the shop but not staff, settings or the audit log", () => {
    for (const permission of [
      "catalog:read",
      "catalog:write",
      "stock:write",
      "orders:read",
      "orders:write",
      "orders:note",
      "customers:read",
      "customers:write",
      "discounts:write",
      "content:write",
      "reviews:write",
    ] as const) {
      expect(roleCan("manager", permission)).toBe(true);
    }
    for (const permission of ["staff:manage", "settings:write", "audit:read"] as const) {
      expect(roleCan("manager", permission)).toBe(false);
    }
  });

  test("support reads catalog, orders and customers and writes order notes, nothing else", () => {
    const allowed = PERMISSIONS.filter((permission) => roleCan("support", permission));
    expect(allowed.sort()).toEqual(["catalog:read", "customers:read", "orders:note", "orders:read"]);
  });

  test("each role's permissions include those of the roles below it", () => {
    for (const permission of PERMISSIONS) {
      if (roleCan("support", permission)) expect(roleCan("manager", permission)).toBe(true);
      if (roleCan("manager", permission)) expect(roleCan("owner", permission)).toBe(true);
    }
  });

  test("rolesWith and rolesWithout split the roles", () => {
    for (const permission of PERMISSIONS) {
      expect([...rolesWith(permission), ...rolesWithout(permission)].sort()).toEqual([...STAFF_ROLES].sort());
    }
    expect(rolesWithout("audit:read")).toEqual(["manager", "support"]);
  });

  test("route access declarations", () => {
    expect(isRouteAccess("catalog:write")).toBe(true);
    expect(isRouteAccess("signed-in")).toBe(true);
    expect(isRouteAccess("own-account")).toBe(true);
    expect(isRouteAccess("public")).toBe(true);
    expect(isRouteAccess("catalog:delete")).toBe(false);
    expect(isRouteAccess(undefined)).toBe(false);
  });
});
