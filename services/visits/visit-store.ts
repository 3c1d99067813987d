// Storefront visits reported over the live connection. A socket has at most one open visit (endedAt null):
// a new path ends the previous visit and starts another, a leave or disconnect ends it.
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { visits } from "../../db/schema/system.ts";

export const MAX_PATH_LENGTH = 500;

/** What a browser may send with a visit event; anything else is dropped. */
export const visitPayloadSchema = z.object({
  path: z
    .string()
    .min(1)
    .max(MAX_PATH_LENGTH)
    // A site-relative path, never a full URL of another site.
    .regex(/^\/(?!\/)[^\s]*$/)
    // The query is dropped: it may carry a one-time token (password reset links) that must not be kept.
    .transform((path) => path.replace(/[?#].*$/, "")),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});
export type ValidVisit = z.output<typeof visitPayloadSchema>;

export interface VisitContext {
  socketId: string;
  sessionId: string | null;
  customerId: number | null;
  userAgent: string | null;
  ipAddress: string | null;
}

/** Ends the socket's open visit (if any) and opens one for the new path, in one transaction. */
export async function recordVisit(db: Database, context: VisitContext, visit: ValidVisit): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(visits)
      .set({ endedAt: sql`now()` })
      .where(and(eq(visits.socketId, context.socketId), isNull(visits.endedAt)));
    await tx.insert(visits).values({
      socketId: context.socketId,
      sessionId: context.sessionId,
      customerId: context.customerId,
      path: visit.path,
      // Both or neither: half a position is no position.
      latitude: visit.latitude !== undefined && visit.longitude !== undefined ? visit.latitude : null,
      longitude: visit.latitude !== undefined && visit.longitude !== undefined ? visit.longitude : null,
      userAgent: context.userAgent?.slice(0, 500) ?? null,
      ipAddress: context.ipAddress?.slice(0, 64) ?? null,
    });
  });
}

export async function endVisit(db: Database, socketId: string): Promise<void> {
  await db
    .update(visits)
    .set({ endedAt: sql`now()` })
    .where(and(eq(visits.socketId, socketId), isNull(visits.endedAt)));
}

/**
 * Closes visits left open by a process that stopped without saying goodbye (crash, kill -9). Only
 * visits older than `olderThanMs` are touched, so another instance's live visitors are left alone.
 */
export async function endStaleVisits(db: Database, olderThanMs: number): Promise<number> {
  const ended = await db
    .update(visits)
    .set({ endedAt: sql`now()` })
    .where(and(isNull(visits.endedAt), lt(visits.startedAt, new Date(Date.now() - olderThanMs))))
    .returning({ id: visits.id });
  return ended.length;
}

export interface LiveVisitors {
  liveVisitors: number;
  /** Open visits per path, the busiest first. */
  paths: { path: string; visitors: number }[];
}

/** Pages whose address names one shopper's records: the identifier is reported as its placeholder. */
const PRIVATE_PATHS: ReadonlyArray<[RegExp, string]> = [
  [/^\/checkout\/[^/]+/i, "/checkout/:checkoutId"],
  [/^\/account\/orders\/[^/]+/i, "/account/orders/:orderId"],
];

/**
 * A segment that looks like a record's identifier or a token rather than a page name: a number, a UUID,
 * or a long run of letters and digits without the dashes of a handle.
 */
function isIdentifier(segment: string): boolean {
  return (
    /^\d+$/.test(segment) ||
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment) ||
    (segment.length >= 16 && /^[A-Za-z0-9_=.~]+$/.test(segment) && /\d/.test(segment) && /[A-Za-z]/.test(segment))
  );
}

/**
 * The path as the live report shows it: the identifiers of private pages (an order, a checkout) and any
 * segment that looks like an id or a token replaced by `:id`, so the report names pages, not records.
 */
export function reportedPath(path: string): string {
  for (const [pattern, placeholder] of PRIVATE_PATHS) {
    if (pattern.test(path)) return path.replace(pattern, placeholder);
  }
  return path
    .split("/")
    .map((segment) => (isIdentifier(segment) ? ":id" : segment))
    .join("/");
}

/** Counts live sockets by the path they are on (the sockets come from every instance), identifiers left out. */
export function summarizeLiveVisitors(paths: readonly (string | null | undefined)[]): LiveVisitors {
  const counts = new Map<string, number>();
  for (const raw of paths) {
    if (!raw) continue;
    const path = reportedPath(raw);
    counts.set(path, (counts.get(path) ?? 0) + 1);
  }
  return {
    liveVisitors: paths.length,
    paths: [...counts]
      .map(([path, visitors]) => ({ path, visitors }))
      .sort((a, b) => b.visitors - a.visitors || (a.path < b.path ? -1 : 1)),
  };
}
