// The live connection: socket.io on the store's own HTTP server,
// namespace /customer. Browsers report a visit with their path on each page change and leave when they
// go; each visit is stored (visits table) and GET /api/visits/live reports who is on the store now. That
// report is for the store's operators only: it needs `Authorization: Bearer {ADMIN_TOKEN}` (without an
// ADMIN_TOKEN it does not exist), and its paths carry no order, checkout or other identifiers.
//
// With REDIS_URL set the Redis adapter joins the instances behind a load balancer: a socket's state
// (socket.data.path) is visible to every instance, so the live count covers the whole store.
import { createHash, timingSafeEqual } from "node:crypto";
import { createAdapter } from "@socket.io/redis-adapter";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifySerializerCompiler } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { createClient } from "redis";
import { type DefaultEventsMap, Server, type Socket } from "socket.io";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { customers } from "../../db/schema/customers.ts";
import { findSession } from "../../services/session/session-store.ts";
import { createConnectionCap, MAX_LIVE_CONNECTIONS_PER_ADDRESS } from "../../services/visits/connection-cap.ts";
import {
  endStaleVisits,
  endVisit,
  type LiveVisitors,
  recordVisit,
  summarizeLiveVisitors,
  type VisitContext,
  visitPayloadSchema,
} from "../../services/visits/visit-store.ts";
import { LEAVE_EVENT, LIVE_VISITS_NAMESPACE, VISIT_EVENT } from "../../shared/visit-protocol.ts";
import { clientAddress } from "../client-address.ts";
import { SESSION_COOKIE } from "./session.ts";

const errorReply = z.object({ error: z.string() });
/** The live-visitor report: counts and paths with their ids replaced, nothing else. */
const liveVisitorsReply = z.object({
  liveVisitors: z.number(),
  paths: z.array(z.object({ path: z.string(), visitors: z.number() })),
});

export interface LiveVisitsOptions {
  db: Database;
  /** REDIS_URL: use the Redis adapter so several instances share their sockets. */
  redisUrl?: string;
  /** How long to wait for Redis at start-up before failing. */
  redisConnectTimeoutMs?: number;
  /** Prefix of the adapter's Redis channels; stores sharing one Redis need different ones. */
  redisKey?: string;
  /** ADMIN_TOKEN: the bearer token GET /api/visits/live asks for; unset, that report answers 404. */
  adminToken?: string;
  /** TRUST_PROXY: how many X-Forwarded-For hops are the store's own proxies (default none). */
  trustProxy?: number;
  /** The session cookie's name (sessionCookieName: prefixed on https). */
  sessionCookie?: string;
  /** Live connections one client address may hold at once. */
  maxConnectionsPerAddress?: number;
}

export interface LiveVisitsHandle {
  io: Server;
  /** Live sockets of every instance, by path. */
  liveVisitors(): Promise<LiveVisitors>;
}

interface SocketData {
  path: string | null;
  sessionId: string | null;
  customerId: number | null;
}

type VisitSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

/** A visitor changing pages faster than this is a script; extra events are dropped. */
export const MAX_VISIT_EVENTS_PER_MINUTE = 60;
/** Open visits older than this at start-up were left by a stopped process. */
export const STALE_VISIT_MS = 24 * 60 * 60 * 1000;

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const cut = part.indexOf("=");
    if (cut > 0 && part.slice(0, cut).trim() === name) {
      try {
        return decodeURIComponent(part.slice(cut + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function clientIp(socket: VisitSocket, trustProxy: number): string | null {
  // The same rule as request.ip: only the X-Forwarded-For entries written by TRUST_PROXY proxies count.
  return clientAddress(socket.handshake.address, socket.handshake.headers["x-forwarded-for"], trustProxy);
}

/**
 * Only pages of this store may open the connection: a browser sends the visitor's cookies with a
 * WebSocket handshake from any site, and CORS does not apply to WebSockets.
 */
export function isSameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true; // not a browser page (server-to-server, tests): no cookies to abuse
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** Whether an Authorization header carries the admin token (compared in constant time). */
export function hasAdminToken(header: string | undefined, adminToken: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match !== null && timingSafeEqual(digest(match[1]), digest(adminToken));
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Attaches socket.io to Fastify's HTTP server and adds GET /api/visits/live. Call before `listen`. */
export async function registerLiveVisits(
  app: FastifyInstance,
  {
    db,
    redisUrl,
    redisConnectTimeoutMs = 5000,
    redisKey = "socket.io",
    adminToken,
    trustProxy = 0,
    sessionCookie = SESSION_COOKIE,
    maxConnectionsPerAddress = MAX_LIVE_CONNECTIONS_PER_ADDRESS,
  }: LiveVisitsOptions,
): Promise<LiveVisitsHandle> {
  const io = new Server(app.server, {
    serveClient: false,
    // Visit events are tiny; a big frame is not a visitor.
    maxHttpBufferSize: 4 * 1024,
    allowRequest: (request, callback) => callback(null, isSameOrigin(request.headers.origin, request.headers.host)),
  });

  let closeRedis: (() => Promise<void>) | undefined;
  if (redisUrl) {
    const pub = createClient({ url: redisUrl });
    const sub = pub.duplicate();
    // Without listeners a lost Redis connection would crash the process; the clients reconnect by themselves.
    pub.on("error", (error: Error) => app.log.error({ err: error }, "live visits: Redis publisher error"));
    sub.on("error", (error: Error) => app.log.error({ err: error }, "live visits: Redis subscriber error"));
    try {
      await withTimeout(
        Promise.all([pub.connect(), sub.connect()]),
        redisConnectTimeoutMs,
        `Cannot connect to Redis at REDIS_URL within ${redisConnectTimeoutMs} ms: is it running?`,
      );
    } catch (error) {
      pub.destroy();
      sub.destroy();
      io.close();
      throw error;
    }
    io.adapter(createAdapter(pub, sub, { key: redisKey }));
    closeRedis = async () => {
      await Promise.allSettled([pub.close(), sub.close()]);
    };
  }

  const namespace = io.of(LIVE_VISITS_NAMESPACE);
  // Writes still running, so shutting down waits for them before the database closes.
  const pending = new Set<Promise<void>>();

  // A bounded number of live connections per client address, counted until each disconnects.
  const cap = createConnectionCap(maxConnectionsPerAddress);
  namespace.use((socket: VisitSocket, next) => {
    const address = clientIp(socket, trustProxy) ?? socket.handshake.address;
    if (!cap.open(address)) {
      next(new Error("Too many live connections from your address."));
      return;
    }
    socket.once("disconnect", () => cap.close(address));
    next();
  });

  // Who is visiting: the session cookie names the signed-in customer, if any.
  namespace.use(async (socket: VisitSocket, next) => {
    socket.data.path = null;
    socket.data.sessionId = null;
    socket.data.customerId = null;
    try {
      const token = readCookie(socket.handshake.headers.cookie, sessionCookie);
      const session = token ? await findSession(db, token) : undefined;
      if (session) {
        socket.data.sessionId = session.id;
        if (session.userId !== null) {
          const [customer] = await db
            .select({ id: customers.id })
            .from(customers)
            .where(eq(customers.userId, session.userId))
            .limit(1);
          socket.data.customerId = customer?.id ?? null;
        }
      }
    } catch (error) {
      // An anonymous visit is still a visit.
      app.log.warn({ err: error }, "live visits: session lookup failed");
    }
    next();
  });

  namespace.on("connection", (socket: VisitSocket) => {
    const context: VisitContext = {
      socketId: socket.id,
      sessionId: socket.data.sessionId,
      customerId: socket.data.customerId,
      userAgent: socket.handshake.headers["user-agent"] ?? null,
      ipAddress: clientIp(socket, trustProxy),
    };
    // One write at a time per socket, so a visit and the leave that follows land in that order.
    let queue: Promise<void> = Promise.resolve();
    const enqueue = (work: () => Promise<void>) => {
      const next = queue
        .then(work)
        .catch((error: unknown) => app.log.warn({ err: error }, "live visits: write failed"));
      queue = next;
      pending.add(next);
      void next.finally(() => pending.delete(next));
    };
    let windowStart = Date.now();
    let eventsInWindow = 0;

    socket.on(VISIT_EVENT, (payload: unknown) => {
      const now = Date.now();
      if (now - windowStart > 60_000) {
        windowStart = now;
        eventsInWindow = 0;
      }
      if (++eventsInWindow > MAX_VISIT_EVENTS_PER_MINUTE) return;
      const visit = visitPayloadSchema.safeParse(payload);
      if (!visit.success) return;
      socket.data.path = visit.data.path;
      enqueue(() => recordVisit(db, context, visit.data));
    });
    socket.on(LEAVE_EVENT, () => {
      socket.data.path = null;
      enqueue(() => endVisit(db, socket.id));
    });
    socket.on("disconnect", () => {
      socket.data.path = null;
      enqueue(() => endVisit(db, socket.id));
    });
  });

  const liveVisitors = async (): Promise<LiveVisitors> => {
    const sockets = await namespace.fetchSockets();
    return summarizeLiveVisitors(sockets.map((socket) => (socket.data as SocketData).path));
  };

  app.get(
    "/api/visits/live",
    {
      // Its own compiler: the plugin may be registered on an app that has not set the zod one.
      serializerCompiler: serializerCompiler as FastifySerializerCompiler<unknown>,
      schema: { response: { 200: liveVisitorsReply, 401: errorReply, 404: errorReply } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      if (!adminToken) return reply.code(404).send({ error: "Not Found" });
      if (!hasAdminToken(request.headers.authorization, adminToken)) {
        return reply
          .code(401)
          .header("www-authenticate", 'Bearer realm="store"')
          .send({ error: "This report needs the store's admin token." });
      }
      return liveVisitors();
    },
  );

  app.addHook("onReady", async () => {
    try {
      await endStaleVisits(db, STALE_VISIT_MS);
    } catch (error) {
      app.log.warn({ err: error }, "live visits: closing stale visits failed");
    }
  });
  app.addHook("preClose", async () => {
    // Close this instance's sockets first (Fastify's close would wait for open WebSockets), but not with
    // io.close(): that also closes the HTTP server, which is Fastify's to close. `local` keeps the
    // disconnect from reaching the other instances through the adapter.
    namespace.local.disconnectSockets(true);
    io.local.disconnectSockets(true);
    await Promise.allSettled([io.of("/").adapter.close(), namespace.adapter.close()]);
    io.engine.close();
    await Promise.allSettled([...pending]);
    await closeRedis?.();
  });

  return { io, liveVisitors };
}
