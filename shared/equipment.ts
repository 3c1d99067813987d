// Equipment contracts shared by the pages and the API: the types of equipment and the bodies of
// "My equipment" writes. What the storefront's pages need in the browser lives in saved-equipment.ts,
// without zod (about 22 KB on the wire).
import { z } from "zod";
import { MAX_SAVED_EQUIPMENT, NICKNAME_MAX } from "./saved-equipment.ts";

export { equipmentDisplayName, MAX_SAVED_EQUIPMENT, NICKNAME_MAX, type SavedEquipment } from "./saved-equipment.ts";

export const EQUIPMENT_TYPES = [
  "pump",
  "filter",
  "heater",
  "heat-pump",
  "salt-chlorinator",
  "cleaner",
  "spa-pack",
  "light",
  "automation",
] as const;
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number];

export const EQUIPMENT_TYPE_NAMES: Readonly<Record<EquipmentType, string>> = {
  pump: "Pumps",
  filter: "Filters",
  heater: "Heaters",
  "heat-pump": "Heat pumps",
  "salt-chlorinator": "Salt chlorinators",
  cleaner: "Cleaners",
  "spa-pack": "Spa packs",
  light: "Lights",
  automation: "Automation",
};

export function isEquipmentType(value: string): value is EquipmentType {
  return (EQUIPMENT_TYPES as readonly string[]).includes(value);
}

/** A model handle as it appears in /equipment/{handle}. */
export const equipmentHandleSchema = z
  .string({ error: "must be an equipment handle" })
  .trim()
  .min(1, { error: "must not be empty" })
  .max(160, { error: "must be at most 160 characters" })
  .regex(/^[a-z0-9-]+$/, { error: "must be an equipment handle such as hayward-super-pump-sp2610x15" });

export const nicknameSchema = z
  .string({ error: "must be text" })
  .trim()
  .max(NICKNAME_MAX, { error: `must be at most ${NICKNAME_MAX} characters` })
  .transform((value) => (value === "" ? null : value))
  .nullable()
  .optional();

/** POST /api/customer/equipment: save one model (or rename a saved one), or merge a guest's list. */
export const saveEquipmentBody = z.union([
  z.object({ handle: equipmentHandleSchema, nickname: nicknameSchema }).strict(),
  z
    .object({
      items: z
        .array(z.object({ handle: equipmentHandleSchema, nickname: nicknameSchema }).strict())
        .min(1, { error: "must list at least one model" })
        .max(MAX_SAVED_EQUIPMENT, { error: `must list at most ${MAX_SAVED_EQUIPMENT} models` }),
    })
    .strict(),
]);
export type SaveEquipmentBody = z.infer<typeof saveEquipmentBody>;
