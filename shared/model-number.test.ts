import { describe, expect, it } from "vitest";
import {
  looksLikeModelNumber,
  modelNumberKeys,
  modelQueryKeys,
  normalizeModelNumber,
  stripModelSuffix,
} from "./model-number.ts";

describe("normalizeModelNumber", () => {
  it("keeps letters and digits, lower-cased", () => {
    expect(normalizeModelNumber("SP-2610-X15")).toBe("sp2610x15");
    expect(normalizeModelNumber(" sp 2610 x15 ")).toBe("sp2610x15");
    expect(normalizeModelNumber("SP2610X15")).toBe("sp2610x15");
    expect(normalizeModelNumber("Tr 60 É")).toBe("tr60e");
  });
});

describe("stripModelSuffix", () => {
  it("drops revision letters, market marks and revisions after a separator", () => {
    expect(stripModelSuffix("SP2610X15-A")).toBe("SP2610X15");
    expect(stripModelSuffix("EC-011018-UL")).toBe("EC-011018");
    expect(stripModelSuffix("H250FDN REV B")).toBe("H250FDN");
    expect(stripModelSuffix("SP2610X15")).toBe("SP2610X15");
  });
  it("never strips a short number to nothing", () => {
    expect(stripModelSuffix("A-1")).toBe("A-1");
  });
});

describe("modelNumberKeys", () => {
  it("keys the number, its variants and their suffix-less forms, strongest first", () => {
    const keys = modelNumberKeys("SP2610X15", ["SP2610X15-A", "SP-2610-X15"]);
    expect(keys).toContainEqual({ key: "sp2610x15", strength: 0 });
    expect(keys).toContainEqual({ key: "sp2610x15a", strength: 1 });
    // The stripped variant is the number itself: it keeps the strongest strength.
    expect(keys.filter((k) => k.key === "sp2610x15")).toHaveLength(1);
  });
});

describe("modelQueryKeys", () => {
  it("looks a typed number up as typed, without its suffix and without a bare revision letter", () => {
    expect(modelQueryKeys("sp-2610-x15-b")).toEqual(["sp2610x15b", "sp2610x15"]);
    expect(modelQueryKeys("SP2610X15B")).toEqual(["sp2610x15b", "sp2610x15"]);
    expect(modelQueryKeys("SP 2610 X15")).toEqual(["sp2610x15"]);
  });
});

describe("looksLikeModelNumber", () => {
  it("tells numbers from words", () => {
    expect(looksLikeModelNumber("SP2610X15")).toBe(true);
    expect(looksLikeModelNumber("011018")).toBe(true);
    expect(looksLikeModelNumber("pump")).toBe(false);
    expect(looksLikeModelNumber("2hp")).toBe(true);
    expect(looksLikeModelNumber("50")).toBe(false);
  });
});
