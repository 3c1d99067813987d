/**
 * The demo equipment's drawings, in the style of the demo product images: an exploded view of the
 * model's parts in the store palette, each part's icon on a dashed assembly axis with a numbered
 * bubble on a leader line (the bubbles are where the model page puts its hotspots), and the brand,
 * series and model number in a title block. Also the model's own catalog-style picture.
 */
import type { DemoEquipmentModel } from "../seed/equipment.ts";
import { AQUA, DEEP, escapeXml, iconGroup, LINE, MIST, MONO, MUTED, renderDemoImage, SANS } from "./demo-image.ts";
import type { DemoImageKind } from "./image-kinds.ts";

const TYPE_ICONS: Record<string, DemoImageKind> = {
  pump: "pump",
  filter: "filter",
  heater: "heater",
  "heat-pump": "heat-pump",
  "salt-chlorinator": "chlorinator",
  cleaner: "cleaner",
  "spa-pack": "control",
  light: "light",
  automation: "control",
};

export function renderEquipmentImage(model: DemoEquipmentModel): string {
  const kind = model.seriesSeed.cleaner === "robotic" ? "robot" : (TYPE_ICONS[model.type] ?? "pump");
  return renderDemoImage({ kind, brand: model.brandName, label: model.modelNumber });
}

/** A 1200 x 800 exploded view; callout bubbles at (x %, y %) of the drawing. */
export function renderEquipmentDiagram(model: DemoEquipmentModel): string {
  const parts: string[] = [];
  const callouts = model.callouts;
  // The assembly axis: through the icons of each row, in drawing order.
  const axis = callouts.map((c) => `${c.iconX.toFixed(1)} ${c.iconY.toFixed(1)}`).join(" L");
  parts.push(
    `<path d="M${axis}" fill="none" stroke="${LINE}" stroke-width="3" stroke-dasharray="10 8" stroke-linecap="round"/>`,
  );
  for (const c of callouts) {
    const size = 200 * c.iconScale;
    const bx = (c.x / 100) * 1200;
    const by = (c.y / 100) * 800;
    parts.push(
      `<circle cx="${c.iconX.toFixed(1)}" cy="${c.iconY.toFixed(1)}" r="${(size * 0.55).toFixed(1)}" fill="${MIST}" opacity="0.5"/>`,
    );
    parts.push(
      iconGroup(
        c.kind,
        `translate(${(c.iconX - size / 2).toFixed(1)} ${(c.iconY - size / 2).toFixed(1)}) scale(${c.iconScale.toFixed(3)})`,
      ),
    );
    parts.push(
      `<path d="M${bx.toFixed(1)} ${(by + 17).toFixed(1)} L${c.iconX.toFixed(1)} ${(c.iconY - size * 0.45).toFixed(1)}" stroke="${MUTED}" stroke-width="1.5"/>`,
    );
    parts.push(
      `<circle cx="${bx.toFixed(1)}" cy="${by.toFixed(1)}" r="17" fill="#fff" stroke="${DEEP}" stroke-width="3"/>`,
      `<text x="${bx.toFixed(1)}" y="${(by + 6).toFixed(1)}" text-anchor="middle" font-family="${SANS}" font-size="17" font-weight="700" fill="${DEEP}">${c.keyNumber}</text>`,
    );
  }
  const title = `${model.brandName.toUpperCase()} ${model.series.toUpperCase()}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" width="1200" height="800" role="img" aria-label="${escapeXml(`Exploded parts diagram of the ${model.brandName} ${model.series} ${model.modelNumber}`)}">
<rect width="1200" height="800" fill="#fff"/>
<rect x="12" y="12" width="1176" height="776" rx="10" fill="none" stroke="${LINE}" stroke-width="2"/>
<text x="40" y="62" font-family="${SANS}" font-size="30" font-weight="700" letter-spacing="3" fill="${DEEP}">${escapeXml(title)}</text>
<rect x="40" y="76" width="64" height="6" rx="3" fill="${AQUA}"/>
<text x="40" y="108" font-family="${SANS}" font-size="16" letter-spacing="2" fill="${MUTED}">EXPLODED VIEW · ${callouts.length} PARTS</text>
<rect x="890" y="34" width="270" height="62" rx="31" fill="#F5FAFC" stroke="${LINE}" stroke-width="3"/>
<text x="1025" y="74" text-anchor="middle" font-family="${MONO}" font-size="${Math.min(30, Math.floor(440 / Math.max(8, model.modelNumber.length)))}" font-weight="700" fill="${DEEP}">${escapeXml(model.modelNumber)}</text>
${parts.join("\n")}
</svg>`;
}
