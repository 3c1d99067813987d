// What each staff role may do in the back office. One vocabulary shared by the API guard
// (server/api/admin/admin-guard.ts), the pages (app/features/admin/admin-session.server.ts), the
// navigation (links a role cannot use are hidden) and the role-matrix test.

export const STAFF_ROLES = ["owner", "manager", "support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
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
  "staff:manage",
  "settings:write",
  "audit:read",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const MANAGER: readonly Permission[] = [
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
];
const SUPPORT: readonly Permission[] = ["catalog:read", "orders:read", "orders:note", "customers:read"];

/** Owner: everything (staff, store settings and the audit log included). */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, ReadonlySet<Permission>>> = {
  owner: new Set(PERMISSIONS),
  manager: new Set(MANAGER),
  support: new Set(SUPPORT),
};

export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  owner: "Owner",
  manager: "Manager",
  support: "Support",
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && (PERMISSIONS as readonly string[]).includes(value);
}

export function roleCan(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

/** The roles that hold a permission, and those that do not (the role-matrix test walks both). */
export function rolesWith(permission: Permission): StaffRole[] {
  return STAFF_ROLES.filter((role) => roleCan(role, permission));
}
export function rolesWithout(permission: Permission): StaffRole[] {
  return STAFF_ROLES.filter((role) => !roleCan(role, permission));
}

/**
 * What a back-office API route requires, declared in its route options as `config: { permission }`:
 * - a permission (most routes);
 * - `"signed-in"`: any fully signed-in staff member, whatever the role;
 * - `"own-account"`: a member past the password, also one the store sends to set up two-step sign-in
 *   first (their own account and its two-step setup only);
 * - `"public"`: the sign-in steps themselves.
 * A route under /api/admin without one stops the server from starting.
 */
export type RouteAccess = Permission | "signed-in" | "own-account" | "public";

export function isRouteAccess(value: unknown): value is RouteAccess {
  return value === "signed-in" || value === "own-account" || value === "public" || isPermission(value);
}
