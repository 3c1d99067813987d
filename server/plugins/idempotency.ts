import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../../db/client.ts";
import { idempotencyRecords } from "../../db/schema/system.ts";
import { Conflict, InvalidInput, Unprocessable } from "../../services/errors.ts";

export const IDEMPOTENCY_HEADER = "idempotency-key";
const RECORD_TTL_MS = 24 * 60 * 60 * 1000;
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const STALE_IN_FLIGHT_MS = 60_000;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

declare module "fastify" {
  interface FastifyRequest {
    idempotency: { scope: string; key: string } | null;
  }
}

function requestHash(request: FastifyRequest): string {
  const body = request.body === undefined ? "" : JSON.stringify(request.body);
  return createHash("sha256").update(`${request.method}\n${request.url}\n${body}`).digest("hex");
}

/**
 * `Idempotency-Key` on POST/PUT/PATCH/DELETE: the first answer is stored; a retry with the same key
 * gets that answer again and does nothing twice; the same key on a different request is refused
 * (422); a retry while the first is still running is told to wait (409). Keys are scoped to the
 * visitor's session. 5xx answers are not kept, so a
 * retry after a failure does the work.
 */
async function idempotencyPlugin(app: FastifyInstance, options: { db: Database }) {
  const { db } = options;
  app.decorateRequest("idempotency", null);

  app.addHook("preHandler", async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) return;
    if (typeof key !== "string" || !KEY_FORMAT.test(key)) {
      throw new InvalidInput("The Idempotency-Key header must be 1 to 255 visible ASCII characters.");
    }
    // Keys are scoped to the visitor's session, created here if need be, so the first request and
    // its retries (which carry the cookie set by the first answer) share one scope.
    const session = await request.session.ensure();
    const scope = `session:${session.id}`;
    const hash = requestHash(request);
    const inserted = await db
      .insert(idempotencyRecords)
      .values({ scope, key, requestHash: hash, expiresAt: new Date(Date.now() + RECORD_TTL_MS) })
      .onConflictDoNothing()
      .returning({ key: idempotencyRecords.key });
    if (inserted.length > 0) {
      request.idempotency = { scope, key };
      return;
    }
    const [existing] = await db
      .select()
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)));
    if (!existing) {
      // Expired and removed between the two statements: treat as new work on the next try.
      throw new Conflict("Please retry the request.");
    }
    if (existing.requestHash !== hash) {
      throw new Unprocessable(
        "This Idempotency-Key was already used for a different request. Use a new key for a new request.",
      );
    }
    if (existing.statusCode === null && Date.now() - existing.createdAt.getTime() > STALE_IN_FLIGHT_MS) {
      // The first attempt died with its process: let this retry do the work.
      await db
        .update(idempotencyRecords)
        .set({ createdAt: new Date() })
        .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)));
      request.idempotency = { scope, key };
      return;
    }
    if (existing.statusCode === null) {
      throw new Conflict("A request with this Idempotency-Key is still being processed. Retry in a moment.");
    }
    reply.header("idempotent-replayed", "true");
    for (const [name, value] of Object.entries(existing.responseHeaders ?? {})) reply.header(name, value);
    return reply.status(existing.statusCode).send(existing.responseBody);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const record = request.idempotency;
    if (!record) return payload;
    request.idempotency = null;
    const where = and(eq(idempotencyRecords.scope, record.scope), eq(idempotencyRecords.key, record.key));
    if (reply.statusCode >= 500) {
      await db.delete(idempotencyRecords).where(where);
      return payload;
    }
    let body: unknown = null;
    if (typeof payload === "string" && payload.length > 0) {
      try {
        body = JSON.parse(payload);
      } catch {
        body = payload;
      }
    }
    const contentType = reply.getHeader("content-type");
    await db
      .update(idempotencyRecords)
      .set({
        statusCode: reply.statusCode,
        responseBody: body,
        responseHeaders: typeof contentType === "string" ? { "content-type": contentType } : {},
      })
      .where(where);
    return payload;
  });
}

export const registerIdempotency = fp(idempotencyPlugin, {
  name: "store-idempotency",
  dependencies: ["store-session"],
});

export async function deleteExpiredIdempotencyRecords(db: Database): Promise<void> {
  await db.delete(idempotencyRecords).where(lt(idempotencyRecords.expiresAt, sql`now()`));
}
