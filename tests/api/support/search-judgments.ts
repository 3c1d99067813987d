// The hard relevance set: queries written the way pool owners type them (prices, units, "X for Y",
// product types, word forms, words that match nothing), each with a graded judgment computed from
// the product's own fields (its Type tag, product type, specification values, brand and price),
// never from handles or ids. Grades: 2 what was asked for, 1 close (the right kind, another size or
// fit), 0 not relevant. Shared by tests/api/search-relevance-hard.test.ts and `npm run bench:relevance`.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";

export interface JudgedProduct {
  id: number;
  title: string;
  vendor: string;
  /** products.product_type ("Pool Pump", "Filter Cartridge"). */
  productType: string;
  /** The Type tag ("Variable Speed Pump", "Cartridge Filter", "O-Ring"). */
  type: string;
  /** Tag values and specification-table values by label ("Horsepower" -> ["1.5 HP", "2 HP"]). */
  specs: Map<string, string[]>;
  /** In dollars; 0 is "call for price". */
  price: number;
}

export type Grade = 0 | 1 | 2;

export interface HardCase {
  group: string;
  q: string;
  grade: (p: JudgedProduct) => Grade;
  /** A price range every result must respect. */
  price?: { min?: number; max?: number };
}

// ---------------------------------------------------------------------------------------------
// Reading product fields (independent of the search code under test).

/** Every number of a spec value with the given unit: "115/230V" -> [115, 230], "1-1/2 in" -> [1.5]. */
function numbers(values: readonly string[], unit: RegExp): number[] {
  const out: number[] = [];
  for (const value of values) {
    for (const part of value.split(/,\s+|\s+x\s+/)) {
      if (!unit.test(part)) continue;
      const mixed = /(\d+)-(\d+)\/(\d+)/.exec(part);
      if (mixed) {
        out.push(Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]));
        continue;
      }
      for (const m of part.matchAll(/\d[\d,]*(?:\.\d+)?/g)) out.push(Number(m[0].replace(/,/g, "")));
    }
  }
  return out;
}

const spec = (p: JudgedProduct, label: string) => p.specs.get(label.toLowerCase()) ?? [];
const hp = (p: JudgedProduct) => numbers(spec(p, "Horsepower"), /hp/i);
const volts = (p: JudgedProduct) => numbers(spec(p, "Voltage"), /v/i);
const inches = (p: JudgedProduct) =>
  numbers([...spec(p, "Plumbing Size"), ...spec(p, "Size"), ...spec(p, "Tank Size")], /in/i);
const btu = (p: JudgedProduct) => numbers(spec(p, "BTU"), /btu/i);
const gallons = (p: JudgedProduct) => numbers(spec(p, "Pool Size"), /gal/i);
const sqft = (p: JudgedProduct) => numbers(spec(p, "Filter Area"), /sq/i);
const watts = (p: JudgedProduct) => [
  ...numbers(spec(p, "Wattage"), /w/i),
  ...numbers(spec(p, "Heater Power"), /kw/i).map((kw) => kw * 1000),
];
const fits = (p: JudgedProduct) => spec(p, "Fits").join(" ");
const brand = (p: JudgedProduct, name: RegExp) => name.test(p.vendor) || name.test(spec(p, "Brand").join(" "));

const type = (p: JudgedProduct, pattern: RegExp) => pattern.test(p.type);
const productType = (p: JudgedProduct, pattern: RegExp) => pattern.test(p.productType);
const title = (p: JudgedProduct, pattern: RegExp) => pattern.test(p.title);
/** The part named before " for ..." / " - ...": what the product is. */
const named = (p: JudgedProduct, pattern: RegExp) => pattern.test(p.title.split(/\s(?:for|-|with)\s/i)[0]);

const isPoolPump = (p: JudgedProduct) => productType(p, /^Pool Pump$/);
const isPump = (p: JudgedProduct) => productType(p, /^(Pool|Spa) Pump$/);
const isMotor = (p: JudgedProduct) => productType(p, /^Pump Motor$/);
const isPoolFilter = (p: JudgedProduct) => productType(p, /^Pool Filter$/);
const isCartridge = (p: JudgedProduct) => productType(p, /^Filter Cartridge$/);
const isHeater = (p: JudgedProduct) => productType(p, /^(Pool|Spa) Heater$/);
const isLight = (p: JudgedProduct) => productType(p, /^(Pool|Spa) Light$/);
/** A valve by type, or by name: the part before " for ..." ends in "Valve" (a multiport valve is a valve). */
const isValve = (p: JudgedProduct) =>
  productType(p, /^Valve$/) ||
  /\bvalve(?:\s+assembly)?(?:\s+[A-Z0-9-]*\d[A-Z0-9-]*)?$/i.test(p.title.split(/\s(?:for|-|with)\s|,\s/i)[0]);
const isGasket = (p: JudgedProduct) => type(p, /^O-Ring$/) || named(p, /gasket|o-ring/i);
const isCleaner = (p: JudgedProduct) => productType(p, /^Pool Cleaner$/);
const isRobot = (p: JudgedProduct) => type(p, /^Robotic Cleaner$/);
const isSaltCell = (p: JudgedProduct) => type(p, /^Salt Cell$/);
const isSaltSystem = (p: JudgedProduct) => type(p, /^Salt (System|Cell)$/);
const isHeatPump = (p: JudgedProduct) => type(p, /^Heat Pump$/);

const g = (full: boolean, partial = false): Grade => (full ? 2 : partial ? 1 : 0);

// ---------------------------------------------------------------------------------------------

const inRange = (p: JudgedProduct, min: number | undefined, max: number | undefined) =>
  p.price > 0 && (min === undefined || p.price >= min) && (max === undefined || p.price <= max);

function priced(q: string, min: number | undefined, max: number | undefined, kind: (p: JudgedProduct) => Grade) {
  return {
    group: "price phrases",
    q,
    price: { min, max },
    grade: (p: JudgedProduct) => (inRange(p, min, max) ? kind(p) : 0),
  } satisfies HardCase;
}

const cheap = (q: string, kind: (p: JudgedProduct) => Grade): HardCase => ({ group: "price phrases", q, grade: kind });

function unit(q: string, grade: (p: JudgedProduct) => Grade): HardCase {
  return { group: "units and attributes", q, grade };
}

function forCase(q: string, grade: (p: JudgedProduct) => Grade): HardCase {
  return { group: "X for Y", q, grade };
}

function typed(q: string, grade: (p: JudgedProduct) => Grade): HardCase {
  return { group: "product type", q, grade };
}

function form(q: string, grade: (p: JudgedProduct) => Grade): HardCase {
  return { group: "word forms and shop words", q, grade };
}

function relaxed(q: string, grade: (p: JudgedProduct) => Grade): HardCase {
  return { group: "relaxed queries", q, grade };
}

export const hardSet: HardCase[] = [
  // Prices: a filter (and "cheap": the low end first), never words to match.
  priced("pool pump under 600", undefined, 600, (p) => g(isPoolPump(p), isPump(p))),
  priced("filters below $300", undefined, 300, (p) => g(isPoolFilter(p), isCartridge(p))),
  priced("heater less than 2500 dollars", undefined, 2500, (p) => g(isHeater(p), isHeatPump(p))),
  priced("pool pump between 200 and 400", 200, 400, (p) => g(isPoolPump(p), isPump(p))),
  priced("robotic cleaner under $1000", undefined, 1000, (p) => g(isRobot(p), isCleaner(p))),
  priced("salt cell under 700", undefined, 700, (p) => g(isSaltCell(p), isSaltSystem(p))),
  priced("led pool light below 400", undefined, 400, (p) => g(isLight(p))),
  priced("sand filter less than 500", undefined, 500, (p) => g(type(p, /^Sand Filter$/), isPoolFilter(p))),
  priced("variable speed pump under 1500", undefined, 1500, (p) => g(type(p, /^Variable Speed Pump$/), isPump(p))),
  priced("heat pump over $3000", 3000, undefined, (p) => g(isHeatPump(p), isHeater(p))),
  priced("cartridge under $50", undefined, 50, (p) => g(isCartridge(p))),
  priced("spa pump from $200 to $400", 200, 400, (p) => g(productType(p, /^Spa Pump$/), isPump(p))),
  priced("pool cover under 100 dollars", undefined, 100, (p) => g(productType(p, /^Pool Cover$/))),
  cheap("cheap pool cover", (p) => g(productType(p, /^Pool Cover$/))),
  cheap("budget pool pump", (p) => g(isPoolPump(p), isPump(p))),
  cheap("affordable robotic cleaner", (p) => g(isRobot(p), isCleaner(p))),
  cheap("cheap spa cover", (p) => g(productType(p, /^Pool Cover$/) || title(p, /spa cover/i))),

  // Units written another way, and attributes found in the specification table.
  unit("3 hp pool pump", (p) => g(isPump(p) && hp(p).includes(3), isPump(p))),
  unit("3hp pump", (p) => g(isPump(p) && hp(p).includes(3))),
  unit("1.5 horsepower pump", (p) => g(isPump(p) && hp(p).includes(1.5), isPump(p))),
  unit("1 1/2 hp motor", (p) => g(isMotor(p) && hp(p).includes(1.5), isMotor(p))),
  unit("3/4 hp pump", (p) => g(isPump(p) && hp(p).includes(0.75), isPump(p))),
  unit("2hp motor", (p) => g(isMotor(p) && hp(p).includes(2), isMotor(p))),
  unit("1.65 hp variable speed motor", (p) => g(isMotor(p) && hp(p).includes(1.65), isMotor(p))),
  unit("230 volt pump", (p) => g(isPump(p) && volts(p).includes(230), isPump(p))),
  unit("120v pool light", (p) => g(isLight(p) && volts(p).includes(120), isLight(p))),
  unit("12 volt light", (p) => g(isLight(p) && volts(p).includes(12), isLight(p))),
  unit("240v ozonator", (p) => g(productType(p, /^Ozonator$/) && volts(p).includes(240))),
  unit("1.5 inch ball valve", (p) => g(type(p, /^Ball Valve$/) && inches(p).includes(1.5), isValve(p))),
  unit('2" diverter valve', (p) => g(type(p, /^Diverter Valve$/) && inches(p).includes(2), isValve(p))),
  unit("1-1/2 in check valve", (p) => g(type(p, /^Check Valve$/) && inches(p).includes(1.5), isValve(p))),
  unit("2 1/2 inch valve", (p) => g(isValve(p) && inches(p).includes(2.5), isValve(p))),
  unit("250k btu heater", (p) => g(isHeater(p) && btu(p).includes(250_000), isHeater(p))),
  unit("400000 btu gas heater", (p) => g(isHeater(p) && btu(p).includes(400_000), isHeater(p))),
  unit("140,000 btu heat pump", (p) => g(isHeatPump(p) && btu(p).includes(140_000), isHeatPump(p))),
  unit("40k gallon salt cell", (p) => g(isSaltCell(p) && gallons(p).includes(40_000), isSaltSystem(p))),
  unit("15,000 gal salt cell", (p) => g(isSaltCell(p) && gallons(p).includes(15_000), isSaltSystem(p))),
  unit("25000 gallon salt system", (p) =>
    g(type(p, /^Salt System$/) && gallons(p).includes(25_000), type(p, /^Salt System$/)),
  ),
  unit("50 sqft cartridge", (p) => g(isCartridge(p) && sqft(p).includes(50), isCartridge(p))),
  unit("100 sq ft cartridge filter", (p) => g(type(p, /^Cartridge Filter$/) && sqft(p).includes(100), isPoolFilter(p))),
  unit("24 sq. ft. de filter", (p) => g(type(p, /^DE Filter$/) && sqft(p).includes(24), isPoolFilter(p))),
  unit("100 watt transformer", (p) => g(type(p, /^Transformer$/) && watts(p).includes(100), type(p, /^Transformer$/))),
  unit("5.5kw spa heater", (p) => g(isHeater(p) && watts(p).includes(5500), isHeater(p))),
  unit("variable speed pump", (p) => g(type(p, /^Variable Speed Pump$/), isPump(p))),
  unit("vs pool pump", (p) => g(type(p, /^Variable Speed Pump$/), isPump(p))),
  unit("two speed motor", (p) => g(isMotor(p) && title(p, /two speed|2-speed/i), isMotor(p))),
  unit("2 speed spa pump", (p) => g(productType(p, /^Spa Pump$/) && spec(p, "Speed").includes("2-Speed"), isPump(p))),
  unit("single speed pool pump", (p) => g(type(p, /^Single Speed Pump$/), isPump(p))),

  // "X for Y": an X that fits Y, never Y itself.
  forCase("gasket for pentair filter", (p) => g(isGasket(p) && /pentair/i.test(`${fits(p)} ${p.title}`), isGasket(p))),
  forCase("basket for a hayward skimmer", (p) =>
    g(named(p, /basket/i) && /hayward|skimmer/i.test(`${fits(p)} ${p.title}`), named(p, /basket/i)),
  ),
  forCase("cartridge for a Clean and Clear", (p) =>
    g(isCartridge(p) && /clean & clear/i.test(fits(p)), isCartridge(p)),
  ),
  forCase("lid for super pump", (p) => g(named(p, /\blid\b/i) && /super pump/i.test(fits(p)), named(p, /\blid\b/i))),
  forCase("o-ring for hayward super pump", (p) => g(isGasket(p) && /super pump/i.test(fits(p)), isGasket(p))),
  forCase("impeller for hayward pump", (p) => g(named(p, /impeller/i) && brand(p, /hayward/i), named(p, /impeller/i))),
  forCase("motor for intelliflo", (p) => g(isMotor(p) && /intelliflo/i.test(fits(p) + p.title), isMotor(p))),
  forCase("grid for hayward de filter", (p) =>
    g(type(p, /^DE Grid$/) && /hayward/i.test(fits(p)), type(p, /^DE Grid$/)),
  ),
  forCase("wing kit for navigator", (p) => g(named(p, /wing/i) && /navigator/i.test(fits(p)), named(p, /wing/i))),
  forCase("heater for spa", (p) => g(productType(p, /^Spa Heater$/), isHeater(p))),
  forCase("pillow for jacuzzi", (p) => g(type(p, /^Pillow$/) && brand(p, /jacuzzi/i), type(p, /^Pillow$/))),
  forCase("filter for hot tub", (p) => g(isCartridge(p) && title(p, /spa|hot tub/i), isCartridge(p))),
  forCase("shaft seal for pentair pump", (p) =>
    g(named(p, /seal/i) && /pentair/i.test(fits(p) + p.title), named(p, /seal/i)),
  ),
  forCase("throat for great white", (p) => g(named(p, /throat/i) && /great white/i.test(fits(p)), named(p, /throat/i))),
  forCase("valve lid for jandy never lube", (p) =>
    g(named(p, /\blid\b/i) && /never lube/i.test(fits(p)), named(p, /\blid\b/i)),
  ),

  // The product type a word names outranks products that merely contain it.
  typed("cartridge", (p) => g(isCartridge(p), type(p, /^Cartridge Filter$/))),
  typed("filter cartridge", (p) => g(isCartridge(p))),
  typed("cartridge filter", (p) => g(type(p, /^Cartridge Filter$/), isCartridge(p))),
  typed("motor", (p) => g(isMotor(p), isPump(p))),
  typed("pool motor", (p) => g(isMotor(p))),
  typed("valve", (p) => g(isValve(p), productType(p, /^Valve Part$/) || type(p, /^Valve Actuator$/))),
  typed("pump", (p) => g(isPump(p), isMotor(p))),
  typed("heater", (p) => g(isHeater(p), productType(p, /^Heater Part$/))),
  typed("light", (p) => g(isLight(p), productType(p, /^Light Part$/))),
  typed("gasket", (p) => g(isGasket(p))),
  typed("basket", (p) => g(named(p, /basket/i))),
  typed("pool cleaner", (p) => g(isCleaner(p), productType(p, /^Cleaner Part$/))),
  typed("salt cell", (p) => g(isSaltCell(p), isSaltSystem(p))),

  // Word forms and shop words.
  form("pool heating", (p) => g(isHeater(p), productType(p, /^Heater Part$/))),
  form("spa heating", (p) => g(productType(p, /^Spa Heater$/), isHeater(p))),
  form("pool lighting", (p) => g(isLight(p), productType(p, /^Light Part$/))),
  form("led lighting", (p) => g(isLight(p), productType(p, /^Light Part$/))),
  form("chlorine tablets", (p) => g(title(p, /tabs|tablets/i) && type(p, /^Chlorine$/), type(p, /^Chlorine$/))),
  form("pool vac", (p) => g(type(p, /^Vacuum$/) || isCleaner(p))),
  form("vac hose", (p) => g(type(p, /^Vacuum$/) && named(p, /hose/i), named(p, /hose/i))),
  form("aqua rite", (p) => g(/aquarite/i.test(p.title + fits(p)))),
  form("aqua rite salt cell", (p) => g(isSaltCell(p) && /aquarite/i.test(p.title), isSaltCell(p))),
  form("sta rite pump", (p) => g(brand(p, /sta-rite/i) && isPump(p), isPump(p))),
  form("starite filter", (p) => g(brand(p, /sta-rite/i) && isPoolFilter(p), isPoolFilter(p))),
  form("automatic cleaner", (p) => g(isCleaner(p))),
  form("automatic pool cleaner", (p) => g(isCleaner(p))),
  form("heat pumps", (p) => g(isHeatPump(p), isHeater(p))),
  form("pumps", (p) => g(isPump(p), isMotor(p))),
  form("intelli flo", (p) => g(/intelliflo/i.test(p.title))),

  // Words that match nothing are left out (and the page says so).
  relaxed("pool pump xyzzyq", (p) => g(isPoolPump(p), isPump(p))),
  relaxed("hayward qwertyuiop filter", (p) => g(brand(p, /hayward/i) && isPoolFilter(p), isPoolFilter(p))),
  relaxed("sand filter blorptastic", (p) => g(type(p, /^Sand Filter$/), isPoolFilter(p))),
  relaxed("zzqxj salt cell", (p) => g(isSaltCell(p), isSaltSystem(p))),
  relaxed("led pool light asdfghjk", (p) => g(isLight(p))),
  relaxed("cartridge foobarbazqux", (p) => g(isCartridge(p), type(p, /^Cartridge Filter$/))),
  relaxed("robotic cleaner frobnicator", (p) => g(isRobot(p), isCleaner(p))),
  relaxed("taylor test kit wxyzzy", (p) => g(brand(p, /taylor/i) && type(p, /^Test Kit$/), type(p, /^Test Kit$/))),
  relaxed("3 hp pool pump qqqzzz", (p) => g(isPump(p) && hp(p).includes(3), isPump(p))),
  relaxed("pool pump 7 hp", (p) => g(isPoolPump(p), isPump(p))),
];

// ---------------------------------------------------------------------------------------------

interface ProductRow {
  id: number;
  title: string;
  vendor: string | null;
  product_type: string | null;
  price_cents: number | string;
  description_html: string | null;
  tags: [string, string][] | string | null;
}

/** Every product with the fields the judgments read. */
export async function loadJudgedProducts(db: Database): Promise<JudgedProduct[]> {
  const result = (await db.execute(sql`
    select p.id, p.title, v.name as vendor, p.product_type, p.min_price_cents as price_cents, p.description_html,
      (select coalesce(json_agg(json_build_array(t.prefix, t.value)), '[]')
         from product_tags pt join tags t on t.id = pt.tag_id where pt.product_id = p.id) as tags
    from products p left join vendors v on v.id = p.vendor_id
    where p.published_at is not null and p.published_at <= now()
  `)) as unknown as { rows: ProductRow[] };
  return result.rows.map((row) => {
    const tags = typeof row.tags === "string" ? (JSON.parse(row.tags) as [string, string][]) : (row.tags ?? []);
    const specs = new Map<string, string[]>();
    const add = (label: string, value: string) => {
      const key = label.replace(/-/g, " ").toLowerCase();
      specs.set(key, [...(specs.get(key) ?? []), value]);
    };
    for (const [prefix, value] of tags) add(prefix, value);
    for (const m of (row.description_html ?? "").matchAll(/<tr><th>([^<]*)<\/th><td>([^<]*)<\/td><\/tr>/g)) {
      for (const value of m[2].replace(/&amp;/g, "&").split(/,\s+/)) add(m[1], value);
    }
    return {
      id: row.id,
      title: row.title,
      vendor: row.vendor ?? "",
      productType: row.product_type ?? "",
      type: tags.find(([prefix]) => prefix === "Type")?.[1] ?? "",
      specs,
      price: Number(row.price_cents) / 100,
    };
  });
}

/** nDCG@k of a ranking (ids in order), with gains 2^grade - 1 and the ideal order over every product. */
export function ndcgAt(ranked: readonly number[], gradeOf: (id: number) => Grade, all: readonly Grade[], k = 10) {
  const dcg = (grades: readonly number[]) =>
    grades.slice(0, k).reduce<number>((sum, grade, index) => sum + (2 ** grade - 1) / Math.log2(index + 2), 0);
  const ideal = dcg([...all].sort((a, b) => b - a));
  if (ideal === 0) return 1;
  return dcg(ranked.map(gradeOf)) / ideal;
}

export interface CaseResult {
  case: HardCase;
  ndcg: number;
  total: number;
  /** The first results, with their grades. */
  top: { id: number; title: string; grade: Grade; price: number }[];
}

/** Runs every case through `search` (the first page's ids and the total) and grades the answers. */
export async function evaluateHardSet(
  products: readonly JudgedProduct[],
  search: (q: string) => Promise<{ ids: number[]; total: number }>,
  cases: readonly HardCase[] = hardSet,
): Promise<CaseResult[]> {
  const byId = new Map(products.map((p) => [p.id, p]));
  const results: CaseResult[] = [];
  for (const c of cases) {
    const { ids, total } = await search(c.q);
    const gradeOf = (id: number): Grade => {
      const product = byId.get(id);
      return product ? c.grade(product) : 0;
    };
    results.push({
      case: c,
      ndcg: ndcgAt(ids, gradeOf, products.map(c.grade)),
      total,
      top: ids.slice(0, 10).map((id) => ({
        id,
        title: byId.get(id)?.title ?? "?",
        grade: gradeOf(id),
        price: byId.get(id)?.price ?? 0,
      })),
    });
  }
  return results;
}

/** Mean nDCG@10 per group and overall, and the queries that found nothing. */
export function summarize(results: readonly CaseResult[]) {
  const groups = new Map<string, number[]>();
  for (const r of results) groups.set(r.case.group, [...(groups.get(r.case.group) ?? []), r.ndcg]);
  const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
  return {
    overall: mean(results.map((r) => r.ndcg)),
    groups: [...groups].map(([group, values]) => ({ group, queries: values.length, ndcg: mean(values) })),
    empty: results.filter((r) => r.total === 0).map((r) => r.case.q),
  };
}
