// The audit log: every change made in the back office, who made it, when, and the record before and
// after. Written in the same transaction as the change it describes (pass the transaction as `db`),
// so a change that rolls back leaves no entry and an entry never describes a change that did not happen.
import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { auditLog, staffMembers } from "../../db/schema/staff.ts";

/** Who made a change and from where: server/api/admin/admin-guard.ts's `auditActor(request)` builds it. */
export interface AuditActor {
  staffId: number | null;
  staffEmail?: string | null;
  requestId?: string | null;
  ipAddress?: string | null;
}

export interface AuditEntry extends AuditActor {
  /** `entity.verb`: "product.update", "staff.disable", "order.refund". */
  action: string;
  /** "product", "staff", "order", "discount"... */
  entity: string;
  entityId?: string | number | null;
  /** The record (or the fields that changed) before and after; null for a creation or a deletion. */
  before?: unknown;
  after?: unknown;
}

/** Fields never written to the log, wherever they sit in a record. */
const SECRET_FIELDS = /^(password|passwordhash|totpsecret|secret|token|recoverycodehashes|cvc|cvv)$/i;

function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value === undefined) return null;
  if (depth > 20 || value === null || typeof value !== "object") return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] = SECRET_FIELDS.test(key) ? "[hidden]" : withoutSecrets(item, depth + 1);
  }
  return result;
}

export async function recordAudit(db: Pick<Database, "insert">, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    staffId: entry.staffId,
    staffEmail: entry.staffEmail ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: withoutSecrets(entry.before),
    after: withoutSecrets(entry.after),
    requestId: entry.requestId ?? null,
    ipAddress: entry.ipAddress ?? null,
  });
}

export interface AuditFilter {
  staffId?: number;
  entity?: string;
  entityId?: string;
  action?: string;
  /** Inclusive start and exclusive end. */
  from?: Date;
  to?: Date;
  page?: number;
  pageSize?: number;
}

export interface AuditRow {
  id: number;
  at: Date;
  staffId: number | null;
  staffEmail: string | null;
  staffName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
  ipAddress: string | null;
}

/** Newest first, a page at a time, with the total for the pager. */
export async function listAudit(
  db: Database,
  filter: AuditFilter = {},
): Promise<{ entries: AuditRow[]; total: number; page: number; pageSize: number }> {
  const pageSize = Math.min(Math.max(filter.pageSize ?? 50, 1), 200);
  const page = Math.max(filter.page ?? 1, 1);
  const where: SQL[] = [];
  if (filter.staffId !== undefined) where.push(eq(auditLog.staffId, filter.staffId));
  if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.from) where.push(gte(auditLog.at, filter.from));
  if (filter.to) where.push(lt(auditLog.at, filter.to));
  const condition = where.length ? and(...where) : undefined;
  const entries = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      staffId: auditLog.staffId,
      staffEmail: auditLog.staffEmail,
      staffName: staffMembers.name,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      requestId: auditLog.requestId,
      ipAddress: auditLog.ipAddress,
    })
    .from(auditLog)
    .leftJoin(staffMembers, eq(staffMembers.id, auditLog.staffId))
    .where(condition)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(condition);
  return { entries, total, page, pageSize };
}

/** The kinds of thing the log holds (the audit page's entity filter). */
export async function auditEntities(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity);
  return rows.map((row) => row.entity);
}
