// The staff session: its own cookie (`staff_sid`, `__Host-staff_sid` on https), SameSite=Strict, looked
// up only for back-office addresses (/admin and /api/admin): a shopper's page never reads it, and a
// customer's session never counts as staff. Sets `request.staffSession` (any stage) and `request.staff`
// (only a fully signed-in, enabled member).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../../db/client.ts";
import type { StaffSessionStage } from "../../db/schema/staff.ts";
import { Forbidden } from "../../services/errors.ts";
import {
  createStaffSession,
  deleteStaffSession,
  findStaffSession,
  STAFF_SESSION_COOKIE,
  type StaffSession,
  staffCookieName,
} from "../../services/staff/staff-sessions.ts";
import type { StaffMember } from "../../services/staff/staff-types.ts";
import { isCrossSiteWrite } from "./session.ts";

export { STAFF_SESSION_COOKIE, staffCookieName };

declare module "fastify" {
  interface FastifyRequest {
    /** The staff session of a back-office request, whatever its stage (null without one, and outside /admin). */
    staffSession: StaffSession | null;
    /** The signed-in staff member (a session past every sign-in step), or null. */
    staff: StaffMember | null;
  }
}

/** Back-office addresses: pages under /admin (and their .data requests) and the API under /api/admin. */
export function isBackOfficePath(url: string): boolean {
  return /^\/(api\/)?admin(\/|\.data|\?|$)/.test(url);
}

export interface StaffSessionControl {
  /** Starts a new session (a new token: one known before sign-in is worthless after it) and sets the cookie. */
  start(request: FastifyRequest, reply: FastifyReply, staffId: number, stage: StaffSessionStage): Promise<void>;
  /** Ends the request's session and clears the cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    staffSessions: StaffSessionControl;
  }
}

async function staffSessionPlugin(app: FastifyInstance, options: { db: Database; secure: boolean; now: () => Date }) {
  const { db, now } = options;
  const cookieName = staffCookieName(options.secure);
  const cookieOptions = { path: "/", httpOnly: true, sameSite: "strict" as const, secure: options.secure };

  const setCookie = (reply: FastifyReply, token: string, expiresAt: Date) => {
    reply.setCookie(cookieName, token, {
      ...cookieOptions,
      maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now().getTime()) / 1000)),
    });
  };
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(cookieName, cookieOptions);

  app.decorateRequest("staffSession", null);
  app.decorateRequest("staff", null);

  app.addHook("onRequest", async (request, reply) => {
    const token = request.cookies[cookieName];
    if (token === undefined) return;
    if (isCrossSiteWrite(request)) {
      throw new Forbidden(
        "This request came from another site and was refused. Please try again from the store's own pages.",
      );
    }
    if (!isBackOfficePath(request.url)) return;
    const session = (await findStaffSession(db, token, now())) ?? null;
    if (!session) {
      clearCookie(reply);
      return;
    }
    if (session.refreshed) setCookie(reply, token, session.expiresAt);
    request.staffSession = session;
    request.staff = session.stage === "active" ? session.staff : null;
  });

  // Back-office answers are personal: never kept by a shared cache or the browser's disk cache.
  app.addHook("onSend", async (request, reply) => {
    if (!request.staffSession) return;
    reply.header("cache-control", "no-store");
  });

  app.decorate("staffSessions", {
    async start(request, reply, staffId, stage) {
      if (request.staffSession) await deleteStaffSession(db, request.staffSession.id);
      const created = await createStaffSession(db, {
        staffId,
        stage,
        now: now(),
        ipAddress: request.ip,
        userAgent: request.headers["user-agent"],
      });
      setCookie(reply, created.token, created.expiresAt);
      request.staffSession = null;
      request.staff = null;
    },
    async end(request, reply) {
      if (request.staffSession) await deleteStaffSession(db, request.staffSession.id);
      request.staffSession = null;
      request.staff = null;
      clearCookie(reply);
    },
  } satisfies StaffSessionControl);
}

export const registerStaffSession = fp(staffSessionPlugin, { name: "staff-session", dependencies: ["store-session"] });
