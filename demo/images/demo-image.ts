/**
 * Demo product images, category banners and menu tiles, drawn as SVG so the demo store ships
 * no binary assets. Each product image is a line icon of the part type in the store palette,
 * with the brand above and the part number below, on white, like a manufacturer's catalog shot.
 */
import { articles } from "../seed/content/articles.ts";
import { brands } from "../seed/content/brands.ts";
import { flattenCategories } from "../seed/content/categories.ts";
import { heroProducts } from "../seed/content/hero-products.ts";
import { productTemplates } from "../seed/content/product-templates.ts";
import { demoEquipmentModel } from "../seed/equipment.ts";
import { renderEquipmentDiagram, renderEquipmentImage } from "./equipment-diagram.ts";
import { type DemoImageKind, demoImageKinds, isDemoImageKind } from "./image-kinds.ts";

export { type DemoImageKind, demoImageKinds, isDemoImageKind };

export const DEEP = "#0B3C5D";
export const AQUA = "#1BA6B8";
export const MIST = "#E4F5F8";
export const LINE = "#D3E2EA";
export const MUTED = "#5B6F7D";
export const MONO = "'DejaVu Sans Mono', 'SFMono-Regular', Menlo, Consolas, monospace";
export const SANS = "'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif";

/** Shorthands for the icon drawings below (a 200 x 200 box). */
const F = `fill="${MIST}"`;
const W = `fill="#fff"`;
const A = `stroke="${AQUA}"`;

const icons: Record<DemoImageKind, string> = {
  pump: `
    <rect x="96" y="66" width="84" height="70" rx="12" ${F}/>
    <path d="M112 66v70M128 72v58M144 72v58M160 72v58" ${A}/>
    <circle cx="78" cy="104" r="30" ${W}/><circle cx="78" cy="104" r="9" ${A}/>
    <path d="M70 75V50h18v25" ${W}/>
    <rect x="18" y="62" width="42" height="72" rx="6" ${F}/>
    <rect x="13" y="50" width="52" height="12" rx="4" ${W}/>
    <path d="M26 80h26M26 96h26M26 112h26" ${A}/>
    <path d="M12 154h176M28 134v20M170 136v18M92 134v20"/>`,
  motor: `
    <rect x="58" y="58" width="112" height="84" rx="14" ${F}/>
    <path d="M78 58v84M98 64v72M118 64v72M138 64v72M156 64v72" ${A}/>
    <rect x="32" y="50" width="26" height="100" rx="4" ${W}/>
    <path d="M32 100H14"/><circle cx="45" cy="64" r="3"/><circle cx="45" cy="136" r="3"/>
    <path d="M70 142l-8 16h52l-8-16M132 142l-8 16h40l-8-16"/>`,
  seal: `
    <ellipse cx="100" cy="62" rx="62" ry="22" ${F}/><ellipse cx="100" cy="62" rx="26" ry="9" ${W}/>
    <path d="M52 92l96 10-96 10 96 10-96 10 96 10" ${A}/>
    <ellipse cx="100" cy="160" rx="54" ry="18" ${F}/><ellipse cx="100" cy="160" rx="22" ry="7" ${W}/>
    <path d="M38 62v0M162 62v0"/>`,
  impeller: `
    <circle cx="100" cy="100" r="76" ${F}/>
    <path d="M100 100c10-30 36-44 62-40M100 100c30 10 44 36 40 62M100 100c-10 30-36 44-62 40M100 100c-30-10-44-36-40-62M100 100c24-20 54-20 72 0M100 100c-24 20-54 20-72 0" ${A}/>
    <circle cx="100" cy="100" r="20" ${W}/><circle cx="100" cy="100" r="7"/>`,
  lid: `
    <circle cx="100" cy="100" r="76" ${F}/><circle cx="100" cy="100" r="54" ${W}/>
    <path d="M100 24v-10M100 186v-10M24 100h-10M186 100h-10" stroke-width="12"/>
    <path d="M100 54v92M54 100h92M68 68l64 64M132 68l-64 64" ${A}/>
    <circle cx="100" cy="100" r="12" ${F}/>`,
  basket: `
    <path d="M38 58h124l-14 112H52z" ${F}/>
    <path d="M44 84h112M48 110h104M51 136h98M72 58l4 112M100 58v112M128 58l-4 112" ${A}/>
    <ellipse cx="100" cy="58" rx="62" ry="12" ${W}/>
    <path d="M70 52c0-28 60-28 60 0"/>`,
  gasket: `
    <circle cx="100" cy="100" r="74" ${F}/><circle cx="100" cy="100" r="50" ${W}/>
    <path d="M46 62a66 66 0 0 1 34-30" ${A}/><path d="M150 140a66 66 0 0 1-30 26" ${A}/>`,
  fitting: `
    <rect x="14" y="80" width="46" height="40" rx="4" ${F}/><rect x="140" y="80" width="46" height="40" rx="4" ${F}/>
    <path d="M60 66h20l10-16h20l10 16h20v68h-20l-10 16H90l-10-16H60z" ${W}/>
    <path d="M80 66v68M120 66v68M90 50v100M110 50v100" ${A}/>`,
  control: `
    <rect x="26" y="34" width="148" height="132" rx="10" ${F}/>
    <rect x="48" y="56" width="40" height="34" rx="4" ${W}/><rect x="108" y="56" width="44" height="20" rx="3" ${W}/>
    <path d="M48 116h32v24M96 100h56M96 120h24v20M136 120h16" ${A}/>
    <circle cx="118" cy="150" r="4" fill="${AQUA}" stroke="none"/><circle cx="136" cy="150" r="4" fill="${AQUA}" stroke="none"/>
    <path d="M56 56v-10M68 56v-10M80 56v-10M56 100v-10M68 100v-10M80 100v-10"/>`,
  filter: `
    <rect x="54" y="46" width="92" height="118" rx="40" ${F}/>
    <path d="M62 90h76M62 120h76" ${A}/>
    <rect x="74" y="22" width="52" height="24" rx="6" ${W}/><path d="M100 22v-8M126 34h18"/>
    <circle cx="152" cy="34" r="8" ${W}/>
    <path d="M46 164h108M70 164v14M130 164v14M40 178h120"/>`,
  valve: `
    <path d="M14 84h40v32H14zM146 84h40v32h-40zM84 146h32v40H84z" ${F}/>
    <circle cx="100" cy="100" r="48" ${W}/><circle cx="100" cy="100" r="30" ${F}/>
    <path d="M100 52V30M62 24h76" stroke-width="10"/>
    <path d="M84 100h32" ${A}/>`,
  heater: `
    <rect x="30" y="40" width="140" height="130" rx="10" ${F}/>
    <path d="M46 40V24h108v16M62 32h76" />
    <path d="M100 72c18 18 26 32 26 46a26 26 0 0 1-52 0c0-10 6-18 12-24 2 10 8 14 12 14-4-12-4-24 2-36z" fill="${AQUA}" stroke="${AQUA}"/>
    <path d="M46 154h108"/><path d="M30 170v10M170 170v10"/>`,
  "heat-pump": `
    <rect x="20" y="36" width="160" height="128" rx="12" ${F}/>
    <circle cx="86" cy="100" r="46" ${W}/>
    <path d="M86 100c0-22 20-30 30-22M86 100c22 0 30 20 22 30M86 100c0 22-20 30-30 22M86 100c-22 0-30-20-22-30" ${A}/>
    <circle cx="86" cy="100" r="6"/>
    <path d="M146 60v80M160 60v80"/>
    <path d="M34 164v14M166 164v14"/>`,
  switch: `
    <rect x="54" y="34" width="92" height="80" rx="12" ${F}/>
    <path d="M78 34V18M122 34V18" stroke-width="8"/>
    <rect x="84" y="114" width="32" height="18" ${W}/>
    <path d="M90 132v40h20v-40M90 144h20M90 156h20" ${A}/>
    <path d="M76 70h48" ${A}/>`,
  blower: `
    <path d="M40 120a60 60 0 1 1 60 60H40z" ${F}/>
    <path d="M100 120m-34 0a34 34 0 1 0 68 0a34 34 0 1 0-68 0" ${W}/>
    <path d="M100 120c0-16 14-22 22-14M100 120c-16 0-22-14-14-22" ${A}/>
    <path d="M40 180h-20M20 160v40"/><path d="M150 40c10 8 10 20 0 28M166 30c16 14 16 34 0 48" ${A}/>`,
  keypad: `
    <rect x="26" y="50" width="148" height="100" rx="20" ${F}/>
    <rect x="48" y="66" width="104" height="30" rx="4" ${W}/>
    <path d="M60 81h30" ${A}/>
    <circle cx="62" cy="122" r="10" ${W}/><circle cx="100" cy="122" r="10" ${W}/><circle cx="138" cy="122" r="10" ${W}/>`,
  timer: `
    <circle cx="100" cy="104" r="70" ${F}/><circle cx="100" cy="104" r="50" ${W}/>
    <path d="M100 104V70M100 104l24 14" ${A}/>
    <path d="M100 34v10M170 104h-10M100 174v-10M30 104h10M80 20h40"/>`,
  cartridge: `
    <rect x="50" y="40" width="100" height="124" rx="6" ${F}/>
    <path d="M62 48v108M74 48v108M86 48v108M98 48v108M110 48v108M122 48v108M134 48v108" ${A}/>
    <rect x="44" y="26" width="112" height="18" rx="6" ${W}/><rect x="44" y="160" width="112" height="18" rx="6" ${W}/>
    <ellipse cx="100" cy="35" rx="18" ry="4"/>`,
  chemical: `
    <path d="M46 54h108l-8 120H54z" ${F}/>
    <rect x="38" y="38" width="124" height="18" rx="5" ${W}/>
    <path d="M70 38c0-22 60-22 60 0"/>
    <rect x="66" y="86" width="68" height="60" rx="6" ${W}/>
    <path d="M100 98c10 12 14 20 14 26a14 14 0 0 1-28 0c0-6 4-14 14-26z" fill="${AQUA}" stroke="${AQUA}"/>`,
  jet: `
    <circle cx="100" cy="100" r="70" ${F}/><circle cx="100" cy="100" r="44" ${W}/>
    <circle cx="100" cy="100" r="16" ${F}/><circle cx="100" cy="100" r="5"/>
    <path d="M100 56v-10M144 100h10M100 144v10M56 100H46M131 69l7-7M131 131l7 7M69 131l-7 7M69 69l-7-7" ${A}/>`,
  ozonator: `
    <rect x="40" y="56" width="120" height="100" rx="12" ${F}/>
    <text x="100" y="120" text-anchor="middle" font-family="${SANS}" font-size="34" font-weight="700" fill="${DEEP}" stroke="none">O₃</text>
    <circle cx="72" cy="36" r="8" ${A}/><circle cx="100" cy="26" r="6" ${A}/><circle cx="124" cy="38" r="9" ${A}/>
    <path d="M160 126h24M40 126H16"/>`,
  pillow: `
    <path d="M28 66q72-36 144 0v68q-72 36-144 0z" ${F}/>
    <path d="M44 86q56-24 112 0M44 114q56 24 112 0" ${A}/>
    <path d="M28 66c-12 20-12 48 0 68M172 66c12 20 12 48 0 68"/>
    <circle cx="70" cy="166" r="8"/><circle cx="130" cy="166" r="8"/>`,
  robot: `
    <rect x="34" y="70" width="132" height="76" rx="22" ${F}/>
    <path d="M70 70V44h60v26"/>
    <path d="M60 92h80M60 112h80" ${A}/>
    <rect x="26" y="140" width="148" height="26" rx="13" ${W}/>
    <circle cx="46" cy="153" r="6"/><circle cx="154" cy="153" r="6"/>
    <path d="M100 44c0-20 30-28 60-20s30 14 30 14" ${A}/>`,
  cleaner: `
    <ellipse cx="100" cy="140" rx="70" ry="24" ${F}/>
    <path d="M60 136c0-40 80-40 80 0" ${W}/>
    <path d="M100 100V66c0-30 40-40 70-30" stroke-width="10"/>
    <path d="M100 66c0-30 40-40 70-30" ${A}/>
    <path d="M40 160l-8 10M160 160l8 10M100 164v12"/>`,
  hose: `
    <path d="M100 100m-70 0a70 46 0 1 0 140 0a70 46 0 1 0-140 0" ${F}/>
    <path d="M100 100m-48 0a48 30 0 1 0 96 0a48 30 0 1 0-96 0" ${A}/>
    <path d="M100 100m-26 0a26 14 0 1 0 52 0a26 14 0 1 0-52 0"/>
    <path d="M170 100c10 30 10 50-10 70" stroke-width="8"/>
    <rect x="146" y="164" width="24" height="20" rx="3" ${W}/>`,
  brush: `
    <rect x="30" y="100" width="140" height="30" rx="8" ${F}/>
    <path d="M44 130v28M60 130v28M76 130v28M92 130v28M108 130v28M124 130v28M140 130v28M156 130v28" ${A}/>
    <path d="M100 100V20" stroke-width="10"/><path d="M88 100h24"/>`,
  chlorinator: `
    <rect x="38" y="70" width="124" height="60" rx="10" ${F}/>
    <path d="M58 80v40M74 80v40M90 80v40M106 80v40M122 80v40M138 80v40" ${A}/>
    <rect x="14" y="76" width="24" height="48" rx="6" ${W}/><rect x="162" y="76" width="24" height="48" rx="6" ${W}/>
    <path d="M100 70V46c0-16 26-20 40-10"/>
    <path d="M80 150c8 8 12 14 12 18a12 12 0 0 1-24 0c0-4 4-10 12-18z" fill="${AQUA}" stroke="${AQUA}"/>`,
  "test-kit": `
    <rect x="48" y="42" width="32" height="124" rx="14" ${F}/>
    <rect x="120" y="42" width="32" height="124" rx="14" ${F}/>
    <path d="M48 110h32v42a16 16 0 0 1-32 0zM120 124h32v28a16 16 0 0 1-32 0z" fill="${AQUA}" stroke="none" opacity="0.55"/>
    <rect x="44" y="30" width="40" height="16" rx="4" ${W}/><rect x="116" y="30" width="40" height="16" rx="4" ${W}/>
    <path d="M30 180h140"/>`,
  light: `
    <circle cx="100" cy="100" r="58" ${F}/><circle cx="100" cy="100" r="38" ${W}/>
    <circle cx="100" cy="100" r="14" fill="${AQUA}" stroke="${AQUA}"/>
    <path d="M100 26V12M100 188v-14M26 100H12M188 100h-14M48 48l-10-10M152 48l10-10M48 152l-10 10M152 152l10 10" ${A}/>`,
  gauge: `
    <circle cx="100" cy="90" r="66" ${F}/><circle cx="100" cy="90" r="50" ${W}/>
    <path d="M64 118a50 50 0 1 1 72 0" ${A}/>
    <path d="M100 90l28-26"/><circle cx="100" cy="90" r="6"/>
    <path d="M88 156h24v28H88z" ${W}/>`,
  drain: `
    <circle cx="100" cy="100" r="76" ${F}/><circle cx="100" cy="100" r="60" ${W}/>
    <path d="M62 76h76M52 100h96M62 124h76" ${A}/>
    <circle cx="100" cy="34" r="4"/><circle cx="100" cy="166" r="4"/>`,
  alarm: `
    <path d="M60 140V92a40 40 0 0 1 80 0v48z" ${F}/>
    <path d="M46 140h108"/><path d="M88 152a12 12 0 0 0 24 0"/>
    <path d="M100 52V40"/>
    <path d="M34 80c-6 14-6 30 0 44M166 80c6 14 6 30 0 44M20 70c-10 20-10 44 0 64M180 70c10 20 10 44 0 64" ${A}/>`,
  cover: `
    <rect x="20" y="60" width="160" height="100" rx="10" ${F}/>
    <g ${A}><circle cx="50" cy="88" r="7"/><circle cx="80" cy="88" r="7"/><circle cx="110" cy="88" r="7"/><circle cx="140" cy="88" r="7"/><circle cx="65" cy="114" r="7"/><circle cx="95" cy="114" r="7"/><circle cx="125" cy="114" r="7"/><circle cx="155" cy="114" r="7"/><circle cx="50" cy="140" r="7"/><circle cx="80" cy="140" r="7"/><circle cx="110" cy="140" r="7"/><circle cx="140" cy="140" r="7"/></g>
    <path d="M20 40c20-12 40-12 60 0s40 12 60 0 30-8 40-4"/>`,
  ladder: `
    <path d="M56 186V60c0-30 40-30 40 0M124 186V60c0-30 40-30 40 0" stroke-width="8"/>
    <path d="M56 100h68M56 130h68M56 160h68" stroke-width="10" ${A}/>
    <path d="M20 60h60" ${A}/>`,
};

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Font size that keeps `text` within `maxWidth` (average glyph width `em` x size). */
function fitFontSize(text: string, maxWidth: number, maxSize: number, em: number): number {
  return Math.max(14, Math.min(maxSize, Math.floor(maxWidth / Math.max(1, text.length * em))));
}

export function iconGroup(kind: DemoImageKind, transform: string, stroke = DEEP): string {
  return `<g transform="${transform}" fill="none" stroke="${stroke}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round">${icons[kind]}</g>`;
}

export interface DemoImageInput {
  kind: string;
  brand: string;
  label: string;
  /** 1 is the main shot; 2 and 3 are alternative views of the same part. */
  view?: number;
}

/** An 800 x 800 product image. Unknown kinds fall back to a generic fitting icon. */
export function renderDemoImage({ kind, brand, label, view = 1 }: DemoImageInput): string {
  const icon: DemoImageKind = isDemoImageKind(kind) ? kind : "fitting";
  const brandText = brand.toUpperCase();
  const brandSize = fitFontSize(brandText, 640, 46, 0.72);
  const labelSize = fitFontSize(label, 520, 44, 0.62);
  const pillWidth = Math.min(700, Math.max(260, label.length * labelSize * 0.62 + 90));
  const alternate = view > 1;
  const iconTransform = alternate
    ? view % 2 === 0
      ? "translate(650 150) scale(-2.5 2.5)"
      : "translate(120 130) scale(2.8)"
    : "translate(170 160) scale(2.3)";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" role="img" aria-label="${escapeXml(`${brand} ${label}`)}">
<rect width="800" height="800" fill="#fff"/>
${alternate ? `<circle cx="400" cy="400" r="260" fill="${MIST}" opacity="0.55"/>` : `<circle cx="400" cy="390" r="250" fill="${MIST}" opacity="0.45"/>`}
<text x="400" y="96" text-anchor="middle" font-family="${SANS}" font-size="${brandSize}" font-weight="700" letter-spacing="4" fill="${DEEP}">${escapeXml(brandText)}</text>
<rect x="368" y="116" width="64" height="6" rx="3" fill="${AQUA}"/>
${iconGroup(icon, iconTransform)}
<rect x="${400 - pillWidth / 2}" y="${alternate ? 668 : 660}" width="${pillWidth}" height="76" rx="38" fill="#F5FAFC" stroke="${LINE}" stroke-width="3"/>
<text x="400" y="${(alternate ? 668 : 660) + 38 + labelSize * 0.35}" text-anchor="middle" font-family="${MONO}" font-size="${labelSize}" font-weight="700" fill="${DEEP}">${escapeXml(label)}</text>
<text x="400" y="780" text-anchor="middle" font-family="${SANS}" font-size="18" letter-spacing="3" fill="${MUTED}">${alternate ? `VIEW ${view}` : "PART NUMBER"}</text>
</svg>`;
}

export interface DemoBannerInput {
  title: string;
  kind?: string;
  subtitle?: string;
}

/** A 1600 x 400 category banner: deep water-blue with aqua waves, the title and an icon. */
/** The demo exit-intent offer's background (store config `exitIntentPopUp.backgroundImageUrl`). */
export const DEMO_OFFER_BACKDROP_HANDLE = "exit-intent";

/** A wordless backdrop in the banners' water colours: the offer draws its own text over it. */
export function renderDemoBackdrop(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360" aria-hidden="true">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0B3C5D"/><stop offset="1" stop-color="#125E8A"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#bg)"/>
<path d="M0 270c64-36 128-36 192 0s128 36 192 0 128-36 192 0 48 18 64 9V360H0z" fill="${AQUA}" opacity="0.35"/>
<path d="M0 306c80-27 160-27 240 0s160 27 240 0 120-18 160-9V360H0z" fill="${AQUA}" opacity="0.5"/>
</svg>`;
}

export function renderDemoBanner({ title, kind, subtitle }: DemoBannerInput): string {
  const icon: DemoImageKind = kind && isDemoImageKind(kind) ? kind : "pump";
  const lines = wrapText(title, 30);
  const size = Math.min(...lines.map((line) => fitFontSize(line, 980, lines.length > 1 ? 62 : 76, 0.56)));
  const firstBaseline = lines.length > 1 ? 150 : 190;
  const subtitleY = firstBaseline + (lines.length - 1) * size * 1.12 + 56;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 400" width="1600" height="400" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0B3C5D"/><stop offset="1" stop-color="#125E8A"/></linearGradient></defs>
<rect width="1600" height="400" fill="url(#bg)"/>
<path d="M0 300c160-40 320-40 480 0s320 40 480 0 320-40 480 0 120 20 160 10V400H0z" fill="${AQUA}" opacity="0.35"/>
<path d="M0 340c200-30 400-30 600 0s400 30 600 0 300-20 400-10V400H0z" fill="${AQUA}" opacity="0.5"/>
${lines.map((line, i) => `<text x="96" y="${Math.round(firstBaseline + i * size * 1.12)}" font-family="${SANS}" font-size="${size}" font-weight="700" fill="#fff">${escapeXml(line)}</text>`).join("\n")}
<text x="98" y="${Math.round(subtitleY)}" font-family="${SANS}" font-size="28" letter-spacing="3" fill="#BFE8EF">${escapeXml((subtitle ?? "Genuine parts · Fast shipping · Expert help").toUpperCase())}</text>
${iconGroup(icon, "translate(1210 40) scale(1.5)", "#FFFFFF")}
</svg>`;
}

/**
 * The same banner for a phone: 800 x 500, the title in up to three large lines, the subtitle on two,
 * the icon in the lower right. Read at 390 px wide, its lettering is about the size of the page's text.
 */
export function renderDemoPhoneBanner({ title, kind, subtitle }: DemoBannerInput): string {
  const icon: DemoImageKind = kind && isDemoImageKind(kind) ? kind : "pump";
  const lines = wrapWords(title, 16, 3);
  const size = Math.min(...lines.map((line) => fitFontSize(line, 690, 78, 0.56)));
  const sub = wrapWords((subtitle ?? "Genuine parts · Fast shipping · Expert help").toUpperCase(), 28, 2);
  // The title and subtitle centred in the band above the waves.
  const blockHeight = size + (lines.length - 1) * size * 1.12 + 60 + (sub.length - 1) * 34;
  const firstBaseline = Math.max(48 + size, Math.round((400 - blockHeight) / 2 + size * 0.85));
  const subtitleY = firstBaseline + (lines.length - 1) * size * 1.12 + 60;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0B3C5D"/><stop offset="1" stop-color="#125E8A"/></linearGradient></defs>
<rect width="800" height="500" fill="url(#bg)"/>
<path d="M0 420c100-30 200-30 300 0s200 30 300 0 150-20 200-10V500H0z" fill="${AQUA}" opacity="0.35"/>
<path d="M0 455c130-22 260-22 400 0s260 22 400 0V500H0z" fill="${AQUA}" opacity="0.5"/>
${lines.map((line, i) => `<text x="56" y="${Math.round(firstBaseline + i * size * 1.12)}" font-family="${SANS}" font-size="${size}" font-weight="700" fill="#fff">${escapeXml(line)}</text>`).join("\n")}
${sub.map((line, i) => `<text x="58" y="${Math.round(subtitleY + i * 34)}" font-family="${SANS}" font-size="24" letter-spacing="2" fill="#BFE8EF">${escapeXml(line)}</text>`).join("\n")}
${iconGroup(icon, "translate(586 268) scale(1)", "#FFFFFF")}
</svg>`;
}

/** Splits text into at most `maxLines` lines of about `maxLine` characters, at word boundaries. */
function wrapWords(text: string, maxLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && (last.length + 1 + word.length <= maxLine || lines.length === maxLines)) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else lines.push(word);
  }
  return lines.length > 0 ? lines : [""];
}

/** Splits a title into at most two lines near the middle word boundary. */
function wrapText(text: string, maxLine: number): string[] {
  if (text.length <= maxLine) return [text];
  const words = text.split(" ");
  let best = 1;
  let bestDiff = Number.POSITIVE_INFINITY;
  for (let i = 1; i < words.length; i++) {
    const diff = Math.abs(words.slice(0, i).join(" ").length - words.slice(i).join(" ").length);
    if (diff < bestDiff) {
      bestDiff = diff;
      best = i;
    }
  }
  return [words.slice(0, best).join(" "), words.slice(best).join(" ")];
}

/** A 400 x 400 menu tile: the category icon with its title. */
function renderDemoMenuImage({ title, kind }: { title: string; kind?: string }): string {
  const icon: DemoImageKind = kind && isDemoImageKind(kind) ? kind : "pump";
  const size = fitFontSize(title, 360, 30, 0.58);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(title)}">
<rect width="400" height="400" fill="#fff"/>
<circle cx="200" cy="170" r="130" fill="${MIST}"/>
${iconGroup(icon, "translate(80 50) scale(1.2)")}
<text x="200" y="360" text-anchor="middle" font-family="${SANS}" font-size="${size}" font-weight="700" fill="${DEEP}">${escapeXml(title)}</text>
</svg>`;
}

/** A 400 x 440 brand card: the brand's name set as a wordmark, for the brands pages. */
function renderDemoBrandLogo({ name }: { name: string }): string {
  const words = name.toUpperCase().split(/\s+/);
  const lines =
    words.length > 2
      ? [words.slice(0, Math.ceil(words.length / 2)).join(" "), words.slice(Math.ceil(words.length / 2)).join(" ")]
      : [words.join(" ")];
  const longest = Math.max(...lines.map((l) => l.length));
  const size = fitFontSize("x".repeat(longest), 320, 52, 0.7);
  const top = 220 - ((lines.length - 1) * size * 1.15) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 440" width="400" height="440" role="img" aria-label="${escapeXml(name)}">
<rect width="400" height="440" fill="#fff"/>
<path d="M40 330c40-18 80-18 120 0s80 18 120 0 60-12 80-6" fill="none" stroke="${AQUA}" stroke-width="6" stroke-linecap="round"/>
${lines.map((line, i) => `<text x="200" y="${top + i * size * 1.15}" text-anchor="middle" font-family="${SANS}" font-size="${size}" font-weight="800" letter-spacing="2" fill="${DEEP}">${escapeXml(line)}</text>`).join("\n")}
</svg>`;
}

// ---------------------------------------------------------------- URLs

export interface DemoImageRef {
  kind: string;
  vendor: string;
  label: string;
  view?: number;
}

/** `/img/demo/{kind}/{vendor-handle}/{PARTNUMBER}.svg`, `~{view}` before `.svg` for extra views. */
export function demoImageUrl({ kind, vendor, label, view }: DemoImageRef): string {
  const suffix = view && view > 1 ? `~${view}` : "";
  return `/img/demo/${kind}/${vendor}/${encodeURIComponent(label)}${suffix}.svg`;
}

export function demoArticleImageUrl(articleHandle: string): string {
  return `/img/demo-article/${articleHandle}.svg`;
}

export function demoBrandImageUrl(vendorHandle: string): string {
  return `/img/demo-brand/${vendorHandle}.svg`;
}

export function demoBannerUrl(collectionHandle: string): string {
  return `/img/demo-banner/${collectionHandle}.svg`;
}

/** The phone shape of a category banner (800 x 500). */
export function demoPhoneBannerUrl(collectionHandle: string): string {
  return `/img/demo-banner-phone/${collectionHandle}.svg`;
}

export function demoMenuImageUrl(collectionHandle: string): string {
  return `/img/demo-menu/${collectionHandle}.svg`;
}

/** The icon of each top category's banner and menu tile. */
const categoryKinds: Readonly<Record<string, DemoImageKind>> = {
  "pool-equipment": "pump",
  "pool-pumps": "pump",
  "pool-filters": "filter",
  "pool-heaters-heat-pumps": "heater",
  "pool-automation": "control",
  "filters-and-cartridges": "cartridge",
  "spa-hot-tub-parts": "jet",
  "pool-cleaners": "robot",
  "salt-chlorinators": "chlorinator",
  "pool-chemicals": "chemical",
  "pool-spa-lighting": "light",
  "valves-plumbing": "valve",
  "pool-maintenance": "brush",
  "safety-covers": "drain",
};

const brandNames = new Map(brands.map((b) => [b.handle, b.name]));
const flatCategories = flattenCategories();
const categoryTitles = new Map(flatCategories.map((c) => [c.handle, c.title]));
const articlesByHandle = new Map(articles.map((a) => [a.handle, a]));

/** A category's icon: its own, else that of its first product template, else its first child's. */
function categoryKind(handle: string): DemoImageKind | undefined {
  const own = categoryKinds[handle];
  if (own) return own;
  const template = productTemplates.find((t) => t.collection === handle);
  if (template) return template.kind;
  const child = flatCategories.find((c) => c.parentHandle === handle);
  return child ? categoryKind(child.handle) : undefined;
}

/** A part-number pattern of the catalog content as a regular expression: `#` a digit, `@` a letter. */
function patternExpression(pattern: string): string {
  return [...pattern]
    .map((ch) => (ch === "#" ? "\\d" : ch === "@" ? "[A-Z]" : ch.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")))
    .join("");
}

/** Per brand: the part numbers the demo catalog can give its products (generated ones may carry a `-2` suffix). */
const partNumbersByBrand = new Map<string, { known: Set<string>; shape: RegExp }>(
  brands.map((brand) => {
    const patterns = new Set(brand.partPatterns);
    for (const template of productTemplates) {
      for (const pattern of template.partPatterns?.[brand.handle] ?? []) patterns.add(pattern);
    }
    const known = new Set<string>();
    for (const hero of heroProducts) {
      if (hero.brand !== brand.handle) continue;
      known.add(hero.partNumber);
      for (const old of hero.superseded ?? []) known.add(old);
    }
    const shape = new RegExp(`^(?:${[...patterns].map(patternExpression).join("|")})(?:-\\d{1,6})?$`);
    return [brand.handle, { known, shape }];
  }),
);

/**
 * Whether `label` is a part number the demo catalog can hold for this brand: a well-known product's,
 * or one of the brand's patterns. The image route draws nothing else, so the set of images it can
 * be made to render (and cache) is the demo catalog's, not every string a client can put in a URL.
 */
function isDemoPartNumber(vendor: string, label: string): boolean {
  const brand = partNumbersByBrand.get(vendor);
  return brand !== undefined && (brand.known.has(label) || brand.shape.test(label));
}

export interface DemoAsset {
  svg: string;
}

/**
 * Renders the demo asset a URL path names, or null when the path is not one of ours.
 * Lets an HTTP route serve `/img/demo/...`, `/img/demo-banner/...` (and `/img/demo-banner-phone/...`) and
 * `/img/demo-menu/...` in one call.
 */
export function renderDemoAsset(pathname: string): DemoAsset | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const product = /^\/img\/demo\/([a-z-]+)\/([a-z0-9-]+)\/([^/]{1,64}?)(?:~(\d))?\.svg$/.exec(decoded);
  if (product) {
    const [, kind, vendor, label, view] = product;
    const brand = brandNames.get(vendor);
    if (!isDemoImageKind(kind) || brand === undefined || !isDemoPartNumber(vendor, label)) return null;
    return { svg: renderDemoImage({ kind, brand, label, view: view ? Number(view) : 1 }) };
  }
  const equipment = /^\/img\/demo-(diagram|equipment)\/([a-z0-9-]{1,160})\.svg$/.exec(decoded);
  if (equipment) {
    const model = demoEquipmentModel(equipment[2]);
    if (!model) return null;
    return { svg: equipment[1] === "diagram" ? renderEquipmentDiagram(model) : renderEquipmentImage(model) };
  }
  const named = /^\/img\/demo-(banner|banner-phone|menu|article|brand)\/([a-z0-9-]{1,120})\.svg$/.exec(decoded);
  if (!named) return null;
  const [, type, handle] = named;
  if (type === "brand") {
    const name = brandNames.get(handle);
    return name === undefined ? null : { svg: renderDemoBrandLogo({ name }) };
  }
  if (type === "article") {
    const article = articlesByHandle.get(handle);
    if (!article) return null;
    return { svg: renderDemoBanner({ title: article.title, kind: article.imageKind, subtitle: "From our blog" }) };
  }
  if (type === "banner" && handle === DEMO_OFFER_BACKDROP_HANDLE) return { svg: renderDemoBackdrop() };
  const title = categoryTitles.get(handle);
  if (title === undefined) return null;
  const kind = categoryKind(handle);
  if (type === "banner-phone") return { svg: renderDemoPhoneBanner({ title, kind }) };
  return { svg: type === "banner" ? renderDemoBanner({ title, kind }) : renderDemoMenuImage({ title, kind }) };
}
