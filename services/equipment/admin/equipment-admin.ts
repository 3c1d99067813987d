// Back-office writes to the equipment catalog: a model's fields and label variants, its diagram's
// callouts (placed on the drawing, mapped to products by part number, superseded numbers leading to
// today's part), and the supplier's fitment CSV (model number → part number), checked row by row in a
// dry run and applied in one transaction. Each write records an audit entry in its transaction.
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import type { CalloutInput, EquipmentModelInput } from "../../../shared/admin/equipment.ts";
import { modelNumberKeys, normalizeModelNumber } from "../../../shared/model-number.ts";
import { type AuditActor, recordAudit } from "../../audit/audit-log.ts";
import { InvalidInput, NotFound } from "../../errors.ts";
import { queryRows } from "../../search/query-rows.ts";
import { getEquipmentByHandle } from "../equipment-catalog.ts";
import { findModelsByNumber } from "../model-lookup.ts";

async function modelRow(db: Database, id: number) {
  const [row] = await queryRows<{ id: number; handle: string; model_number: string }>(
    db,
    sql`select id, handle, model_number from equipment_models where id = ${id}`,
  );
  if (!row) throw new NotFound(`No equipment model ${id}.`);
  return row;
}

export async function loadModelForEditing(db: Database, id: number) {
  const row = await modelRow(db, id);
  return getEquipmentByHandle(db, row.handle);
}

async function writeKeys(db: Database, id: number, modelNumber: string, aliases: readonly string[]) {
  await db.execute(sql`delete from equipment_model_keys where equipment_id = ${id}`);
  for (const { key, strength } of modelNumberKeys(modelNumber, aliases)) {
    await db.execute(
      sql`insert into equipment_model_keys (key, equipment_id, strength) values (${key}, ${id}, ${strength}) on conflict do nothing`,
    );
  }
}

export async function updateEquipmentModel(db: Database, actor: AuditActor, id: number, input: EquipmentModelInput) {
  const before = await loadModelForEditing(db, id);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.execute(sql`update equipment_models set name = ${input.name}, series = ${input.series},
      model_number = ${input.modelNumber}, aliases = ${sql.param(input.aliases)}::text[],
      year_from = ${input.yearFrom}, year_to = ${input.yearTo}, description = ${input.description}, updated_at = now()
      where id = ${id}`);
    await writeKeys(t, id, input.modelNumber, input.aliases);
    if (input.diagramImageUrl) {
      const [diagram] = await queryRows<{ id: number }>(
        t,
        sql`select id from equipment_diagrams where equipment_id = ${id} order by position, id limit 1`,
      );
      if (diagram)
        await t.execute(
          sql`update equipment_diagrams set image_url = ${input.diagramImageUrl} where id = ${diagram.id}`,
        );
      else
        await t.execute(sql`insert into equipment_diagrams (equipment_id, title, image_url) values
          (${id}, ${`${input.series} ${input.modelNumber} exploded view`}, ${input.diagramImageUrl})`);
    }
    await recordAudit(tx, {
      ...actor,
      action: "equipment.update",
      entity: "equipment",
      entityId: id,
      before: { name: before.name, series: before.series, modelNumber: before.modelNumber, aliases: before.aliases },
      after: input,
    });
  });
  return loadModelForEditing(db, id);
}

/** Products by printed part number: today's number first, else the product that superseded it. */
export async function resolvePartNumbers(db: Database, printed: readonly string[]): Promise<Map<string, number>> {
  const keys = [...new Set(printed.map(normalizeModelNumber).filter(Boolean))];
  const found = new Map<string, number>();
  if (keys.length === 0) return found;
  const direct = await queryRows<{ id: number; key: string }>(
    db,
    sql`select min(id)::int as id, part_number_normalized as key from products
      where part_number_normalized = any(${sql.param(keys)}::text[]) group by part_number_normalized`,
  );
  for (const row of direct) found.set(row.key, row.id);
  const missing = keys.filter((key) => !found.has(key));
  if (missing.length > 0) {
    const superseded = await queryRows<{ id: number; key: string }>(
      db,
      sql`select min(p.id)::int as id, s.key from products p
        cross join lateral (select lower(regexp_replace(old, '[^a-zA-Z0-9]', '', 'g')) as key
          from unnest(p.superseded_part_numbers) old) s
        where cardinality(p.superseded_part_numbers) > 0 and s.key = any(${sql.param(missing)}::text[]) group by s.key`,
    );
    for (const row of superseded) found.set(row.key, row.id);
  }
  return found;
}

async function diagramOf(db: Database, equipmentId: number): Promise<number> {
  const [diagram] = await queryRows<{ id: number }>(
    db,
    sql`select id from equipment_diagrams where equipment_id = ${equipmentId} order by position, id limit 1`,
  );
  if (diagram) return diagram.id;
  const model = await modelRow(db, equipmentId);
  const [created] = await queryRows<{ id: number }>(
    db,
    sql`insert into equipment_diagrams (equipment_id, title, image_url) values
      (${equipmentId}, ${`${model.model_number} parts`}, '') returning id`,
  );
  return created.id;
}

/** Adds a callout to the model's diagram, or changes the one with the same key number. */
export async function saveCallout(db: Database, actor: AuditActor, equipmentId: number, input: CalloutInput) {
  await modelRow(db, equipmentId);
  const products = await resolvePartNumbers(
    db,
    input.parts.map((p) => p.partNumber),
  );
  const unknown = input.parts.filter((p) => !products.has(normalizeModelNumber(p.partNumber)));
  if (unknown.length > 0) {
    throw new InvalidInput(
      `No product has the part number ${unknown.map((p) => p.partNumber).join(", ")}. Check the number, or add the product first.`,
    );
  }
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const diagramId = await diagramOf(t, equipmentId);
    const [callout] = await queryRows<{ id: number }>(
      t,
      sql`insert into equipment_callouts (diagram_id, key_number, label, x, y, position)
        values (${diagramId}, ${input.keyNumber}, ${input.label}, ${input.x}, ${input.y},
          (select coalesce(max(position), 0) + 1 from equipment_callouts where diagram_id = ${diagramId}))
        on conflict (diagram_id, key_number) do update set label = excluded.label, x = excluded.x, y = excluded.y
        returning id`,
    );
    await t.execute(sql`delete from equipment_callout_parts where callout_id = ${callout.id}`);
    for (const [position, part] of input.parts.entries()) {
      await t.execute(sql`insert into equipment_callout_parts (callout_id, product_id, equipment_id, quantity, note, position)
        values (${callout.id}, ${products.get(normalizeModelNumber(part.partNumber))}, ${equipmentId}, ${part.quantity}, ${part.note}, ${position + 1})
        on conflict (callout_id, product_id) do update set quantity = excluded.quantity, note = excluded.note`);
    }
    await recordAudit(tx, {
      ...actor,
      action: "equipment.callout.save",
      entity: "equipment",
      entityId: equipmentId,
      after: input,
    });
  });
  return loadModelForEditing(db, equipmentId);
}

export async function deleteCallout(db: Database, actor: AuditActor, equipmentId: number, keyNumber: string) {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`delete from equipment_callouts c using equipment_diagrams d
        where c.diagram_id = d.id and d.equipment_id = ${equipmentId} and c.key_number = ${keyNumber} returning c.id`,
    );
    if (rows.length === 0) throw new NotFound(`The diagram has no callout ${keyNumber}.`);
    await recordAudit(tx, {
      ...actor,
      action: "equipment.callout.delete",
      entity: "equipment",
      entityId: equipmentId,
      before: { keyNumber },
    });
  });
  return loadModelForEditing(db, equipmentId);
}

export interface ImportProblem {
  /** 1-based line of the file (the header is line 1). */
  row: number;
  message: string;
}

export interface ImportResult {
  dryRun: boolean;
  applied: boolean;
  rows: number;
  models: number;
  calloutsAdded: number;
  partsMapped: number;
  problems: ImportProblem[];
}

const MAX_IMPORT_ROWS = 20_000;

/**
 * The supplier's fitment list: one row per (model number, part number), with the diagram's key number,
 * the part's name on the drawing, the quantity and a note when they have them. A row without a key
 * maps the part under a callout named after its label (or "Other parts"). Nothing is written unless
 * every row is good, and then all of it in one transaction.
 */
export async function importFitments(
  db: Database,
  actor: AuditActor,
  csv: string,
  dryRun: boolean,
): Promise<ImportResult> {
  let records: Record<string, string>[];
  try {
    records = parse(csv, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase().replace(/\s+/g, "_")),
      skip_empty_lines: true,
      trim: true,
      bom: true,
    });
  } catch (error) {
    throw new InvalidInput(`The file is not a CSV file the store can read: ${(error as Error).message}`);
  }
  if (records.length === 0) throw new InvalidInput("The file has a header but no rows.");
  if (records.length > MAX_IMPORT_ROWS) throw new InvalidInput(`At most ${MAX_IMPORT_ROWS} rows per file: split it.`);
  const first = records[0];
  for (const column of ["model_number", "part_number"]) {
    if (!(column in first))
      throw new InvalidInput(`The file needs a ${column} column (found: ${Object.keys(first).join(", ")}).`);
  }
  const problems: ImportProblem[] = [];
  const products = await resolvePartNumbers(
    db,
    records.map((r) => r.part_number ?? ""),
  );
  const modelIds = new Map<string, number>();
  for (const number of new Set(records.map((r) => r.model_number ?? ""))) {
    if (!number) continue;
    const [match] = await findModelsByNumber(db, number, 2);
    if (match && match.strength <= 2) modelIds.set(number, match.equipmentId);
  }
  interface Planned {
    equipmentId: number;
    key: string | null;
    label: string;
    productId: number;
    quantity: number;
    note: string | null;
  }
  const planned: Planned[] = [];
  records.forEach((record, index) => {
    const row = index + 2;
    const equipmentId = modelIds.get(record.model_number ?? "");
    const productId = products.get(normalizeModelNumber(record.part_number ?? ""));
    const quantityText = record.quantity ?? "";
    const quantity = quantityText === "" ? 1 : Number(quantityText);
    const key = (record.key ?? "").trim();
    if (!record.model_number) problems.push({ row, message: "model_number is empty." });
    else if (equipmentId === undefined)
      problems.push({ row, message: `No model has the number ${record.model_number}.` });
    if (!record.part_number) problems.push({ row, message: "part_number is empty." });
    else if (productId === undefined)
      problems.push({ row, message: `No product has the part number ${record.part_number}.` });
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 999)
      problems.push({ row, message: `quantity must be a whole number from 1 to 999, not "${quantityText}".` });
    if (key !== "" && !/^[0-9]{1,4}[A-Za-z]?$/.test(key))
      problems.push({ row, message: `key must be a number such as 7 or 12A, not "${key}".` });
    if (equipmentId !== undefined && productId !== undefined) {
      planned.push({
        equipmentId,
        key: key || null,
        label: (record.label ?? "").slice(0, 120) || "Other parts",
        productId,
        quantity,
        note: (record.note ?? "").slice(0, 200) || null,
      });
    }
  });
  const result: ImportResult = {
    dryRun,
    applied: false,
    rows: records.length,
    models: new Set(planned.map((p) => p.equipmentId)).size,
    calloutsAdded: 0,
    partsMapped: planned.length,
    problems,
  };
  if (problems.length > 0 || dryRun) return result;

  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    for (const plan of planned) {
      const diagramId = await diagramOf(t, plan.equipmentId);
      let key = plan.key;
      if (key === null) {
        const [same] = await queryRows<{ key_number: string }>(
          t,
          sql`select key_number from equipment_callouts where diagram_id = ${diagramId} and label = ${plan.label} limit 1`,
        );
        key = same?.key_number ?? null;
      }
      if (key === null) {
        const [next] = await queryRows<{ n: number }>(
          t,
          sql`select coalesce(max(nullif(regexp_replace(key_number, '[^0-9]', '', 'g'), '')::int), 0) + 1 as n
            from equipment_callouts where diagram_id = ${diagramId}`,
        );
        key = String(next.n);
      }
      // A new callout sits in the drawing's lower margin until someone places it.
      const [callout] = await queryRows<{ id: number; inserted: boolean }>(
        t,
        sql`insert into equipment_callouts (diagram_id, key_number, label, x, y, position)
          values (${diagramId}, ${key}, ${plan.label}, 4, 96,
            (select coalesce(max(position), 0) + 1 from equipment_callouts where diagram_id = ${diagramId}))
          on conflict (diagram_id, key_number) do update set label = equipment_callouts.label
          returning id, (xmax = 0) as inserted`,
      );
      if (callout.inserted) result.calloutsAdded++;
      await t.execute(sql`insert into equipment_callout_parts (callout_id, product_id, equipment_id, quantity, note, position)
        values (${callout.id}, ${plan.productId}, ${plan.equipmentId}, ${plan.quantity}, ${plan.note},
          (select coalesce(max(position), 0) + 1 from equipment_callout_parts where callout_id = ${callout.id}))
        on conflict (callout_id, product_id) do update set quantity = excluded.quantity, note = coalesce(excluded.note, equipment_callout_parts.note)`);
    }
    await recordAudit(tx, {
      ...actor,
      action: "equipment.import",
      entity: "equipment",
      after: { rows: result.rows, models: result.models, partsMapped: result.partsMapped },
    });
  });
  result.applied = true;
  return result;
}
