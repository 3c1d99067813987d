// The back office's one door. Every route under /api/admin declares what it requires in its options,
//   app.post("/products", { config: { permission: "catalog:write" }, schema: {...} }, handler)
// and the admin scope (admin-routes.ts) checks it on every request, before the body is validated:
// no staff session (a customer's session does not count) → 401, a role without the permission → 403.
// A route without a valid `permission` stops the server at start-up, and the role-matrix test
// (tests/api/admin-role-matrix.test.ts) walks every one of them.
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import type { AuditActor } from "../../../services/audit/audit-log.ts";
import { Forbidden, Unauthorized } from "../../../services/errors.ts";
import { RateLimited } from "../../../services/rate-limit/rate-limiter.ts";
import type { StaffMember } from "../../../services/staff/staff-types.ts";
import {
  isRouteAccess,
  type Permission,
  ROLE_LABELS,
  type RouteAccess,
  roleCan,
} from "../../../shared/admin/permissions.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** What a back-office route requires (shared/admin/permissions.ts). */
    permission?: RouteAccess;
  }
}

export const STAFF_SIGN_IN_REQUIRED = "Please sign in to the back office to continue.";

export function notAllowedMessage(permission: Permission, role: StaffMember["role"]): string {
  return `Your role (${ROLE_LABELS[role]}) does not allow this (${permission}). Ask the store's owner if you need it.`;
}

/** Throws 401/403 unless the request's staff session meets `access`. */
export function checkStaffAccess(request: FastifyRequest, access: RouteAccess): void {
  if (access === "public") return;
  if (access === "own-account") {
    const stage = request.staffSession?.stage;
    if (stage !== "active" && stage !== "enrol") throw new Unauthorized(STAFF_SIGN_IN_REQUIRED);
    return;
  }
  const staff = request.staff;
  if (!staff) throw new Unauthorized(STAFF_SIGN_IN_REQUIRED);
  if (access === "signed-in") return;
  if (!roleCan(staff.role, access)) throw new Forbidden(notAllowedMessage(access, staff.role));
}

/**
 * A hook for a route's own `onRequest`/`preHandler`, for a check on top of the declared one (the admin
 * scope already enforces `config.permission` on every route).
 */
export function requireStaff(access: RouteAccess) {
  return async (request: FastifyRequest) => checkStaffAccess(request, access);
}

/** The signed-in member in a handler of a guarded route. */
export function staffOf(request: FastifyRequest): StaffMember {
  if (!request.staff) throw new Unauthorized(STAFF_SIGN_IN_REQUIRED);
  return request.staff;
}

/** Who made a change and from where, for `recordAudit(db, { ...auditActor(request), action, ... })`. */
export function auditActor(request: FastifyRequest): AuditActor {
  const staff = request.staff ?? request.staffSession?.staff ?? null;
  return { staffId: staff?.id ?? null, staffEmail: staff?.email ?? null, requestId: request.id, ipAddress: request.ip };
}

/** The access a route declared (the role-matrix test reads the same field through `onRoute`). */
export function routeAccessOf(route: Pick<RouteOptions, "config">): RouteAccess | undefined {
  const value = (route.config as { permission?: unknown } | undefined)?.permission;
  return isRouteAccess(value) ? value : undefined;
}

/** Installs the guard on the /api/admin scope: declared access required at start-up, checked on every request. */
export function guardAdminScope(scope: FastifyInstance): void {
  scope.addHook("onRoute", (route) => {
    if (!routeAccessOf(route)) {
      throw new Error(
        `Back-office route ${[route.method].flat().join(",")} ${route.url} must declare config.permission (shared/admin/permissions.ts).`,
      );
    }
  });
  scope.addHook("onRequest", async (request) => {
    const access = routeAccessOf(request.routeOptions);
    // Unreachable for a registered route (onRoute refused it); refused rather than let through.
    if (!access) throw new Forbidden("This back-office address declares no permission.");
    checkStaffAccess(request, access);
  });
  scope.addHook("onError", async (_request, reply, error) => {
    if (error instanceof RateLimited) reply.header("retry-after", String(error.retryAfterSeconds));
  });
}
