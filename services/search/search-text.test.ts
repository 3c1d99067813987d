import { describe, expect, test } from "vitest";
import { buildSearchPlan, searchWords } from "./search-plan.ts";
import {
  expandPrefixOperands,
  normalizePartNumber,
  normalizeSearchText,
  partNumberCandidates,
  prefixCover,
  prefixOperands,
  singular,
  termsToTsQuery,
  titleTierOnly,
  tokenize,
  type VocabularyNode,
  withoutWeights,
  wordForms,
} from "./search-text.ts";
import { buildSynonymIndex, EMPTY_SYNONYMS, expandSynonyms } from "./synonyms.ts";
import { allowedEdits, editDistance, isCorrectable } from "./typo-correction.ts";

describe("normalisation", () => {
  test("accents, case and punctuation", () => {
    expect(normalizeSearchText("Crème  Brûlée O-Ring, 1.5 HP (Ø 2.) Straße")).toBe(
      "creme brulee o ring 1.5 hp o 2 strasse",
    );
  });
  test("part numbers keep letters and digits only", () => {
    expect(normalizePartNumber("SP-2610-X15")).toBe("sp2610x15");
    expect(normalizePartNumber("sp 2610/x.15")).toBe("sp2610x15");
  });
  test("tokens", () => {
    expect(tokenize("  Hayward   Super-Pump ")).toEqual(["hayward", "super", "pump"]);
    expect(tokenize("!!!")).toEqual([]);
  });
  test("stopwords go unless nothing else is left", () => {
    expect(searchWords("filter for the pool")).toEqual(["filter", "pool"]);
    expect(searchWords("the")).toEqual(["the"]);
  });
});

describe("word forms", () => {
  test.each([
    ["pumps", "pump"],
    ["cartridges", "cartridge"],
    ["batteries", "battery"],
    ["brushes", "brush"],
    ["glass", "glass"],
    ["plus", "plus"],
    ["sp2610x15", "sp2610x15"],
  ])("singular(%s) = %s", (word, expected) => {
    expect(singular(word)).toBe(expected);
  });
  test("plural forms of a singular word", () => {
    expect(wordForms("brush")).toEqual(["brush", "brushs", "brushes"]);
    expect(wordForms("battery")).toContain("batteries");
    expect(wordForms("hp")).toEqual(["hp"]);
  });
});

describe("tsquery text", () => {
  test("every word must match; the last one as a prefix", () => {
    const terms = expandSynonyms(["hayward", "pump"], EMPTY_SYNONYMS);
    expect(termsToTsQuery(terms)).toBe("('hayward' | 'haywards') & 'pump':*");
    expect(termsToTsQuery(terms, { weight: "A" })).toBe("('hayward':A | 'haywards':A) & 'pump':*A");
  });
  test("a plural last word also matches its singular as a prefix", () => {
    expect(termsToTsQuery(expandSynonyms(["pumps"], EMPTY_SYNONYMS))).toBe("('pumps':* | 'pump':*)");
  });
  test("quotes can never reach to_tsquery", () => {
    expect(termsToTsQuery(expandSynonyms(tokenize("o'reilly'); drop table x; --"), EMPTY_SYNONYMS))).not.toMatch(
      /;|\)\s*drop/,
    );
  });
  test("part numbers: the whole query and tokens with digits", () => {
    expect(partNumberCandidates("SP2610 X15")).toEqual(["sp2610x15", "sp2610"]);
    expect(partNumberCandidates("hayward spx1600z4 o-ring")).toEqual(["haywardspx1600z4oring", "spx1600z4"]);
    expect(partNumberCandidates("pump")).toEqual([]);
  });
  test("an index's query drops the weights and keeps the prefixes", () => {
    const terms = expandSynonyms(["hayward", "pump"], EMPTY_SYNONYMS);
    expect(withoutWeights(termsToTsQuery(terms, { weight: "AB" }))).toBe(termsToTsQuery(terms));
    expect(withoutWeights("('sp2610x15':B | '2610':ABC) & 'x':*A")).toBe("('sp2610x15' | '2610') & 'x':*");
    // The tiers of a plan that differ only in their weights are one query for the index.
    const plan = buildSearchPlan(["hot", "tub", "heater"], "hot tub heater", EMPTY_SYNONYMS);
    expect(plan?.tiers.length).toBeGreaterThan(1);
    expect(new Set(plan?.tiers.map(withoutWeights)).size).toBe(1);
  });
  test("a tier of the title's words alone is told from one with other weights", () => {
    expect(titleTierOnly("('hayward':A | 'haywards':A) & 'pu':*A")).toBe(true);
    expect(titleTierOnly("'hot':A <-> 'tub':A")).toBe(true);
    expect(titleTierOnly("('hayward':AB | 'haywards':A) & 'pu':*A")).toBe(false);
    expect(titleTierOnly("'hayward':A & 'pu':*")).toBe(false);
    expect(titleTierOnly("'hayward' & 'pump'")).toBe(false);
    expect(titleTierOnly("'sp2610x15':B")).toBe(false);
    expect(titleTierOnly("")).toBe(false);
    // A plan's first tier (every typed word in the title) is; its broader ones are not.
    const plan = buildSearchPlan(["hayward", "super", "pu"], "hayward super pu", EMPTY_SYNONYMS);
    expect(plan?.tiers.map(titleTierOnly)).toEqual([true, false, false]);
  });
  test("prefixes are found once each, with or without weights", () => {
    expect(prefixOperands(["('super' | 'supers') & 'pu':*", "('super':A | 'supers':A) & 'pu':*A", null])).toEqual([
      "pu",
    ]);
    expect(prefixOperands(["(('sp' & '2610' & 'x15':*) | 'sp2610x15':*)", "'pump'"])).toEqual(["x15", "sp2610x15"]);
  });
  test("a prefix's cover: the words on the paths to its frequent words, a prefix for every branch off them", () => {
    // The vocabulary below "pu": pu, pua1, pub, pull, pump, pumps, pumpx9, pure; pump and pumps frequent.
    const nodes = new Map<string, VocabularyNode>([
      ["pu", { isLexeme: true, next: ["a", "b", "l", "m", "r"] }],
      ["pum", { isLexeme: false, next: ["p"] }],
      ["pump", { isLexeme: true, next: ["s", "x"] }],
      ["pumps", { isLexeme: true, next: [] }],
    ]);
    const cover = prefixCover("pu", nodes);
    expect(cover).toEqual({ words: ["pu", "pump", "pumps"], prefixes: ["pua", "pub", "pul", "pumpx", "pur"] });
    // Every word of the vocabulary is matched by exactly the cover's terms.
    const vocabulary = ["pu", "pua1", "pub", "pull", "pump", "pumps", "pumpx9", "pure"];
    for (const word of vocabulary) {
      const hits =
        (cover?.words.filter((w) => w === word).length ?? 0) +
        (cover?.prefixes.filter((start) => word.startsWith(start)).length ?? 0);
      expect(hits, word).toBe(1);
    }
    // No frequent word below the prefix: it stays as typed.
    expect(prefixCover("pux", nodes)).toBeNull();
  });
  test("expanding prefixes keeps each operand's weights and leaves the others", () => {
    const covers = new Map([
      ["pu", { words: ["pump", "pumps"], prefixes: ["pua"] }],
      ["zzq", { words: [], prefixes: [] }],
    ]);
    expect(expandPrefixOperands("('super' | 'supers') & 'pu':*", covers)).toBe(
      "('super' | 'supers') & ('pump' | 'pumps' | 'pua':*)",
    );
    expect(expandPrefixOperands("('super':A | 'supers':A) & 'pu':*AB", covers)).toBe(
      "('super':A | 'supers':A) & ('pump':AB | 'pumps':AB | 'pua':*AB)",
    );
    // A prefix no word starts matches nothing, as the whole word does; another prefix stays.
    expect(expandPrefixOperands("'zzq':*B | 'hay':*", covers)).toBe("'zzq':B | 'hay':*");
  });
  test("the plan adds the query run together as a part-number prefix", () => {
    const plan = buildSearchPlan(["sp", "2610", "x15"], "SP-2610-X15", EMPTY_SYNONYMS);
    expect(plan?.match).toBe("('sp' & '2610' & 'x15':*) | 'sp2610x15':*");
    expect(plan?.partNumberExact).toBe("('sp2610x15':B | '2610':B)");
  });
});

describe("synonyms", () => {
  const synonyms = buildSynonymIndex([
    { term: "salt cell", synonyms: ["chlorinator cell", "swg"] },
    { term: "swg", synonyms: ["salt water generator"] },
    { term: "hot tub", synonyms: ["spa"] },
    { term: "lonely", synonyms: [] },
  ]);
  test("a term matches its synonyms; a synonym matches its term (one hop)", () => {
    expect(expandSynonyms(["chlorinator", "cell"], synonyms)[0].alternatives).toEqual([
      ["chlorinator", "cell"],
      ["salt", "cell"],
    ]);
    expect(expandSynonyms(["swg"], synonyms)[0].alternatives).toEqual([
      ["swg"],
      ["salt", "cell"],
      ["salt", "water", "generator"],
    ]);
    expect(expandSynonyms(["lonely"], synonyms)).toEqual([{ alternatives: [["lonely"]], prefix: true }]);
  });
  test("the longest phrase wins; plurals count; the words as typed come first", () => {
    expect(expandSynonyms(["hayward", "salt", "cells"], synonyms)).toEqual([
      { alternatives: [["hayward"]], prefix: false },
      { alternatives: [["salt", "cells"], ["chlorinator", "cell"], ["swg"]], prefix: false },
    ]);
  });
  test("synonyms widen the match but not the exact-title tier", () => {
    const plan = buildSearchPlan(["spa", "filter"], "spa filter", synonyms);
    expect(plan?.match).toBe(
      "((('spa' | 'spas') | (('hot' | 'hots') & ('tub' | 'tubs'))) & 'filter':*) | 'spafilter':*",
    );
    expect(plan?.tiers).toEqual([
      "('spa':A | 'spas':A) & 'filter':*A",
      "('spa':AB | 'spas':AB) & 'filter':*AB",
      "(('spa':A | 'spas':A) | (('hot':A | 'hots':A) & ('tub':A | 'tubs':A))) & 'filter':*A",
      "(('spa':AB | 'spas':AB) | (('hot':AB | 'hots':AB) & ('tub':AB | 'tubs':AB))) & 'filter':*AB",
      "(('spa':ABC | 'spas':ABC) | (('hot':ABC | 'hots':ABC) & ('tub':ABC | 'tubs':ABC))) & 'filter':*ABC",
    ]);
  });
});

describe("typo correction candidates", () => {
  test.each([
    ["chlorinater", true],
    ["sp2610", false],
    ["pvc", false],
    ["with", false],
  ])("%s -> %s", (word, expected) => {
    expect(isCorrectable(word)).toBe(expected);
  });
});

describe("edit distance", () => {
  test.each([
    ["pentiar", "pentair", 1],
    ["cartrige", "cartridge", 1],
    ["chlorinater", "chlorinator", 1],
    ["hayword", "hayward", 1],
    ["pump", "pump", 0],
    ["heater", "header", 1],
    ["abc", "", 3],
  ])("%s -> %s: %i", (a, b, expected) => {
    expect(editDistance(a, b)).toBe(expected);
  });
  test("longer words may take two edits", () => {
    expect(allowedEdits("swep")).toBe(1);
    expect(allowedEdits("inteliflo")).toBe(2);
  });
});
