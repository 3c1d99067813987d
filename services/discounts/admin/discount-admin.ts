// Discount codes in the back office: list with uses and revenue, read, create, edit, pause and delete.
// Whether a code applies at checkout stays decided by ../discount-rules.ts alone: the list's "standing"
// asks checkDiscount itself. Every write is audited in its own transaction and announced (kind
// 'discount') once committed; a write that changes nothing writes nothing.
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { collections, products } from "../../../db/schema/catalog.ts";
import {
  discountCodeCollections,
  discountCodeProducts,
  discountCodes,
  discountRedemptions,
  orders,
} from "../../../db/schema/commerce.ts";
import type { DiscountForm, DiscountListQuery, DiscountStanding } from "../../../shared/admin/discounts.ts";
import { amountToCents, centsToAmount } from "../../../shared/money.ts";
import { type AuditActor, recordAudit } from "../../audit/audit-log.ts";
import type { StoreChangeFeed } from "../../changes/store-changes.ts";
import { Conflict, InvalidInput, NotFound } from "../../errors.ts";
import { checkDiscount, type DiscountCodeData } from "../discount-rules.ts";
import { discountCodeColumns } from "../discount-store.ts";

export interface DiscountAdminDeps {
  db: Database;
  changes: StoreChangeFeed;
}

export const DISCOUNT_NOT_FOUND = "This discount code does not exist any more. Reload the list.";

/** How the checkout would treat the code now, whatever the cart: paused, not started, ended, used up. */
export function discountStanding(code: DiscountCodeData, now: Date): DiscountStanding {
  const problem = checkDiscount(
    { ...code, appliesTo: "all", minimumSubtotalCents: 0, oncePerCustomer: false },
    { subtotalCents: 1, now, alreadyRedeemed: false, currency: "USD" },
  );
  switch (problem?.reason) {
    case "inactive":
      return "paused";
    case "not_started":
      return "scheduled";
    case "expired":
      return "expired";
    case "usage_limit_reached":
      return "used_up";
    default:
      return "active";
  }
}

export interface DiscountSummary {
  id: number;
  code: string;
  title: string;
  kind: DiscountCodeData["kind"];
  percentOff: number | null;
  amountOff: number | null;
  minimumSubtotal: number;
  startsAt: string;
  endsAt: string | null;
  usageLimit: number | null;
  usageCount: number;
  oncePerCustomer: boolean;
  isActive: boolean;
  appliesTo: DiscountCodeData["appliesTo"];
  standing: DiscountStanding;
  /** Orders placed with the code (not cancelled), what they came to, and what the code took off. */
  orderCount: number;
  revenue: number;
  discountGiven: number;
}

export interface DiscountDetail extends DiscountSummary {
  products: { id: number; title: string; handle: string }[];
  collections: { id: number; title: string; handle: string }[];
  createdAt: string;
  updatedAt: string;
}

const statsColumns = {
  orderCount: sql<number>`(count(${orders.id}) filter (where ${orders.status} <> 'cancelled'))::int`,
  revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.status} <> 'cancelled'), 0)::bigint`,
  discountCents: sql<number>`coalesce(sum(${orders.discountCents}) filter (where ${orders.status} <> 'cancelled'), 0)::bigint`,
};

function standingCondition(status: DiscountListQuery["status"]): SQL | undefined {
  const usedUp = sql`(${discountCodes.usageLimit} is not null and ${discountCodes.usageCount} >= ${discountCodes.usageLimit})`;
  const started = sql`${discountCodes.startsAt} <= now()`;
  const ended = sql`(${discountCodes.endsAt} is not null and ${discountCodes.endsAt} <= now())`;
  switch (status) {
    case "paused":
      return eq(discountCodes.isActive, false);
    case "scheduled":
      return and(eq(discountCodes.isActive, true), sql`not ${started}`);
    case "expired":
      return and(eq(discountCodes.isActive, true), started, ended);
    case "used_up":
      return and(eq(discountCodes.isActive, true), started, sql`not ${ended}`, usedUp);
    case "active":
      return and(eq(discountCodes.isActive, true), started, sql`not ${ended}`, sql`not ${usedUp}`);
    default:
      return undefined;
  }
}

type CodeRow = DiscountCodeData & { orderCount: number; revenueCents: number; discountCents: number };

function toSummary(row: CodeRow, now: Date): DiscountSummary {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    kind: row.kind,
    percentOff: row.percentOff === null ? null : Number(row.percentOff),
    amountOff: row.amountOffCents === null ? null : centsToAmount(row.amountOffCents),
    minimumSubtotal: centsToAmount(row.minimumSubtotalCents),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    usageCount: row.usageCount,
    oncePerCustomer: row.oncePerCustomer,
    isActive: row.isActive,
    appliesTo: row.appliesTo,
    standing: discountStanding(row, now),
    orderCount: Number(row.orderCount),
    revenue: centsToAmount(Number(row.revenueCents)),
    discountGiven: centsToAmount(Number(row.discountCents)),
  };
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listDiscounts(
  db: Database,
  query: DiscountListQuery,
  now = new Date(),
): Promise<{ discounts: DiscountSummary[]; total: number }> {
  const conditions: (SQL | undefined)[] = [standingCondition(query.status)];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(discountCodes.code, pattern), ilike(discountCodes.title, pattern)));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...discountCodeColumns, ...statsColumns })
      .from(discountCodes)
      .leftJoin(discountRedemptions, eq(discountRedemptions.discountCodeId, discountCodes.id))
      .leftJoin(orders, eq(orders.id, discountRedemptions.orderId))
      .where(where)
      .groupBy(discountCodes.id)
      .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(discountCodes).where(where),
  ]);
  return { discounts: rows.map((row) => toSummary(row, now)), total: total?.count ?? 0 };
}

type Reader = Pick<Database, "select">;

async function loadDetail(db: Reader, id: number, now: Date): Promise<DiscountDetail | null> {
  const [row] = await db
    .select({
      ...discountCodeColumns,
      ...statsColumns,
      createdAt: discountCodes.createdAt,
      updatedAt: discountCodes.updatedAt,
    })
    .from(discountCodes)
    .leftJoin(discountRedemptions, eq(discountRedemptions.discountCodeId, discountCodes.id))
    .leftJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .where(eq(discountCodes.id, id))
    .groupBy(discountCodes.id);
  if (!row) return null;
  const [productRows, collectionRows] = await Promise.all([
    db
      .select({ id: products.id, title: products.title, handle: products.handle })
      .from(discountCodeProducts)
      .innerJoin(products, eq(products.id, discountCodeProducts.productId))
      .where(eq(discountCodeProducts.discountCodeId, id))
      .orderBy(asc(products.title)),
    db
      .select({ id: collections.id, title: collections.title, handle: collections.handle })
      .from(discountCodeCollections)
      .innerJoin(collections, eq(collections.id, discountCodeCollections.collectionId))
      .where(eq(discountCodeCollections.discountCodeId, id))
      .orderBy(asc(collections.title)),
  ]);
  return {
    ...toSummary(row, now),
    products: productRows,
    collections: collectionRows,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getDiscount(db: Database, id: number, now = new Date()): Promise<DiscountDetail> {
  const detail = await loadDetail(db, id, now);
  if (!detail) throw new NotFound(DISCOUNT_NOT_FOUND);
  return detail;
}

/** The columns a form sets, in the table's units (cents). */
function columnsOf(form: DiscountForm) {
  return {
    code: form.code,
    title: form.title,
    kind: form.kind,
    percentOff: form.kind === "percentage" ? form.percentOff : null,
    amountOffCents: form.kind === "fixed_amount" && form.amountOff !== null ? amountToCents(form.amountOff) : null,
    minimumSubtotalCents: amountToCents(form.minimumSubtotal),
    startsAt: form.startsAt,
    endsAt: form.endsAt,
    usageLimit: form.usageLimit,
    oncePerCustomer: form.oncePerCustomer,
    isActive: form.isActive,
    appliesTo: form.appliesTo,
  };
}

/** What an edit compares and the audit log records: the form's fields, in one shape for before and after. */
function editableView(
  detail: Pick<
    DiscountDetail,
    | "code"
    | "title"
    | "kind"
    | "percentOff"
    | "amountOff"
    | "minimumSubtotal"
    | "startsAt"
    | "endsAt"
    | "usageLimit"
    | "oncePerCustomer"
    | "isActive"
    | "appliesTo"
  > & { productIds: number[]; collectionIds: number[] },
) {
  return {
    code: detail.code,
    title: detail.title,
    kind: detail.kind,
    percentOff: detail.kind === "percentage" ? detail.percentOff : null,
    amountOff: detail.kind === "fixed_amount" ? detail.amountOff : null,
    minimumSubtotal: detail.minimumSubtotal,
    startsAt: new Date(detail.startsAt).toISOString(),
    endsAt: detail.endsAt ? new Date(detail.endsAt).toISOString() : null,
    usageLimit: detail.usageLimit,
    oncePerCustomer: detail.oncePerCustomer,
    isActive: detail.isActive,
    appliesTo: detail.appliesTo,
    productIds: detail.appliesTo === "products" ? [...new Set(detail.productIds)].sort((a, b) => a - b) : [],
    collectionIds: detail.appliesTo === "collections" ? [...new Set(detail.collectionIds)].sort((a, b) => a - b) : [],
  };
}

function viewOfDetail(detail: DiscountDetail) {
  return editableView({
    ...detail,
    productIds: detail.products.map((p) => p.id),
    collectionIds: detail.collections.map((c) => c.id),
  });
}

function viewOfForm(form: DiscountForm) {
  return editableView({
    ...form,
    startsAt: form.startsAt.toISOString(),
    endsAt: form.endsAt?.toISOString() ?? null,
  });
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Products and categories named must exist: a mistyped id is a 400, not a silent nothing. */
async function setScope(tx: Tx, id: number, form: DiscountForm): Promise<void> {
  const productIds = form.appliesTo === "products" ? [...new Set(form.productIds)] : [];
  const collectionIds = form.appliesTo === "collections" ? [...new Set(form.collectionIds)] : [];
  if (productIds.length > 0) {
    const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, productIds));
    if (found.length !== productIds.length) {
      const known = new Set(found.map((row) => row.id));
      throw new InvalidInput(`These products do not exist: ${productIds.filter((p) => !known.has(p)).join(", ")}.`);
    }
  }
  if (collectionIds.length > 0) {
    const found = await tx
      .select({ id: collections.id })
      .from(collections)
      .where(inArray(collections.id, collectionIds));
    if (found.length !== collectionIds.length) {
      const known = new Set(found.map((row) => row.id));
      throw new InvalidInput(
        `These categories do not exist: ${collectionIds.filter((c) => !known.has(c)).join(", ")}.`,
      );
    }
  }
  await tx.delete(discountCodeProducts).where(eq(discountCodeProducts.discountCodeId, id));
  await tx.delete(discountCodeCollections).where(eq(discountCodeCollections.discountCodeId, id));
  if (productIds.length > 0) {
    await tx.insert(discountCodeProducts).values(productIds.map((productId) => ({ discountCodeId: id, productId })));
  }
  if (collectionIds.length > 0) {
    await tx
      .insert(discountCodeCollections)
      .values(collectionIds.map((collectionId) => ({ discountCodeId: id, collectionId })));
  }
}

function codeTaken(code: string): Conflict {
  return new Conflict(`A discount code ${code} already exists. Choose another code, or edit that one.`);
}

async function assertCodeFree(tx: Reader, code: string, exceptId?: number): Promise<void> {
  const [other] = await tx.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.code, code));
  if (other && other.id !== exceptId) throw codeTaken(code);
}

export async function createDiscount(
  deps: DiscountAdminDeps,
  actor: AuditActor,
  form: DiscountForm,
): Promise<DiscountDetail> {
  const now = new Date();
  const detail = await deps.db.transaction(async (tx) => {
    await assertCodeFree(tx, form.code);
    const [row] = await tx
      .insert(discountCodes)
      .values(columnsOf(form))
      .onConflictDoNothing({ target: discountCodes.code })
      .returning({ id: discountCodes.id });
    if (!row) throw codeTaken(form.code);
    await setScope(tx, row.id, form);
    const created = (await loadDetail(tx, row.id, now)) as DiscountDetail;
    await recordAudit(tx, {
      ...actor,
      action: "discount.create",
      entity: "discount",
      entityId: row.id,
      before: null,
      after: viewOfDetail(created),
    });
    return created;
  });
  await deps.changes.publish({ kind: "discount", ids: [detail.id] });
  return detail;
}

export async function updateDiscount(
  deps: DiscountAdminDeps,
  actor: AuditActor,
  id: number,
  form: DiscountForm,
): Promise<DiscountDetail> {
  const now = new Date();
  const changed = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(eq(discountCodes.id, id))
      .for("update");
    if (!locked) throw new NotFound(DISCOUNT_NOT_FOUND);
    const before = viewOfDetail((await loadDetail(tx, id, now)) as DiscountDetail);
    const after = viewOfForm(form);
    if (JSON.stringify(before) === JSON.stringify(after)) return false;
    await assertCodeFree(tx, form.code, id);
    await tx
      .update(discountCodes)
      .set({ ...columnsOf(form), updatedAt: now })
      .where(eq(discountCodes.id, id));
    await setScope(tx, id, form);
    await recordAudit(tx, { ...actor, action: "discount.update", entity: "discount", entityId: id, before, after });
    return true;
  });
  if (changed) await deps.changes.publish({ kind: "discount", ids: [id] });
  return getDiscount(deps.db, id, now);
}

/** Pauses (isActive false) or resumes a code; the same state again changes nothing. */
export async function setDiscountActive(
  deps: DiscountAdminDeps,
  actor: AuditActor,
  id: number,
  isActive: boolean,
): Promise<DiscountDetail> {
  const now = new Date();
  const changed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ isActive: discountCodes.isActive })
      .from(discountCodes)
      .where(eq(discountCodes.id, id))
      .for("update");
    if (!row) throw new NotFound(DISCOUNT_NOT_FOUND);
    if (row.isActive === isActive) return false;
    await tx.update(discountCodes).set({ isActive, updatedAt: now }).where(eq(discountCodes.id, id));
    await recordAudit(tx, {
      ...actor,
      action: isActive ? "discount.resume" : "discount.pause",
      entity: "discount",
      entityId: id,
      before: { isActive: row.isActive },
      after: { isActive },
    });
    return true;
  });
  if (changed) await deps.changes.publish({ kind: "discount", ids: [id] });
  return getDiscount(deps.db, id, now);
}

/**
 * Deletes a code: carts lose it, and its redemption history goes with it (orders keep the code's name
 * and the amount it took off). Deleting a code that is gone already succeeds.
 */
export async function deleteDiscount(deps: DiscountAdminDeps, actor: AuditActor, id: number): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    const before = await loadDetail(tx, id, new Date());
    if (!before) return false;
    await tx.delete(discountCodes).where(eq(discountCodes.id, id));
    await recordAudit(tx, {
      ...actor,
      action: "discount.delete",
      entity: "discount",
      entityId: id,
      before: { ...viewOfDetail(before), orderCount: before.orderCount, usageCount: before.usageCount },
      after: null,
    });
    return true;
  });
  if (deleted) await deps.changes.publish({ kind: "discount", ids: [id] });
}
