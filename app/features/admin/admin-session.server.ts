// Loader and action helpers of back-office pages. Every page under /admin starts with one:
//
//   export async function loader(args: Route.LoaderArgs) {
//     const { staff, services } = requireStaffPage(args, "catalog:read");
//     ...
//   }
//
// No staff session (or one still at the two-step code): a redirect to /admin/login?next=<this page>.
// Sent to set up two-step sign-in: a redirect there. A role without the permission: a 403 the admin
// layout's error boundary shows as "not allowed". A customer's session never counts.
import { data, type RouterContextProvider, redirect } from "react-router";
import type { AuditActor } from "../../../services/audit/audit-log.ts";
import { deleteStaffSession, type StaffSession, staffCookieName } from "../../../services/staff/staff-sessions.ts";
import type { StaffMember } from "../../../services/staff/staff-types.ts";
import type { StoreServices } from "../../../services/store-services.ts";
import { type Permission, ROLE_LABELS, roleCan } from "../../../shared/admin/permissions.ts";
import { TWO_STEP_SETUP_PATH } from "../../../shared/admin/staff-forms.ts";
import { appContext } from "../../context.ts";

interface RouteArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export interface StaffPage {
  staff: StaffMember;
  services: StoreServices;
  /** Who makes a change from this page, for `recordAudit(db, { ...actor, action, ... })`. */
  actor: AuditActor;
}

export { TWO_STEP_SETUP_PATH };

export function staffSessionOf(args: RouteArgs): StaffSession | null {
  return args.context.get(appContext).staffSession;
}

export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const next = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  return redirect(`/admin/login?next=${encodeURIComponent(next)}`);
}

/** The 403 a back-office page throws for a role without the permission (the admin layout shows it). */
export function notAllowed(permission: Permission, staff: StaffMember): Response {
  return data(
    {
      message: `Your role (${ROLE_LABELS[staff.role]}) does not allow this page or action (${permission}). Ask the store's owner if you need it.`,
    },
    { status: 403 },
  ) as unknown as Response;
}

/** The signed-in member, allowed `permission` ("signed-in": any role); otherwise throws the redirect or the 403. */
export function requireStaffPage(args: RouteArgs, permission: Permission | "signed-in" = "signed-in"): StaffPage {
  const context = args.context.get(appContext);
  const session = context.staffSession;
  if (!session || session.stage === "totp") throw loginRedirect(args.request);
  if (session.stage === "enrol") throw redirect(TWO_STEP_SETUP_PATH);
  const staff = session.staff;
  if (permission !== "signed-in" && !roleCan(staff.role, permission)) throw notAllowed(permission, staff);
  return {
    staff,
    services: context.services,
    actor: { staffId: staff.id, staffEmail: staff.email, requestId: context.requestId, ipAddress: context.clientIp },
  };
}

/** Whether the signed-in member may do something (to show or hide a button); the server checks again. */
export function staffCan(staff: StaffMember, permission: Permission): boolean {
  return roleCan(staff.role, permission);
}

/** Signs the member out (the sign-out button's form posts to /admin/logout): the session row and the cookie go. */
export async function endStaffPageSession(args: RouteArgs): Promise<Response> {
  const context = args.context.get(appContext);
  if (context.staffSession) await deleteStaffSession(context.services.database.db, context.staffSession.id);
  const secure = context.services.config.publicUrl.startsWith("https://");
  const cookie = `${staffCookieName(secure)}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure ? "; Secure" : ""}`;
  return redirect("/admin/login", { headers: { "set-cookie": cookie } });
}

/** The store's name for page titles and the top bar. */
export function storeNameOf(args: RouteArgs): string {
  return args.context.get(appContext).services.config.store.storeName;
}

/** The store's time zone (config appTimeZone): back-office dates are shown in it. */
export function storeTimeZoneOf(args: RouteArgs): string {
  return args.context.get(appContext).services.config.store.appTimeZone;
}
