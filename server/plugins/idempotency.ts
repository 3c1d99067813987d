import { createHmac, randomBytes } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
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

/** Fields that carry card data: the security code is dropped, a card number stands as its last 4 digits. */
const CARD_CODE_FIELDS = new Set(["cvc", "cvv", "cvc2", "cardcvc", "securitycode"]);
const CARD_NUMBER_FIELDS = new Set(["number", "cardnumber", "pan"]);

/** The request body without card data, for the request hash; exported for its test. */
export function withoutCardData(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => withoutCardData(item, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const name = key.toLowerCase();
    if (CARD_CODE_FIELDS.has(name)) continue;
    if (CARD_NUMBER_FIELDS.has(name) && typeof item === "string") {
      result[key] = `…${item.replace(/\D/g, "").slice(-4)}`;
      continue;
    }
    result[key] = withoutCardData(item, depth + 1);
  }
  return result;
}

/**
 * Fingerprint of a request (method, URL, body without card data), keyed with the server's secret: the
 * stored value tells nothing about the body, not even to someone who guesses card numbers against a dump.
 */
export function requestHash(secret: string, method: string, url: string, body: unknown): string {
  const text = body === undefined ? "" : JSON.stringify(withoutCardData(body));
  return createHmac("sha256", secret).update(`${method}\n${url}\n${text}`).digest("hex");
}

/**
 * `Idempotency-Key` on POST/PUT/PATCH/DELETE: the first answer is stored; a retry with the same key
 * gets that answer again and does nothing twice; the same key on a different request is refused
 * (422); a retry while the first is still running is told to wait (409). Keys are scoped to the
 * visitor's session. 5xx answers are not kept, so a
 * retry after a failure does the work.
 */
async function idempotencyPlugin(app: FastifyInstance, options: { db: Database; secret?: string }) {
  const { db } = options;
  const secret = options.secret ?? randomBytes(32).toString("hex");
  app.decorateRequest("idempotency", null);

  /** A visitor without a session yet: keyed by client address (hashed) rather than a new 30-day session. */
  const clientScope = (request: FastifyRequest) =>
    `client:${createHmac("sha256", secret).update(request.ip).digest("base64url").slice(0, 32)}`;

  app.addHook("preHandler", async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) return;
    if (typeof key !== "string" || !KEY_FORMAT.test(key)) {
      throw new InvalidInput("The Idempotency-Key header must be 1 to 255 visible ASCII characters.");
    }
    // Keys are scoped to the visitor's session. A visitor without one (their first request) is scoped by
    // client address instead, and no session is made for the key alone; a retry that carries the cookie
    // the first answer set looks in both scopes, so it still finds the first attempt.
    const session = await request.session.get();
    const anonymous = clientScope(request);
    const scopes = session ? [`session:${session.id}`, anonymous] : [anonymous];
    const hash = requestHash(secret, request.method, request.url, request.body);
    const find = async () => {
      const rows = await db
        .select()
        .from(idempotencyRecords)
        .where(and(inArray(idempotencyRecords.scope, scopes), eq(idempotencyRecords.key, key)));
      return rows.find((row) => row.scope === scopes[0]) ?? rows[0];
    };
    let existing = await find();
    if (!existing) {
      const scope = scopes[0];
      const inserted = await db
        .insert(idempotencyRecords)
        .values({ scope, key, requestHash: hash, expiresAt: new Date(Date.now() + RECORD_TTL_MS) })
        .onConflictDoNothing()
        .returning({ key: idempotencyRecords.key });
      if (inserted.length > 0) {
        request.idempotency = { scope, key };
        return;
      }
      existing = await find();
    }
    const scope = existing?.scope ?? scopes[0];
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
