import { describe, expect, it } from "vitest";
import { normalizePartNumber, slugify } from "./part-number.ts";

describe("normalizePartNumber", () => {
  it("keeps lowercase letters and digits only", () => {
    expect(normalizePartNumber("SP2610X15")).toBe("sp2610x15");
    expect(normalizePartNumber("SP-2610-X15")).toBe("sp2610x15");
    expect(normalizePartNumber(" sp 2610 x15 ")).toBe("sp2610x15");
    expect(normalizePartNumber("PRB25-IN")).toBe("prb25in");
    expect(normalizePartNumber("C-4950")).toBe("c4950");
    expect(normalizePartNumber("9-100-1001")).toBe("91001001");
    expect(normalizePartNumber("SHPF1.0")).toBe("shpf10");
  });
});

describe("slugify", () => {
  it("makes URL handles", () => {
    expect(slugify("Hayward Super Pump 1.5 HP Single Speed Pool Pump SP2610X15")).toBe(
      "hayward-super-pump-1-5-hp-single-speed-pool-pump-sp2610x15",
    );
    expect(slugify("Pool Heaters & Heat Pumps")).toBe("pool-heaters-and-heat-pumps");
    expect(slugify("Gecko in.xe Spa Pack — 5.5 kW")).toBe("gecko-in-xe-spa-pack-5-5-kw");
    expect(slugify("Ciudad de México")).toBe("ciudad-de-mexico");
  });
});
