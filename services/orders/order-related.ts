// Products to suggest on an order that can still take additions (Add to Order): first those other
// customers bought together with this order's products, then those sharing a collection with them.
// Only products on sale and not already on the order.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

export const ORDER_RELATED_LIMIT = 4;

export async function findOrderRelatedProductIds(
  db: Pick<Database, "execute">,
  orderId: number,
  limit = ORDER_RELATED_LIMIT,
): Promise<number[]> {
  const result = (await db.execute(sql`
    with mine as (
      select distinct product_id from order_line_items where order_id = ${orderId} and product_id is not null
    ),
    bought_with as (
      select other.product_id, count(distinct other.order_id)::int * 10 as score
      from order_line_items li
      join order_line_items other on other.order_id = li.order_id and other.order_id <> ${orderId}
      where li.product_id in (select product_id from mine) and other.product_id is not null
      group by other.product_id
    ),
    same_collection as (
      select cp2.product_id, count(distinct cp2.collection_id)::int as score
      from collection_products cp
      join collection_products cp2 on cp2.collection_id = cp.collection_id
      where cp.product_id in (select product_id from mine)
      group by cp2.product_id
    ),
    candidates as (
      select product_id, sum(score)::int as score
      from (select * from bought_with union all select * from same_collection) c
      group by product_id
    )
    select p.id
    from candidates c
    join products p on p.id = c.product_id
    where p.id not in (select product_id from mine)
      and p.available_for_sale
      and p.published_at is not null and p.published_at <= now()
    order by c.score desc, p.id
    limit ${limit}
  `)) as unknown as { rows: Array<{ id: number }> };
  return result.rows.map((row) => Number(row.id));
}
