import { describe, expect, test } from "vitest";
import {
  findAttributes,
  findPriceIntent,
  parseNumber,
  splitAttributes,
  startsTypeNoun,
  typeNounsOf,
  understandQuery,
  withoutPriceWords,
} from "./query-understanding.ts";

describe("numbers", () => {
  test.each([
    ["1.5", 1.5],
    ["1 1/2", 1.5],
    ["1-1/2", 1.5],
    ["3/4", 0.75],
    ["4-15/16", 4.9375],
    ["400,000", 400_000],
    ["250k", 250_000],
    ["30 k", 30_000],
    [".75", 0.75],
  ])("%s = %d", (text, value) => {
    expect(parseNumber(text)).toBe(value);
  });

  test("a slash between two voltages is no fraction", () => {
    expect(parseNumber("115/230")).toBeNull();
  });
});

describe("units", () => {
  const words = (text: string) => findAttributes(text.toLowerCase()).map((a) => a.word);
  test.each([
    ["3hp", ["3hp"]],
    ["3 HP", ["3hp"]],
    ["1.5 horsepower pump", ["1d5hp"]],
    ["1 1/2 hp", ["1d5hp"]],
    ["3/4 hp motor", ["0d75hp"]],
    ["208 volt", ["208v"]],
    ["230V", ["230v"]],
    ["115/230V", ["115v", "230v"]],
    ["1.5 inch", ["1d5in"]],
    ['1.5"', ["1d5in"]],
    ["1-1/2 in", ["1d5in"]],
    ["2 in x 2.5 in", ["2in", "2d5in"]],
    ["250k btu", ["250000btu"]],
    ["125000 btu", ["125000btu"]],
    ["400,000 BTU", ["400000btu"]],
    ["30k gallons", ["30000gal"]],
    ["40,000 gal", ["40000gal"]],
    ["75 sqft", ["75sqft"]],
    ["100 sq. ft.", ["100sqft"]],
    ["50 sq ft", ["50sqft"]],
    ["300 watt", ["300w"]],
    ["5.5 kW", ["5500w"]],
    ["variable speed pump", ["variablespeed"]],
    ["vs pump", ["variablespeed"]],
    ["2-Speed", ["twospeed"]],
    ["two speed motor", ["twospeed"]],
    ["single speed", ["singlespeed"]],
  ])("%s", (text, expected) => {
    expect(words(text)).toEqual(expected);
  });

  test.each(["SP2610X15", "PRB25-IN", "3721621 1V", "JXI400N", "spx 1600 z4", "K-2006"])(
    "a part number holds no attribute: %s",
    (text) => {
      expect(words(text)).toEqual([]);
    },
  );
});

describe("price phrases", () => {
  test.each([
    ["pool pump under 600", null, 600, "under 600"],
    ["filters below $300", null, 300, "below $300"],
    ["heater less than 2500 dollars", null, 2500, "less than 2500 dollars"],
    ["between 200 and 400", 200, 400, "between 200 and 400"],
    ["pump $200-$400", 200, 400, "$200-$400"],
    ["cleaner from $300 to $700", 300, 700, "from $300 to $700"],
    ["heater over 1,000 usd", 1000, null, "over 1,000 usd"],
    ["robot>$700", 700, null, ">$700"],
    ["salt system under 1k", null, 1000, "under 1k"],
    ["pump at least 500", 500, null, "at least 500"],
  ])("%s", (text, min, max, phrase) => {
    const { intent } = findPriceIntent(text);
    expect(intent).toMatchObject({ min, max, text: phrase, lowFirst: false });
  });

  test.each(["cheap spa cover", "budget pool pump", "affordable robotic cleaner", "low cost heater"])(
    "%s sorts toward the low end",
    (text) => {
      expect(findPriceIntent(text).intent).toMatchObject({ min: null, max: null, lowFirst: true });
    },
  );

  test.each(["pump under 100 gpm", "motor over 1 hp", "2 to 3 hp pump", "1-1/2 in valve", "pool pump"])(
    "%s holds no price",
    (text) => {
      expect(findPriceIntent(text).intent).toBeNull();
    },
  );
});

describe("X for Y", () => {
  test.each([
    ["gasket for pentair filter", "gasket", "pentair filter"],
    ["basket for a hayward skimmer", "basket", "a hayward skimmer"],
    ["cartridge for a Clean and Clear", "cartridge", "a clean and clear"],
    ["o-ring that fits super pump", "o-ring", "super pump"],
    ["sand filter with multiport valve", "sand filter", "multiport valve"],
    ["hayward super pump", "hayward super pump", ""],
  ])("%s", (q, head, fits) => {
    expect(understandQuery(q)).toMatchObject({ head, fits });
  });

  test("price and units come out of the words", () => {
    const u = understandQuery("3hp pool pump for inground pool under $900");
    expect(u).toMatchObject({ head: "pool pump", fits: "inground pool", price: { max: 900 } });
    expect(u.attributes.map((a) => a.word)).toEqual(["3hp"]);
  });

  test("a price phrase does not leave its connector behind", () => {
    expect(understandQuery("pool pump for under 600").text).toBe("pool pump");
  });
});

describe("product types", () => {
  test.each([
    [["cartridge"], ["cartridge"]],
    [["cartridge", "filter"], ["filter"]],
    [["filter", "cartridge"], ["cartridge"]],
    [["pool", "pump", "motor"], ["motor"]],
    [
      ["pressure", "switch", "kit"],
      ["kit", "switch"],
    ],
    [["lid", "o", "ring"], ["oring"]],
    [["pool", "heat", "pump"], ["heatpump"]],
    [["tablets"], ["tab"]],
    [["hayward", "super", "pump", "sp2610x15"], ["pump"]],
  ])("%j", (words, nouns) => {
    expect(typeNounsOf(words)).toEqual(nouns);
  });

  test("a type name counts its last words only", () => {
    expect(typeNounsOf(["filter", "part"], true)).toEqual([]);
    expect(typeNounsOf(["filter", "media"], true)).toEqual(["media"]);
  });

  test("a word typed in part starts a type from four letters", () => {
    expect(startsTypeNoun("chlorinat")).toBe(true);
    expect(startsTypeNoun("gask")).toBe(true);
    expect(startsTypeNoun("pump")).toBe(true);
    expect(startsTypeNoun("chl")).toBe(false);
    expect(startsTypeNoun("salt")).toBe(false);
    expect(startsTypeNoun("chlorinatx")).toBe(false);
  });
});

describe("attributes moved out of the words", () => {
  test.each([
    ["3 hp pool pump", "pool pump", ["3hp"]],
    ["Pool Pump 1 1/2 HP under $600", "Pool Pump under $600", ["1d5hp"]],
    ["2 inch gasket for pentair filter", "gasket for pentair filter", ["2in"]],
    ["variable speed pump 1.5 hp", "pump", ["variablespeed", "1d5hp"]],
    ["pool pump for 230v", "pool pump", ["230v"]],
    ["hayward filter", "hayward filter", []],
  ])("%s -> %s", (q, text, words) => {
    const split = splitAttributes(q);
    expect(split.text).toBe(text);
    expect(split.attributes.map((a) => a.word)).toEqual(words);
  });

  test("a price after a number stays a price", () => {
    expect(splitAttributes("pool pump under 600").attributes).toEqual([]);
  });
});

describe("removing a typed price", () => {
  test("all its words, or the bounds only (cheap stays)", () => {
    expect(withoutPriceWords("cheap pool pump under 600")).toBe("pool pump");
    expect(withoutPriceWords("cheap pool pump under 600", { keepLowFirst: true })).toBe("cheap pool pump");
    expect(withoutPriceWords("pool pump between $200 and $400", { keepLowFirst: true })).toBe("pool pump");
  });
});

describe("the reading of a query is kept", () => {
  test("the same text answers the same reading, recomputed for none of it", () => {
    const first = understandQuery("3 hp pool pump under 600");
    expect(understandQuery("3 hp pool pump under 600")).toBe(first);
    expect(understandQuery("3 HP pool pump under 600")).toEqual(first);
  });
});
