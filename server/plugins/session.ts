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
  SESSION_TTL_MS,
  type SessionRecord,
  saveSessionData,
} from "../../services/session/session-store.ts";

export const SESSION_COOKIE = "store_sid";

export type { RequestSession };

declare module "fastify" {
  interface FastifyRequest {
    session: RequestSession;
  }
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Cross-site request forgery guard for cookie-authenticated writes: browsers send Origin (and
 * Sec-Fetch-Site) on every unsafe request, so a write whose origin is another site is refused.
 * SameSite=Lax cookies are the second layer.
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

  function setCookie(reply: FastifyReply, token: string) {
    reply.setCookie(SESSION_COOKIE, token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: options.secure,
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });
  }

  app.decorateRequest("session", null as unknown as RequestSession);

  app.addHook("onRequest", async (request, reply) => {
    if (isCrossSiteWrite(request) && request.cookies[SESSION_COOKIE] !== undefined) {
      throw new Forbidden(
        "This request came from another site and was refused. Please try again from the store's own pages.",
      );
    }
    const token = request.cookies[SESSION_COOKIE];
    let current: SessionRecord | null = null;
    // Loaded lazily: images, assets and most page views never touch the session table.
    let loading: Promise<SessionRecord | null> | undefined;
    const load = () => {
      loading ??= (async () => {
        current = token ? ((await findSession(db, token)) ?? null) : null;
        if (token && !current) reply.clearCookie(SESSION_COOKIE, { path: "/" });
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
        setCookie(reply, created.token);
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
        setCookie(reply, created.token);
        return current;
      },
      async destroy() {
        await load();
        if (current) await deleteSession(db, current.id);
        current = null;
        reply.clearCookie(SESSION_COOKIE, { path: "/" });
      },
    };
    request.session = session;
  });
}

export const registerSession = fp(sessionPlugin, { name: "store-session" });
