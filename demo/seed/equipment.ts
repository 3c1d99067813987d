/**
 * The demo store's equipment models: 300+ models from the series in equipment-content.ts, each with
 * label variants, a generated exploded-view drawing and 10–40 numbered callouts. The models and their
 * drawings depend only on the content (so the image route can draw a diagram from its URL); which
 * catalog product each callout stands for is chosen when the catalog is seeded, among the products
 * the demo catalog has, the model's own brand first.
 */
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import {
  equipmentCalloutParts,
  equipmentCallouts,
  equipmentDiagrams,
  equipmentModelKeys,
  equipmentModels,
  equipmentRebuildKitParts,
  equipmentRebuildKits,
} from "../../db/schema/equipment.ts";
import { modelNumberKeys } from "../../shared/model-number.ts";
import type { DemoImageKind } from "../images/image-kinds.ts";
import { brandByHandle } from "./content/brands.ts";
import {
  AFTERMARKET_BRANDS,
  type EquipmentRoleSeed,
  type EquipmentSeriesSeed,
  type EquipmentTypeKey,
  equipmentRoles,
  equipmentSeries,
} from "./equipment-content.ts";
import { slugify } from "./part-number.ts";
import { createRng, deriveSeed, type Rng } from "./random.ts";

export const EQUIPMENT_SEED = 20251117;
const MIN_CALLOUTS = 10;
const MAX_CALLOUTS = 40;

export interface DemoCallout {
  keyNumber: string;
  label: string;
  kind: DemoImageKind;
  role: EquipmentRoleSeed;
  quantity: number;
  /** Bubble position in percent of the drawing (what the page's hotspots sit on). */
  x: number;
  y: number;
  /** Where the part's icon sits, in drawing units (1200 x 800). */
  iconX: number;
  iconY: number;
  iconScale: number;
}

export interface DemoEquipmentModel {
  handle: string;
  brand: string;
  brandName: string;
  type: EquipmentTypeKey;
  series: string;
  seriesSeed: EquipmentSeriesSeed;
  sizeLabel: string;
  name: string;
  modelNumber: string;
  /** Other numbers and the label variants, as printed. */
  aliases: string[];
  yearFrom: number;
  yearTo: number | null;
  callouts: DemoCallout[];
}

/** "SP2610X15" → "SP-2610-X15": a dash after the leading letters and before each later letter group. */
export function dashedVariant(modelNumber: string): string {
  return modelNumber.replace(/^([A-Z]+)(\d)/, "$1-$2").replace(/(\d)([A-Z])/g, "$1-$2");
}

function layoutCallouts(roles: { role: EquipmentRoleSeed; quantity: number }[]): DemoCallout[] {
  const count = roles.length;
  const rows = count <= 12 ? 2 : count <= 24 ? 3 : 4;
  const cols = Math.ceil(count / rows);
  const top = 130;
  const rowHeight = (780 - top) / rows;
  const cellWidth = 1120 / cols;
  const iconSize = Math.min(cellWidth * 0.72, rowHeight * 0.56, 130);
  return roles.map(({ role, quantity }, i) => {
    const row = Math.floor(i / cols);
    // Alternate rows run the other way: the exploded view reads as one zig-zag axis.
    const col = row % 2 === 0 ? i % cols : cols - 1 - (i % cols);
    const iconX = 40 + cellWidth * (col + 0.5);
    const iconY = top + rowHeight * row + rowHeight * 0.62;
    const bubbleX = iconX + (i % 2 === 0 ? -1 : 1) * Math.min(cellWidth * 0.22, 28);
    const bubbleY = top + rowHeight * row + rowHeight * 0.16;
    return {
      keyNumber: String(i + 1),
      label: role.label,
      kind: role.kind,
      role,
      quantity,
      x: Math.round((bubbleX / 1200) * 10000) / 100,
      y: Math.round((bubbleY / 800) * 10000) / 100,
      iconX,
      iconY,
      iconScale: iconSize / 200,
    };
  });
}

function chooseRoles(rng: Rng, series: EquipmentSeriesSeed): { role: EquipmentRoleSeed; quantity: number }[] {
  const all = equipmentRoles[series.type].filter((role) => !role.only || role.only === series.cleaner);
  const wanted = Math.min(MAX_CALLOUTS, all.length, Math.max(MIN_CALLOUTS, rng.int(MIN_CALLOUTS, all.length)));
  const optional = all.filter((role) => !role.core);
  const dropped = new Set(rng.sample(optional, Math.max(0, all.length - wanted)));
  return all
    .filter((role) => !dropped.has(role))
    .map((role) => {
      const q = role.quantity ?? 1;
      return { role, quantity: typeof q === "number" ? q : rng.int(q[0], q[1]) };
    });
}

let cachedModels: DemoEquipmentModel[] | null = null;

/** Every demo model, in a fixed order (the inserted id is the index + 1). */
export function demoEquipmentModels(): DemoEquipmentModel[] {
  if (cachedModels) return cachedModels;
  const models: DemoEquipmentModel[] = [];
  const handles = new Set<string>();
  for (const series of equipmentSeries) {
    const brand = brandByHandle(series.brand);
    for (const [code, sizeLabel] of series.sizes) {
      const modelNumber = series.pattern.replace("{c}", code);
      const rng = createRng(deriveSeed(EQUIPMENT_SEED, "model", modelNumber));
      const aliases: string[] = [];
      for (const pattern of series.aliasPatterns ?? []) {
        aliases.push(pattern.replace("{n}", modelNumber).replace("{c}", code));
      }
      if (rng.chance(0.6)) aliases.push(`${modelNumber}-${rng.pick(["A", "B", "C"])}`);
      const dashed = dashedVariant(modelNumber);
      if (dashed !== modelNumber) aliases.push(dashed);
      if (rng.chance(0.15)) aliases.push(`${modelNumber}-UL`);
      let handle = slugify(`${brand.name} ${series.series} ${modelNumber}`);
      while (handles.has(handle)) handle = `${handle}-2`;
      handles.add(handle);
      const yearFrom = series.years[0] + rng.int(0, 3);
      const yearTo = series.years[1];
      models.push({
        handle,
        brand: brand.handle,
        brandName: brand.name,
        type: series.type,
        series: series.series,
        seriesSeed: series,
        sizeLabel,
        name: `${brand.name} ${series.series} ${sizeLabel}`.replace(/\s+/g, " ").trim(),
        modelNumber,
        aliases: [...new Set(aliases)],
        yearFrom,
        yearTo,
        callouts: layoutCallouts(chooseRoles(rng, series)),
      });
    }
  }
  cachedModels = models;
  return models;
}

const modelsByHandle = new Map<string, DemoEquipmentModel>();
export function demoEquipmentModel(handle: string): DemoEquipmentModel | undefined {
  if (modelsByHandle.size === 0) for (const model of demoEquipmentModels()) modelsByHandle.set(model.handle, model);
  return modelsByHandle.get(handle);
}

export function demoDiagramUrl(handle: string): string {
  return `/img/demo-diagram/${handle}.svg`;
}

export function demoEquipmentImageUrl(handle: string): string {
  return `/img/demo-equipment/${handle}.svg`;
}

// ---------------------------------------------------------------- products for the callouts

/** A catalog product a callout may stand for (collected while the catalog is generated). */
export interface EquipmentPartCandidate {
  productId: number;
  vendorHandle: string;
  templateKey: string;
  partName: string | null;
  kind: string;
}

/** The templates any diagram draws from: the seeder collects only their products. */
export const EQUIPMENT_TEMPLATE_KEYS: ReadonlySet<string> = new Set(
  Object.values(equipmentRoles).flatMap((roles) => roles.flatMap((role) => role.templates)),
);

class CandidateIndex {
  private readonly byRole = new Map<EquipmentRoleSeed, EquipmentPartCandidate[]>();
  private readonly candidates: readonly EquipmentPartCandidate[];
  constructor(candidates: readonly EquipmentPartCandidate[]) {
    this.candidates = candidates;
  }

  private readonly splits = new Map<string, { own: EquipmentPartCandidate[]; aftermarket: EquipmentPartCandidate[] }>();

  /** The role's parts of one brand, and the aftermarket makers' (computed once per role and brand). */
  split(role: EquipmentRoleSeed, brand: string) {
    const key = `${role.label}\u0000${role.templates.join(",")}\u0000${brand}`;
    let found = this.splits.get(key);
    if (!found) {
      const list = this.forRole(role);
      found = {
        own: list.filter((c) => c.vendorHandle === brand),
        aftermarket: list.filter((c) => AFTERMARKET_BRANDS.includes(c.vendorHandle)),
      };
      this.splits.set(key, found);
    }
    return found;
  }

  forRole(role: EquipmentRoleSeed): EquipmentPartCandidate[] {
    let list = this.byRole.get(role);
    if (!list) {
      list = this.candidates.filter(
        (c) =>
          role.templates.includes(c.templateKey) &&
          (role.parts === undefined || (c.partName !== null && role.parts.includes(c.partName))),
      );
      // Any part of the same templates when the catalog is too small to have this one.
      if (list.length === 0) list = this.candidates.filter((c) => role.templates.includes(c.templateKey));
      // A small catalog (tests) may lack the template: a part of the same kind, else any part.
      if (list.length === 0) list = this.candidates.filter((c) => c.kind === role.kind);
      if (list.length === 0) list = [...this.candidates];
      this.byRole.set(role, list);
    }
    return list;
  }
}

/** The seeder's multi-row insert (seed.ts), bound to its transaction. */
export type InsertRows = <T extends PgTable>(table: T, rows: readonly T["$inferInsert"][]) => Promise<void>;

const NOTES = [
  "Serial numbers before 2015",
  "Serial numbers 2015 and later",
  "Replaces the original part; fits all years",
  "Order two for a complete repair",
];

/**
 * Writes the demo models, their keys, diagrams, callouts, parts and rebuild kits. Rows carry explicit
 * ids (models 1..n, diagram id = model id) so children need no RETURNING round trips.
 */
export async function insertDemoEquipment(
  db: Database,
  candidates: readonly EquipmentPartCandidate[],
  vendorIds: ReadonlyMap<string, number>,
  insert: InsertRows,
): Promise<{ models: number; callouts: number }> {
  if (candidates.length === 0) return { models: 0, callouts: 0 };
  const index = new CandidateIndex(candidates);
  const modelRows: (typeof equipmentModels.$inferInsert)[] = [];
  const keyRows: (typeof equipmentModelKeys.$inferInsert)[] = [];
  const diagramRows: (typeof equipmentDiagrams.$inferInsert)[] = [];
  const calloutRows: (typeof equipmentCallouts.$inferInsert)[] = [];
  const partRows: (typeof equipmentCalloutParts.$inferInsert)[] = [];
  const kitRows: (typeof equipmentRebuildKits.$inferInsert)[] = [];
  const kitPartRows: (typeof equipmentRebuildKitParts.$inferInsert)[] = [];
  let calloutId = 0;

  for (const [i, model] of demoEquipmentModels().entries()) {
    const id = i + 1;
    const vendorId = vendorIds.get(model.brand);
    if (vendorId === undefined) continue;
    modelRows.push({
      id,
      handle: model.handle,
      vendorId,
      equipmentType: model.type,
      series: model.series,
      name: model.name,
      modelNumber: model.modelNumber,
      aliases: model.aliases,
      yearFrom: model.yearFrom,
      yearTo: model.yearTo,
      imageUrl: demoEquipmentImageUrl(model.handle),
      description: `Exploded parts diagram and replacement parts for the ${model.brandName} ${model.series} ${model.modelNumber} (${model.sizeLabel}), made from ${model.yearFrom}${model.yearTo ? ` to ${model.yearTo}` : ""}.`,
    });
    for (const { key, strength } of modelNumberKeys(model.modelNumber, model.aliases)) {
      keyRows.push({ key, equipmentId: id, strength });
    }
    diagramRows.push({
      id,
      equipmentId: id,
      title: `${model.series} ${model.modelNumber} exploded view`,
      imageUrl: demoDiagramUrl(model.handle),
      position: 1,
    });
    const kitParts = new Map<number, number>();
    for (const [position, callout] of model.callouts.entries()) {
      const list = index.forRole(callout.role);
      if (list.length === 0) continue;
      calloutId++;
      calloutRows.push({
        id: calloutId,
        diagramId: id,
        keyNumber: callout.keyNumber,
        label: callout.label,
        x: callout.x,
        y: callout.y,
        position: position + 1,
      });
      // Parts shared by a whole series are chosen once for it; sized parts per model.
      const rng = createRng(
        deriveSeed(
          EQUIPMENT_SEED,
          callout.role.perModel ? model.handle : `${model.brand}/${model.series}`,
          callout.label,
        ),
      );
      const { own, aftermarket } = index.split(callout.role, model.brand);
      const first = rng.pick(own.length > 0 ? own : aftermarket.length > 0 ? aftermarket : list);
      const chosen = [first];
      const alternative = aftermarket.filter((c) => c.productId !== first.productId);
      if (alternative.length > 0 && rng.chance(0.35)) chosen.push(rng.pick(alternative));
      else if (rng.chance(0.08)) {
        const later = list.filter((c) => c.productId !== first.productId);
        if (later.length > 0) chosen.push(rng.pick(later));
      }
      for (const [n, part] of chosen.entries()) {
        const note =
          chosen.length === 1
            ? rng.chance(0.1)
              ? NOTES[2]
              : null
            : part.vendorHandle !== model.brand && AFTERMARKET_BRANDS.includes(part.vendorHandle)
              ? "Aftermarket alternative"
              : NOTES[n];
        partRows.push({
          calloutId,
          productId: part.productId,
          equipmentId: id,
          quantity: callout.quantity,
          note,
          position: n + 1,
        });
      }
      if (callout.role.kit) kitParts.set(first.productId, (kitParts.get(first.productId) ?? 0) + callout.quantity);
    }
    if (kitParts.size >= 2) {
      kitRows.push({
        id,
        equipmentId: id,
        name: `${model.series} ${model.modelNumber} rebuild kit`,
        description: "The seals, O-rings and gaskets a rebuild replaces, in the quantities the model uses.",
      });
      for (const [productId, quantity] of kitParts) kitPartRows.push({ kitId: id, productId, quantity });
    }
  }

  await insert(equipmentModels, modelRows);
  await insert(equipmentModelKeys, keyRows);
  await insert(equipmentDiagrams, diagramRows);
  await insert(equipmentCallouts, calloutRows);
  await insert(equipmentCalloutParts, partRows);
  await insert(equipmentRebuildKits, kitRows);
  await insert(equipmentRebuildKitParts, kitPartRows);
  for (const table of ["equipment_models", "equipment_diagrams", "equipment_callouts", "equipment_rebuild_kits"]) {
    await db.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), greatest(1, (SELECT max(id) FROM "${table}")))`,
      ),
    );
  }
  return { models: modelRows.length, callouts: calloutRows.length };
}
