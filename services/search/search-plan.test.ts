import { describe, expect, test } from "vitest";
import { buildSearchPlan, queryTypeNouns } from "./search-plan.ts";
import { buildSynonymIndex, EMPTY_SYNONYMS } from "./synonyms.ts";

const synonyms = buildSynonymIndex([
  { term: "swg", synonyms: ["salt cell", "salt chlorine generator"] },
  { term: "tablets", synonyms: ["tabs"] },
]);

describe("search plan", () => {
  test("X for Y: the head names the type wanted, the fits part the type ranked last", () => {
    const plan = buildSearchPlan(["gasket", "pentair", "filter"], "gasket pentair filter", EMPTY_SYNONYMS, {
      headCount: 1,
    });
    expect(plan).toMatchObject({ typeNouns: ["gasket"], fitsTypeNouns: ["filter"] });
  });

  test("the head's last type noun is the type: pool pump motor is a motor", () => {
    expect(queryTypeNouns(["pool", "pump", "motor"], EMPTY_SYNONYMS)).toEqual(["motor"]);
    expect(queryTypeNouns(["cartridge"], EMPTY_SYNONYMS)).toEqual(["cartridge"]);
  });

  test("a word known only by its synonyms names their types", () => {
    expect(queryTypeNouns(["swg"], synonyms).sort()).toEqual(["cell", "generator"]);
  });

  test("attributes rank and, when asked, narrow the match; alone they are the match", () => {
    const soft = buildSearchPlan(["pump", "3hp"], "pump", EMPTY_SYNONYMS);
    expect(soft?.attributes).toEqual(["'3hp'"]);
    expect(soft?.match).not.toContain("3hp");
    const narrow = buildSearchPlan(["pump", "3hp"], "pump", EMPTY_SYNONYMS, { requiredAttributes: ["3hp"] });
    expect(narrow?.match).toContain("& '3hp'");
    expect(buildSearchPlan(["3hp"], "", EMPTY_SYNONYMS)?.match).toBe("'3hp'");
  });

  test("attributes add the same to every rank only when every one of them is required", () => {
    const words = ["pump", "variablespeed", "3hp"];
    const plan = (requiredAttributes: string[]) =>
      buildSearchPlan(words, "pump", EMPTY_SYNONYMS, { requiredAttributes })?.attributesConstant;
    expect(plan(["variablespeed", "3hp"])).toBe(true);
    expect(plan(["variablespeed"])).toBe(false);
    expect(plan([])).toBe(false);
    expect(buildSearchPlan(["pump"], "pump", EMPTY_SYNONYMS)?.attributesConstant).toBe(true);
  });
});
