import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../../db/client.ts";
import { Forbidden } from "../../services/errors.ts";
import type { RequestSession } from "../../services/session/request-session.ts";
import {
  createSession,
  deleteSession,
  findSession,
  type SessionRecord,
  saveSessionData,
} from "../../services/session/session-store.ts";
import { SESSION_HINT_COOKIE } from "../../shared/session-hint.ts";

export const SESSION_COOKIE = "store_sid";

export type { RequestSession };

/**
 * The cookie's name: on https the `__Host-` prefix makes browsers accept it only when Secure, for
 * Path=/ and without a Domain, so no subdomain or plain-http page can plant or overwrite it.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

declare module "fastify" {
  interface FastifyRequest {
    session: RequestSession;
  }
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Cross-site request forgery guard for cookie-authenticated writes: browsers send Origin (and
 * Sec-Fetch-Site) on every unsafe request, so a write whose origin is another site is refused.
 * SameSite=Lax cookies are the second layer: a browser does not send them with another site's POST at
 * all. Together they leave nothing for a per-session CSRF token to add, so the store has none.
 */
export function isCrossSiteWrite(request: FastifyRequest): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return false;
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite === "cross-site") return true;
  const origin = request.headers.origin;
  if (!origin || origin === "null") return origin === "null";
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

async function sessionPlugin(app: FastifyInstance, options: { db: Database; secure: boolean }) {
  await app.register(cookie);
  const { db } = options;
  const cookieName = sessionCookieName(options.secure);

  const secondsLeft = (session: SessionRecord) =>
    Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000));
  /** The readable hint beside the session cookie (shared/session-hint.ts): "1", nothing secret. */
  function setHint(reply: FastifyReply, session: SessionRecord) {
    reply.setCookie(SESSION_HINT_COOKIE, "1", {
      path: "/",
      httpOnly: false,
      sameSite: "lax",
      secure: options.secure,
      maxAge: secondsLeft(session),
    });
  }
  function setCookie(reply: FastifyReply, token: string, session: SessionRecord) {
    reply.setCookie(cookieName, token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: options.secure,
      // The browser forgets the cookie when the session ends: each refresh of the session sends it again.
      maxAge: secondsLeft(session),
    });
    setHint(reply, session);
  }
  function clearCookie(reply: FastifyReply) {
    reply.clearCookie(cookieName, { path: "/", secure: options.secure, httpOnly: true, sameSite: "lax" });
    reply.clearCookie(SESSION_HINT_COOKIE, { path: "/", secure: options.secure, sameSite: "lax" });
  }

  app.decorateRequest("session", null as unknown as RequestSession);
  /** Requests whose answer was built from the visitor's session: those answers are never stored by caches. */
  const personal = new WeakSet<FastifyRequest>();

  app.addHook("onRequest", async (request, reply) => {
    if (isCrossSiteWrite(request) && (request.cookies[cookieName] ?? request.cookies[SESSION_COOKIE]) !== undefined) {
      throw new Forbidden(
        "This request came from another site and was refused. Please try again from the store's own pages.",
      );
    }
    // A session begun before the store moved to https keeps working; it moves to the prefixed cookie.
    const legacy = cookieName !== SESSION_COOKIE && request.cookies[cookieName] === undefined;
    const token = legacy ? request.cookies[SESSION_COOKIE] : request.cookies[cookieName];
    let current: SessionRecord | null = null;
    // Loaded lazily: images, assets and most page views never touch the session table.
    let loading: Promise<SessionRecord | null> | undefined;
    const load = () => {
      loading ??= (async () => {
        current = token ? ((await findSession(db, token)) ?? null) : null;
        if (token && !current) clearCookie(reply);
        if (current) personal.add(request);
        if (token && (current?.refreshed || (legacy && current))) setCookie(reply, token, current as SessionRecord);
        // A session whose browser lost the hint (or began before there was one) gets it back.
        else if (current && request.cookies[SESSION_HINT_COOKIE] === undefined) setHint(reply, current);
        if (token && legacy) reply.clearCookie(SESSION_COOKIE, { path: "/" });
        return current;
      })();
      return loading;
    };

    const context = { ipAddress: request.ip, userAgent: request.headers["user-agent"] };
    const session: RequestSession = {
      get: load,
      async ensure() {
        await load();
        if (current) return current;
        const created = await createSession(db, context);
        current = created.session;
        personal.add(request);
        setCookie(reply, created.token, current);
        return current;
      },
      async update(patch) {
        const target = await session.ensure();
        target.data = { ...target.data, ...patch };
        await saveSessionData(db, target.id, target.data);
        return target;
      },
      async rotate(userId) {
        await load();
        const data = current?.data ?? {};
        if (current) await deleteSession(db, current.id);
        const created = await createSession(db, { ...context, userId, data });
        current = created.session;
        personal.add(request);
        setCookie(reply, created.token, current);
        return current;
      },
      async destroy() {
        await load();
        if (current) await deleteSession(db, current.id);
        current = null;
        personal.add(request);
        clearCookie(reply);
      },
    };
    request.session = session;
  });

  // Personal answers (account, orders, wallet, cart, checkout, and any page showing the visitor's cart
  // or name) must not be kept by a shared cache or written to disk by a browser.
  app.addHook("onSend", async (request, reply) => {
    if (!personal.has(request) && reply.getHeader("set-cookie") === undefined) return;
    const current = String(reply.getHeader("cache-control") ?? "");
    if (!/no-store/.test(current)) reply.header("cache-control", "no-store");
  });
}

export const registerSession = fp(sessionPlugin, { name: "store-session" });
