/** The part types a demo product image can show; the catalog content names them per template. */
export const demoImageKinds = [
  "pump",
  "motor",
  "seal",
  "impeller",
  "lid",
  "basket",
  "gasket",
  "fitting",
  "control",
  "filter",
  "valve",
  "heater",
  "heat-pump",
  "switch",
  "blower",
  "keypad",
  "timer",
  "cartridge",
  "chemical",
  "jet",
  "ozonator",
  "pillow",
  "robot",
  "cleaner",
  "hose",
  "brush",
  "chlorinator",
  "test-kit",
  "light",
  "gauge",
  "drain",
  "alarm",
  "cover",
  "ladder",
] as const;

export type DemoImageKind = (typeof demoImageKinds)[number];

export function isDemoImageKind(kind: string): kind is DemoImageKind {
  return (demoImageKinds as readonly string[]).includes(kind);
}
