import { demoImageUrl } from "../images/demo-image.ts";
import type { DemoImageKind } from "../images/image-kinds.ts";
import type { BrandSeed } from "./content/brands.ts";
import { brandByHandle } from "./content/brands.ts";
import type { HeroProduct } from "./content/hero-products.ts";
import { heroProducts } from "./content/hero-products.ts";
import type { AttributeSpec, PartSpec, ProductTemplate } from "./content/product-templates.ts";
import { productTemplates } from "./content/product-templates.ts";
import {
  ratingWeights,
  reviewBodies,
  reviewerFirstNames,
  reviewerLastInitials,
  reviewerPlaces,
  reviewTitles,
} from "./content/review-texts.ts";
import { normalizePartNumber, slugify } from "./part-number.ts";
import type { Rng } from "./random.ts";
import { createRng, deriveSeed } from "./random.ts";

export const DEFAULT_SEED = 20250601;
/** Dates are spread back from this fixed day, never from "now", so reruns match. */
export const REFERENCE_DATE = Date.UTC(2025, 10, 30, 12, 0, 0);
const CATALOG_SPAN_MS = 6 * 365 * 24 * 3600 * 1000;
const DEMO_MODEL_URL = "/models/demo-pump.glb";
const MODEL_LIMIT = 10;

export interface GeneratedOption {
  name: string;
  values: string[];
}

export interface GeneratedVariant {
  title: string;
  position: number;
  sku: string;
  priceCents: number;
  compareAtPriceCents: number | null;
  weightGrams: number;
  /** One value per product option, in option order. */
  optionValues: string[];
  available: number;
  bypassNegativeQuantity: boolean;
  availableForSale: boolean;
}

export interface GeneratedReview {
  rating: number;
  title: string;
  body: string;
  authorName: string;
  location: string;
  createdAt: Date;
}

export interface GeneratedProduct {
  /** 0-based; the inserted id is index + 1. */
  index: number;
  handle: string;
  title: string;
  descriptionHtml: string | null;
  seoDescription: string;
  vendorHandle: string;
  productType: string;
  templateKey: string;
  /** The part a part template made ("Shaft Seal Assembly"); null for whole products. */
  partName: string | null;
  kind: DemoImageKind;
  productCode: string;
  partNumberNormalized: string;
  supersededPartNumbers: string[];
  isFeatured: boolean;
  salesCount: number;
  avgRating: number;
  totalReviews: number;
  minPriceCents: number;
  maxPriceCents: number;
  compareAtPriceCents: number | null;
  availableForSale: boolean;
  weightGrams: number;
  freeShippingEligible: boolean;
  oversized: boolean;
  legacyId: number;
  createdAt: Date;
  imageUrl: string;
  images: { url: string; altText: string }[];
  options: GeneratedOption[];
  variants: GeneratedVariant[];
  /** [prefix, value]; prefix words are joined by dashes. */
  tags: [string, string][];
  collectionHandles: string[];
  reviews: GeneratedReview[];
  model3d: { url: string; posterUrl: string } | null;
}

export interface CatalogOptions {
  products: number;
  seed?: number;
}

const templatesByKey = new Map(productTemplates.map((t) => [t.key, t]));
const templateWeights = productTemplates.map((t) => [t, t.frequency] as const);

const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";

export function expandPattern(pattern: string, rng: Rng): string {
  let out = "";
  for (const ch of pattern) {
    if (ch === "#") out += String(rng.int(0, 9));
    else if (ch === "@") out += LETTERS[rng.int(0, LETTERS.length - 1)];
    else out += ch;
  }
  return out;
}

function tagPrefix(name: string): string {
  return name.trim().replace(/\s+/g, "-");
}

/** Charm prices: $4.49, $24.99, $1,149.99. */
export function roundPrice(dollars: number, rng: Rng): number {
  if (dollars < 10) return Math.max(199, Math.floor(dollars) * 100 + rng.pick([49, 95, 99, 99]));
  if (dollars < 100) return Math.floor(dollars) * 100 + rng.pick([49, 95, 99, 99, 99]);
  return Math.max(1, Math.round(dollars / 5)) * 500 - 1;
}

function logUniform(rng: Rng, min: number, max: number): number {
  return Math.exp(rng.float(Math.log(min), Math.log(max)));
}

function fill(pattern: string, fields: Record<string, string>): string {
  return (
    pattern
      .replace(/\{([^}]+)\}/g, (_, key: string) => fields[key] ?? "")
      .replace(/\s+/g, " ")
      .replace(/\s+,/g, ",")
      .replace(/,\s*,/g, ",")
      .replace(/\s+-\s*$/g, "")
      .replace(/,\s*$/g, "")
      .replace(/\bfor\s*$/g, "")
      // "Hayward Hayward PoolVac ..." when a fits name repeats the brand.
      .replace(/\b([A-Z][\w.-]*)\s+\1\b/g, "$1")
      .trim()
  );
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

interface Choice {
  template: ProductTemplate;
  brand: BrandSeed;
  series: string;
  part: PartSpec | null;
  fits: string;
  hero: HeroProduct | null;
}

function chooseTemplate(rng: Rng, hero: HeroProduct | null): Choice {
  if (hero) {
    const template = templatesByKey.get(hero.template);
    if (!template) throw new Error(`Hero product uses unknown template ${hero.template}`);
    const part = hero.part
      ? (template.parts?.find((p) => p[0] === hero.part) ??
        ([hero.part, template.kind, hero.price, hero.price] as const))
      : null;
    return { template, brand: brandByHandle(hero.brand), series: hero.series ?? "", part, fits: hero.fits ?? "", hero };
  }
  const template = rng.weighted(templateWeights);
  const brand = brandByHandle(rng.pick(template.brands));
  const seriesList = template.series?.[brand.handle];
  const series = seriesList ? rng.pick(seriesList) : "";
  const part = template.parts ? rng.pick(template.parts) : null;
  const fitsList = template.fits?.[brand.handle] ?? template.fits?.["*"];
  const fits = fitsList ? rng.pick(fitsList) : "";
  return { template, brand, series, part, fits, hero: null };
}

interface AttributeChoice {
  spec: AttributeSpec;
  /** A single value, or the option values when the attribute became an option. */
  values: { value: string; price: number }[];
  isOption: boolean;
}

function chooseAttributes(rng: Rng, template: ProductTemplate, hero: HeroProduct | null): AttributeChoice[] {
  const out: AttributeChoice[] = [];
  let optionCount = 0;
  for (const spec of template.attributes ?? []) {
    // Factors relative to the mean keep the template's price range the typical price.
    const mean = spec.firstUnlessOption
      ? (spec.values[0].price ?? 1)
      : spec.values.reduce((sum, v) => sum + (v.price ?? 1), 0) / spec.values.length;
    const all = spec.values.map((v) => ({ value: v.value, price: (v.price ?? 1) / mean }));
    if (hero) {
      const wanted = hero.attributes?.[spec.name];
      const found = all.find((v) => v.value === wanted) ?? all[0];
      out.push({ spec, values: [found], isOption: false });
      continue;
    }
    const makeOption = optionCount < 2 && all.length >= 2 && rng.chance(spec.optionChance ?? 0);
    if (makeOption) {
      optionCount++;
      const count = rng.int(2, Math.min(4, all.length));
      const start = rng.int(0, all.length - count);
      out.push({ spec, values: all.slice(start, start + count), isOption: true });
    } else {
      out.push({ spec, values: [spec.firstUnlessOption ? all[0] : rng.pick(all)], isOption: false });
    }
  }
  return out;
}

function stockFor(rng: Rng, cheap: boolean): { available: number; bypass: boolean } {
  const roll = rng.next();
  if (roll < 0.08) return { available: 0, bypass: false };
  if (roll < 0.15) return { available: 0, bypass: true };
  if (roll < 0.2) return { available: rng.int(1, 3), bypass: false };
  return { available: cheap ? rng.int(5, 250) : rng.int(2, 40), bypass: false };
}

function reviewCount(rng: Rng, bestSeller: boolean): number {
  if (bestSeller) return rng.int(8, 30);
  if (rng.chance(0.4)) return 0;
  return Math.min(30, 1 + Math.floor(30 * rng.next() ** 2.4));
}

function makeReviews(rng: Rng, count: number, createdAt: number): GeneratedReview[] {
  const reviews: GeneratedReview[] = [];
  for (let i = 0; i < count; i++) {
    const rating = rng.weighted(ratingWeights);
    const when = rng.float(createdAt, REFERENCE_DATE);
    reviews.push({
      rating,
      title: rng.pick(reviewTitles[rating]),
      body: rng.pick(reviewBodies[rating]),
      authorName: `${rng.pick(reviewerFirstNames)} ${rng.pick(reviewerLastInitials)}.`,
      location: rng.pick(reviewerPlaces),
      createdAt: new Date(Math.floor(when / 1000) * 1000),
    });
  }
  return reviews.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

function optionCode(value: string): string {
  return normalizePartNumber(value).toUpperCase().slice(0, 8);
}

/**
 * Yields the catalog one product at a time, so a 100k catalog never sits in memory. Each product
 * draws from its own random stream; only the uniqueness bookkeeping (handles, part numbers)
 * carries over from one product to the next.
 */
export function* generateProducts(options: CatalogOptions): Generator<GeneratedProduct> {
  const seed = options.seed ?? DEFAULT_SEED;
  const total = options.products;
  const usedPartNumbers = new Set<string>();
  const usedHandles = new Set<string>();
  const spacingMs = CATALOG_SPAN_MS / Math.max(total, 1);
  let models = 0;

  for (const hero of heroProducts) {
    usedPartNumbers.add(normalizePartNumber(hero.partNumber));
    for (const old of hero.superseded ?? []) usedPartNumbers.add(normalizePartNumber(old));
  }

  const freshPartNumber = (rng: Rng, patterns: readonly string[]): string => {
    for (let attempt = 0; attempt < 25; attempt++) {
      const candidate = expandPattern(rng.pick(patterns), rng);
      const key = normalizePartNumber(candidate);
      if (!usedPartNumbers.has(key)) {
        usedPartNumbers.add(key);
        return candidate;
      }
    }
    // Low-entropy patterns (a few fixed model numbers) fill up in big catalogs: suffix them.
    const base = expandPattern(rng.pick(patterns), rng);
    for (let n = 2; ; n++) {
      const candidate = `${base}-${n}`;
      const key = normalizePartNumber(candidate);
      if (!usedPartNumbers.has(key)) {
        usedPartNumbers.add(key);
        return candidate;
      }
    }
  };

  for (let index = 0; index < total; index++) {
    const rng = createRng(deriveSeed(seed, "product", index));
    const hero = index < heroProducts.length ? heroProducts[index] : null;
    const choice = chooseTemplate(rng, hero);
    const { template, brand } = choice;
    const patterns = template.partPatterns?.[brand.handle] ?? brand.partPatterns;
    const productCode = hero ? hero.partNumber : freshPartNumber(rng, patterns);
    const superseded: string[] = hero
      ? [...(hero.superseded ?? [])]
      : rng.chance(0.06)
        ? Array.from({ length: rng.int(1, 2) }, () => freshPartNumber(rng, patterns))
        : [];

    const attributes = chooseAttributes(rng, template, hero);
    const kind = choice.part ? choice.part[1] : template.kind;
    const brandName = brand.titleName ?? brand.name;
    const fields: Record<string, string> = {
      brand: brandName,
      series: choice.series || template.productType,
      part: choice.part ? choice.part[0] : template.productType,
      fits: choice.fits || "most models",
      pn: productCode,
    };
    for (const attribute of attributes)
      fields[attribute.spec.name] = attribute.isOption ? "" : attribute.values[0].value;

    let title = hero ? hero.title : fill(rng.pick(template.titles), fields);
    if (!hero && !title.includes(productCode)) title = `${title} ${productCode}`;

    let handle = slugify(title);
    if (usedHandles.has(handle)) {
      let n = 2;
      while (usedHandles.has(`${handle}-${n}`)) n++;
      handle = `${handle}-${n}`;
    }
    usedHandles.add(handle);

    // Price: the part's or template's range, scaled by the fixed attributes.
    const [low, high] = choice.part ? [choice.part[2], choice.part[3]] : template.price;
    let baseDollars = hero ? hero.price : logUniform(rng, low, high);
    if (!hero) for (const attribute of attributes) if (!attribute.isOption) baseDollars *= attribute.values[0].price;
    const callForPrice = !hero && rng.chance(0.01);
    const onSale = hero ? hero.compareAt !== undefined : !callForPrice && rng.chance(0.25);
    const saleFactor = rng.float(1.08, 1.4);

    const optionAttributes = attributes.filter((a) => a.isOption);
    const productOptions: GeneratedOption[] = optionAttributes.map((a) => ({
      name: a.spec.name,
      values: a.values.map((v) => v.value),
    }));
    let combos: { value: string; price: number }[][] = [[]];
    for (const attribute of optionAttributes) {
      combos = combos.flatMap((combo) => attribute.values.map((v) => [...combo, v]));
    }

    const weightGrams = Math.round(rng.float(template.weightGrams[0], template.weightGrams[1]) / 10) * 10;
    const cheap = baseDollars < 60;
    const variants: GeneratedVariant[] = combos.map((combo, position) => {
      const factor = combo.reduce((f, v) => f * v.price, 1);
      let priceCents: number;
      if (callForPrice) priceCents = 0;
      else if (hero && combo.length === 0) priceCents = Math.round(hero.price * 100);
      else priceCents = roundPrice(baseDollars * factor, rng);
      let compareAtPriceCents: number | null = null;
      if (onSale && priceCents > 0) {
        compareAtPriceCents =
          hero?.compareAt !== undefined && combo.length === 0
            ? Math.round(hero.compareAt * 100)
            : roundPrice((priceCents / 100) * saleFactor, rng);
        if (compareAtPriceCents <= priceCents) compareAtPriceCents = null;
      }
      const stock = hero ? { available: rng.int(12, 80), bypass: false } : stockFor(rng, cheap);
      const optionValues = combo.map((v) => v.value);
      return {
        title: combo.length ? optionValues.join(" / ") : "Default Title",
        position: position + 1,
        sku: combo.length ? `${productCode}-${combo.map((v) => optionCode(v.value)).join("-")}` : productCode,
        priceCents,
        compareAtPriceCents,
        weightGrams,
        optionValues,
        available: stock.available,
        bypassNegativeQuantity: stock.bypass,
        availableForSale: stock.available > 0 || stock.bypass,
      };
    });

    const prices = variants.map((v) => v.priceCents);
    const minPriceCents = Math.min(...prices);
    const cheapest = variants.find((v) => v.priceCents === minPriceCents) ?? variants[0];

    const bestSeller = hero ? true : rng.chance(0.03);
    const salesCount =
      hero?.salesCount ?? (bestSeller ? rng.int(300, 2500) : Math.floor(-Math.log(1 - rng.next()) * 18));
    const createdAtMs = REFERENCE_DATE - CATALOG_SPAN_MS + index * spacingMs + rng.float(0, spacingMs * 0.9);
    const createdAt = new Date(Math.floor(createdAtMs / 1000) * 1000);
    const reviews = makeReviews(rng, reviewCount(rng, bestSeller), createdAtMs);
    const ratingSum = reviews.reduce((s, r) => s + r.rating, 0);

    const oversized = rng.chance(template.oversizedChance ?? 0);
    const imageUrl = demoImageUrl({ kind, vendor: brand.handle, label: productCode });
    const images = [{ url: imageUrl, altText: title }];
    const extraViews = rng.chance(0.35) ? rng.int(1, 2) : 0;
    for (let view = 2; view < 2 + extraViews; view++) {
      images.push({
        url: demoImageUrl({ kind, vendor: brand.handle, label: productCode, view }),
        altText: `${title} - view ${view}`,
      });
    }

    const tags: [string, string][] = [
      ["Brand", brand.name],
      ["Type", template.typeTag],
    ];
    for (const attribute of attributes) {
      if (attribute.spec.untagged) continue;
      const prefix = tagPrefix(attribute.spec.tagPrefix ?? attribute.spec.name);
      for (const v of attribute.values) tags.push([prefix, v.value]);
    }
    for (const [prefix, value] of template.extraTags ?? []) tags.push([tagPrefix(prefix), value]);
    const uniqueTags = [...new Map(tags.map((t) => [`${t[0]}_${t[1]}`, t])).values()];

    const introPattern = rng.pick(template.intro);
    const intro = fill(introPattern, fields);
    const withDescription = hero !== null || rng.chance(0.95);
    const descriptionHtml = withDescription
      ? describeProduct(rng, template, fields, intro, attributes, superseded, brand, productCode, weightGrams)
      : null;

    const wantsModel =
      models < MODEL_LIMIT &&
      (kind === "pump" || kind === "motor" || kind === "filter") &&
      (hero !== null || rng.chance(0.2));
    if (wantsModel) models++;

    yield {
      index,
      handle,
      title,
      descriptionHtml,
      seoDescription: intro.length > 160 ? `${intro.slice(0, 157).replace(/\s+\S*$/, "")}...` : intro,
      vendorHandle: brand.handle,
      productType: template.productType,
      templateKey: template.key,
      partName: choice.part ? choice.part[0] : null,
      kind,
      productCode,
      partNumberNormalized: normalizePartNumber(productCode),
      supersededPartNumbers: superseded,
      isFeatured: hero?.featured ?? rng.chance(0.03),
      salesCount,
      avgRating: reviews.length ? Math.round((ratingSum / reviews.length) * 100) / 100 : 0,
      totalReviews: reviews.length,
      minPriceCents,
      maxPriceCents: Math.max(...prices),
      compareAtPriceCents: cheapest.compareAtPriceCents,
      availableForSale: variants.some((v) => v.availableForSale),
      weightGrams,
      freeShippingEligible: !oversized && !template.noFreeShipping,
      oversized,
      legacyId: 10000 + index * 3 + (index % 2),
      createdAt,
      imageUrl,
      images,
      options: productOptions,
      variants,
      tags: uniqueTags,
      collectionHandles: [template.collection, ...(template.alsoIn ?? [])],
      reviews,
      model3d: wantsModel ? { url: DEMO_MODEL_URL, posterUrl: imageUrl } : null,
    };
  }
}

function describeProduct(
  rng: Rng,
  template: ProductTemplate,
  fields: Record<string, string>,
  intro: string,
  attributes: AttributeChoice[],
  superseded: string[],
  brand: BrandSeed,
  productCode: string,
  weightGrams: number,
): string {
  const features = rng.sample(template.features, rng.int(4, 6)).map((f) => fill(f, fields));
  const rows: [string, string][] = [
    ["Brand", brand.name],
    ["Manufacturer Part Number", productCode],
    ["Product Type", template.productType],
  ];
  if (fields.fits && template.fits) rows.push(["Fits", fields.fits]);
  for (const attribute of attributes) {
    rows.push([attribute.spec.name, attribute.values.map((v) => v.value).join(", ")]);
  }
  for (const [label, options] of template.specs ?? []) rows.push([label, rng.pick(options)]);
  rows.push(["Shipping Weight", `${Math.max(0.1, Math.round((weightGrams / 453.6) * 10) / 10)} lb`]);
  if (superseded.length) rows.push(["Replaces", superseded.join(", ")]);

  const parts = [`<p>${escapeHtml(intro)}</p>`];
  if (superseded.length) {
    parts.push(
      `<p>This part supersedes ${superseded.map((s) => `<strong>${escapeHtml(s)}</strong>`).join(" and ")}: if your old part carries that number, this is the current replacement.</p>`,
    );
  }
  parts.push("<h3>Features</h3>", `<ul>${features.map((f) => `<li>${escapeHtml(f)}</li>`).join("")}</ul>`);
  parts.push(
    "<h3>Specifications</h3>",
    `<table><tbody>${rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</tbody></table>`,
  );
  if (rng.chance(0.3)) {
    parts.push(
      "<p>Not sure this is the right part? Send us the model and serial number from the equipment label and we will check the fit before it ships.</p>",
    );
  }
  return parts.join("\n");
}
