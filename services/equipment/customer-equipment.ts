// "My equipment": the models a customer saved, each with an optional nickname. Every query is
// filtered by the signed-in customer's id; a model of someone else's list is never read or changed.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { MAX_SAVED_EQUIPMENT } from "../../shared/equipment.ts";
import { Conflict, NotFound } from "../errors.ts";
import { queryRows } from "../search/query-rows.ts";
import { type EquipmentSummary, loadEquipmentSummaries } from "./equipment-catalog.ts";

export interface CustomerEquipment extends EquipmentSummary {
  /** The saved entry's id. */
  savedId: number;
  nickname: string | null;
  savedAt: string;
}

export async function listCustomerEquipment(db: Database, customerId: number): Promise<CustomerEquipment[]> {
  const rows = await queryRows<{
    id: number;
    equipment_id: number;
    nickname: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select id, equipment_id, nickname, created_at from customer_equipment
      where customer_id = ${customerId} order by created_at, id`,
  );
  const summaries = await loadEquipmentSummaries(
    db,
    rows.map((r) => r.equipment_id),
  );
  const byId = new Map(summaries.map((s) => [s.id, s]));
  return rows.flatMap((row) => {
    const summary = byId.get(row.equipment_id);
    if (!summary) return [];
    return [
      {
        ...summary,
        savedId: row.id,
        nickname: row.nickname,
        savedAt: new Date(row.created_at).toISOString(),
      },
    ];
  });
}

export interface SaveItem {
  handle: string;
  nickname?: string | null;
}

/**
 * Saves models to the customer's list (a saved one gets the new nickname when one is given): one
 * model from the model page, or a guest's whole list when they sign in. Unknown handles are refused
 * when saving one and skipped when merging (a guest's list may name a model since removed).
 */
export async function saveCustomerEquipment(
  db: Database,
  customerId: number,
  items: readonly SaveItem[],
  options: { merge?: boolean } = {},
): Promise<CustomerEquipment[]> {
  const handles = [...new Set(items.map((item) => item.handle))];
  const found = await queryRows<{ id: number; handle: string }>(
    db,
    sql`select id, handle from equipment_models where handle = any(${sql.param(handles)}::text[])`,
  );
  const idByHandle = new Map(found.map((row) => [row.handle, row.id]));
  if (!options.merge) {
    const missing = handles.find((handle) => !idByHandle.has(handle));
    if (missing) throw new NotFound(`No equipment model with the handle "${missing}".`);
  }
  const rows = items.flatMap((item) => {
    const equipmentId = idByHandle.get(item.handle);
    return equipmentId === undefined ? [] : [{ equipmentId, nickname: item.nickname ?? null }];
  });
  await db.transaction(async (tx) => {
    // Serialise writes to one customer's list, so the size limit holds under concurrent saves.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('customer_equipment'), ${customerId})`);
    for (const row of rows) {
      await tx.execute(sql`insert into customer_equipment (customer_id, equipment_id, nickname)
        values (${customerId}, ${row.equipmentId}, ${row.nickname})
        on conflict (customer_id, equipment_id) do update
        set nickname = coalesce(excluded.nickname, customer_equipment.nickname)`);
    }
    const [count] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from customer_equipment where customer_id = ${customerId}`,
    );
    if ((count?.n ?? 0) > MAX_SAVED_EQUIPMENT) {
      throw new Conflict(`You can save up to ${MAX_SAVED_EQUIPMENT} models. Remove one you no longer have first.`);
    }
  });
  return listCustomerEquipment(db, customerId);
}

/** Removes a model from the customer's list; NotFound when it is not on it (someone else's included). */
export async function removeCustomerEquipment(db: Database, customerId: number, handle: string): Promise<void> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from customer_equipment ce using equipment_models m
      where ce.equipment_id = m.id and m.handle = ${handle} and ce.customer_id = ${customerId}
      returning ce.id`,
  );
  if (rows.length === 0) throw new NotFound(`"${handle}" is not in your equipment.`);
}

/** For each model handle, the ids of the products its diagrams name (badges and "Fits my equipment"). */
export async function productIdsFittingModels(
  db: Database,
  handles: readonly string[],
): Promise<{ handle: string; productIds: number[] }[]> {
  if (handles.length === 0) return [];
  const rows = await queryRows<{ handle: string; product_ids: number[] }>(
    db,
    sql`select m.handle, coalesce(array_agg(distinct cp.product_id) filter (where cp.product_id is not null), '{}') as product_ids
      from equipment_models m left join equipment_callout_parts cp on cp.equipment_id = m.id
      where m.handle = any(${sql.param([...handles])}::text[]) group by m.handle`,
  );
  return rows.map((r) => ({ handle: r.handle, productIds: r.product_ids.map(Number) }));
}
