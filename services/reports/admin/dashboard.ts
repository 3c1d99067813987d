// The back office's front page (/admin): revenue, orders and average order value for today, the last
// 7 and the last 30 days, each against the period just before it; daily revenue for the chart; the
// best-selling products; stock running low; the latest orders; returns waiting for staff.
// Days are the store's days (appTimeZone). Revenue is what orders came to (cancelled orders left out)
// less what was refunded on them in the same period.
import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { inventoryItems, inventoryLevels, products, variants } from "../../../db/schema/catalog.ts";
import { orderLineItems, orders } from "../../../db/schema/commerce.ts";
import { orderRefunds, orderReturns } from "../../../db/schema/fulfilment.ts";
import { centsToAmount } from "../../../shared/money.ts";

export const LOW_STOCK_THRESHOLD = 5;

export interface PeriodFigures {
  revenue: number;
  orders: number;
  averageOrderValue: number;
}

export interface PeriodComparison {
  key: "today" | "7d" | "30d";
  label: string;
  current: PeriodFigures;
  previous: PeriodFigures;
}

export interface Dashboard {
  timeZone: string;
  currency: string;
  periods: PeriodComparison[];
  /** One entry per store day, oldest first, for the last 30 days (today included). */
  dailyRevenue: { day: string; revenue: number; orders: number }[];
  topProducts: { productId: number | null; title: string; handle: string | null; quantity: number; revenue: number }[];
  lowStock: {
    productId: number;
    title: string;
    handle: string;
    variantTitle: string | null;
    sku: string | null;
    available: number;
  }[];
  recentOrders: {
    id: number;
    orderNumber: string;
    email: string;
    placedAt: string;
    status: string;
    total: number;
  }[];
  openReturns: {
    count: number;
    latest: { id: number; orderId: number; orderNumber: string; status: string; createdAt: string }[];
  };
}

/** Midnight of the store day that holds `now`, and `days` store days around it, as instants. */
function dayStart(timeZone: string, now: Date, offsetDays: number) {
  return sql`((date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone})
    + make_interval(days => ${offsetDays}::int)) at time zone ${timeZone})`;
}

async function figures(db: Database, from: ReturnType<typeof dayStart>, to: ReturnType<typeof dayStart>) {
  const [sold] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint`,
    })
    .from(orders)
    .where(and(ne(orders.status, "cancelled"), gte(orders.placedAt, from), lt(orders.placedAt, to)));
  const [refunded] = await db
    .select({ cents: sql<number>`coalesce(sum(${orderRefunds.amountCents}), 0)::bigint` })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(
      and(
        eq(orderRefunds.status, "succeeded"),
        ne(orders.status, "cancelled"),
        gte(orderRefunds.createdAt, from),
        lt(orderRefunds.createdAt, to),
      ),
    );
  const count = Number(sold?.orders ?? 0);
  const revenueCents = Number(sold?.cents ?? 0) - Number(refunded?.cents ?? 0);
  return {
    revenue: centsToAmount(revenueCents),
    orders: count,
    averageOrderValue: count === 0 ? 0 : centsToAmount(Math.round(Number(sold?.cents ?? 0) / count)),
  };
}

const PERIODS = [
  { key: "today", label: "Today", days: 1 },
  { key: "7d", label: "Last 7 days", days: 7 },
  { key: "30d", label: "Last 30 days", days: 30 },
] as const;

export async function loadDashboard(
  db: Database,
  options: { timeZone: string; currency: string; now?: Date },
): Promise<Dashboard> {
  const now = options.now ?? new Date();
  const tz = options.timeZone;
  const periods: PeriodComparison[] = [];
  for (const period of PERIODS) {
    // "Last 7 days" is today and the 6 days before; the period before it is the 7 days before that.
    const start = dayStart(tz, now, 1 - period.days);
    const end = dayStart(tz, now, 1);
    const previousStart = dayStart(tz, now, 1 - 2 * period.days);
    const [current, previous] = await Promise.all([figures(db, start, end), figures(db, previousStart, start)]);
    periods.push({ key: period.key, label: period.label, current, previous });
  }

  const thirtyDaysAgo = dayStart(tz, now, -29);
  const dailyRows = (await db.execute(sql`
    with days as (
      select generate_series(
        date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${tz}) - interval '29 days',
        date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${tz}),
        interval '1 day'
      ) as day
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(sum(o.total_cents), 0)::bigint as cents,
      count(o.id)::int as orders
    from days d
    left join orders o on o.status <> 'cancelled'
      and o.placed_at >= (d.day at time zone ${tz})
      and o.placed_at < ((d.day + interval '1 day') at time zone ${tz})
    group by d.day
    order by d.day
  `)) as unknown as { rows: Array<{ day: string; cents: string | number; orders: number }> };

  const [topRows, lowRows, recentRows, [returnCount], returnRows] = await Promise.all([
    db
      .select({
        productId: orderLineItems.productId,
        title: sql<string>`coalesce(max(${products.title}), max(${orderLineItems.title}))`,
        handle: sql<string | null>`max(${products.handle})`,
        quantity: sql<number>`sum(${orderLineItems.quantity})::int`,
        cents: sql<number>`sum(${orderLineItems.totalCents})::bigint`,
      })
      .from(orderLineItems)
      .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
      .leftJoin(products, eq(products.id, orderLineItems.productId))
      .where(and(ne(orders.status, "cancelled"), gte(orders.placedAt, thirtyDaysAgo)))
      .groupBy(
        orderLineItems.productId,
        sql`case when ${orderLineItems.productId} is null then ${orderLineItems.title} end`,
      )
      .orderBy(desc(sql`sum(${orderLineItems.totalCents})`))
      .limit(10),
    db
      .select({
        productId: products.id,
        title: products.title,
        handle: products.handle,
        variantTitle: variants.title,
        sku: sql<string | null>`coalesce(${inventoryItems.sku}, ${variants.sku})`,
        available: inventoryLevels.available,
      })
      .from(inventoryLevels)
      .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryLevels.inventoryItemId))
      .innerJoin(variants, eq(variants.id, inventoryItems.variantId))
      .innerJoin(products, eq(products.id, variants.productId))
      .where(
        and(
          eq(inventoryItems.tracked, true),
          eq(inventoryLevels.bypassNegativeQuantity, false),
          sql`${inventoryLevels.available} <= ${LOW_STOCK_THRESHOLD}`,
          sql`${products.publishedAt} is not null`,
        ),
      )
      .orderBy(asc(inventoryLevels.available), desc(products.salesCount), asc(products.id))
      .limit(10),
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        email: orders.email,
        placedAt: orders.placedAt,
        status: orders.status,
        totalCents: orders.totalCents,
      })
      .from(orders)
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(8),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(orderReturns)
      .where(inArray(orderReturns.status, ["requested", "approved", "received"])),
    db
      .select({
        id: orderReturns.id,
        orderId: orderReturns.orderId,
        orderNumber: orders.orderNumber,
        status: orderReturns.status,
        createdAt: orderReturns.createdAt,
      })
      .from(orderReturns)
      .innerJoin(orders, eq(orders.id, orderReturns.orderId))
      .where(inArray(orderReturns.status, ["requested", "approved", "received"]))
      .orderBy(asc(orderReturns.createdAt))
      .limit(5),
  ]);

  return {
    timeZone: tz,
    currency: options.currency,
    periods,
    dailyRevenue: dailyRows.rows.map((row) => ({
      day: String(row.day),
      revenue: centsToAmount(Number(row.cents)),
      orders: Number(row.orders),
    })),
    topProducts: topRows.map((row) => ({
      productId: row.productId,
      title: row.title,
      handle: row.handle,
      quantity: Number(row.quantity),
      revenue: centsToAmount(Number(row.cents)),
    })),
    lowStock: lowRows.map((row) => ({
      ...row,
      variantTitle: row.variantTitle === "Default Title" ? null : row.variantTitle,
    })),
    recentOrders: recentRows.map((row) => ({
      id: row.id,
      orderNumber: row.orderNumber,
      email: row.email,
      placedAt: row.placedAt.toISOString(),
      status: row.status,
      total: centsToAmount(row.totalCents),
    })),
    openReturns: {
      count: returnCount?.count ?? 0,
      latest: returnRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    },
  };
}
