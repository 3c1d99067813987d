// Equipment: the pumps, filters, heaters... shoppers own, their exploded parts diagrams, the numbered
// callouts on each drawing and the catalog products each callout stands for; and the models a shopper
// saved as "My equipment". Column names come from the camelCase keys (casing: "snake_case").
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { products, vendors } from "./catalog.ts";
import { customers } from "./customers.ts";

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const equipmentModels = pgTable(
  "equipment_models",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    handle: text().notNull().unique("equipment_models_handle_unique"),
    vendorId: integer()
      .notNull()
      .references(() => vendors.id, { onDelete: "restrict" }),
    /** pump, filter, heater, heat-pump, salt-chlorinator, cleaner, spa-pack, light, automation. */
    equipmentType: text().notNull(),
    series: text().notNull(),
    name: text().notNull(),
    /** As the manufacturer prints it (`SP2610X15`). */
    modelNumber: text().notNull(),
    /** Other numbers and the label variants (`SP2610X15-A`, `SP-2610-X15`), as printed. */
    aliases: text().array().notNull().default(sql`'{}'::text[]`),
    yearFrom: smallint(),
    yearTo: smallint(),
    imageUrl: text(),
    description: text(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("equipment_models_browse_idx").on(t.vendorId, t.equipmentType, t.series, t.name),
    index("equipment_models_type_idx").on(t.equipmentType),
  ],
);

/**
 * The normalised keys a model is found by (services/equipment/model-number.ts): the model number, each
 * alias and label variant, and each of them without its known suffix. Looked up by equality (and by
 * prefix) on the btree, never scanned.
 */
export const equipmentModelKeys = pgTable(
  "equipment_model_keys",
  {
    key: text().notNull(),
    equipmentId: integer()
      .notNull()
      .references(() => equipmentModels.id, { onDelete: "cascade" }),
    /** 0 the model number, 1 an alias or label variant, 2 a number without its suffix. */
    strength: smallint().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.equipmentId] }),
    index("equipment_model_keys_prefix_idx").using("btree", sql`${t.key} text_pattern_ops`),
    index("equipment_model_keys_equipment_id_idx").on(t.equipmentId),
  ],
);

export const equipmentDiagrams = pgTable(
  "equipment_diagrams",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    equipmentId: integer()
      .notNull()
      .references(() => equipmentModels.id, { onDelete: "cascade" }),
    title: text().notNull(),
    imageUrl: text().notNull(),
    position: integer().notNull().default(1),
  },
  (t) => [index("equipment_diagrams_equipment_id_idx").on(t.equipmentId, t.position)],
);

export const equipmentCallouts = pgTable(
  "equipment_callouts",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    diagramId: integer()
      .notNull()
      .references(() => equipmentDiagrams.id, { onDelete: "cascade" }),
    /** The number printed on the drawing ("7", "12A"). */
    keyNumber: text().notNull(),
    /** What the drawing calls the part ("Shaft seal"). */
    label: text().notNull(),
    /** Position on the drawing in percent of its width and height (0–100). */
    x: numeric({ precision: 5, scale: 2, mode: "number" }).notNull(),
    y: numeric({ precision: 5, scale: 2, mode: "number" }).notNull(),
    position: integer().notNull().default(1),
  },
  (t) => [
    index("equipment_callouts_diagram_id_idx").on(t.diagramId, t.position),
    unique("equipment_callouts_diagram_key_unique").on(t.diagramId, t.keyNumber),
    check("equipment_callouts_position_range", sql`${t.x} between 0 and 100 and ${t.y} between 0 and 100`),
  ],
);

/** A callout's products. equipmentId is the callout's model, kept here so "fits" is one indexed lookup. */
export const equipmentCalloutParts = pgTable(
  "equipment_callout_parts",
  {
    calloutId: integer()
      .notNull()
      .references(() => equipmentCallouts.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    equipmentId: integer()
      .notNull()
      .references(() => equipmentModels.id, { onDelete: "cascade" }),
    quantity: integer().notNull().default(1),
    /** "Serial numbers before 2015". */
    note: text(),
    position: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.calloutId, t.productId] }),
    index("equipment_callout_parts_equipment_product_idx").on(t.equipmentId, t.productId),
    index("equipment_callout_parts_product_id_idx").on(t.productId),
    check("equipment_callout_parts_quantity_positive", sql`${t.quantity} between 1 and 999`),
  ],
);

/** A set of the model's parts sold together for a rebuild ("Seal and O-ring rebuild kit"). */
export const equipmentRebuildKits = pgTable(
  "equipment_rebuild_kits",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    equipmentId: integer()
      .notNull()
      .references(() => equipmentModels.id, { onDelete: "cascade" }),
    name: text().notNull(),
    description: text(),
  },
  (t) => [index("equipment_rebuild_kits_equipment_id_idx").on(t.equipmentId)],
);

export const equipmentRebuildKitParts = pgTable(
  "equipment_rebuild_kit_parts",
  {
    kitId: integer()
      .notNull()
      .references(() => equipmentRebuildKits.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.kitId, t.productId] }),
    check("equipment_rebuild_kit_parts_quantity_positive", sql`${t.quantity} between 1 and 999`),
  ],
);

/** "My equipment": the models a customer saved, with their own name for each ("Backyard pump"). */
export const customerEquipment = pgTable(
  "customer_equipment",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    equipmentId: integer()
      .notNull()
      .references(() => equipmentModels.id, { onDelete: "cascade" }),
    nickname: text(),
    createdAt: createdAt(),
  },
  (t) => [unique("customer_equipment_customer_equipment_unique").on(t.customerId, t.equipmentId)],
);
