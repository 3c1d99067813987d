import { describe, expect, test } from "vitest";
import { productAttributes, specificationValues, titleHead } from "./search-attributes.ts";

const table = (rows: [string, string][]) =>
  `<p>Intro.</p><h3>Specifications</h3><table><tbody>${rows
    .map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`)
    .join("")}</tbody></table>`;

describe("product attributes", () => {
  test("the specification table counts like the title", () => {
    const a = productAttributes({
      title: "Aqua-Flo 924-1178 Flo-Master VSD Variable Speed In-Ground Pool Pump",
      productCode: "924-1178",
      productType: "Pool Pump",
      tags: [
        ["Brand", "Aqua-Flo"],
        ["Type", "Variable Speed Pump"],
      ],
      descriptionHtml: table([
        ["Horsepower", "1.65 HP, 2.7 HP, 3 HP"],
        ["Voltage", "115/230V"],
        ["Plumbing Size", "1-1/2 in"],
        ["Shipping Weight", "52 lb"],
      ]),
    });
    expect(a.horsepower).toEqual([1.65, 2.7, 3]);
    expect(a.voltage).toEqual([115, 230]);
    expect(a.size).toEqual([1.5]);
    expect(a.speed).toEqual(["variable"]);
    expect(a.typeNouns).toEqual(["pump"]);
    expect(a.words.split(" ").sort()).toEqual(
      ["115v", "1d5in", "1d65hp", "230v", "2d7hp", "3hp", "variablespeed"].sort(),
    );
  });

  test("units written in other ways meet: BTU, gallons, square feet, kilowatts", () => {
    const a = productAttributes({
      title: "Hayward TurboCell T-CELL-15 Replacement Salt Cell for 40,000 gal Pools",
      productCode: "T-CELL-15",
      productType: "Salt Cell",
      tags: [["Type", "Salt Cell"]],
      descriptionHtml: table([
        ["BTU", "400,000 BTU"],
        ["Filter Area", "100 sq. ft."],
        ["Heater Power", "5.5 kW"],
      ]),
    });
    expect(a).toMatchObject({ gallons: [40_000], btu: [400_000], filterArea: [100], watts: [5500] });
    expect(a.typeNouns).toEqual(["cell"]);
  });

  test("the type is what the product is, not what it fits, its part number or its colour", () => {
    const type = (title: string, typeTag = "", productCode: string | null = null) =>
      productAttributes({ title, productCode, productType: "", tags: [["Type", typeTag]], descriptionHtml: null })
        .typeNouns;
    expect(type("Hayward SPX1600Z4 Lid O-Ring for Super Pump", "O-Ring")).toEqual(["oring"]);
    expect(type("Unicel C-4950 Replacement Filter Cartridge", "Cartridge")).toEqual(["cartridge"]);
    expect(type("Hayward C0688S Easy-Clear Cartridge Filter 100 sq ft", "Cartridge Filter")).toEqual(["filter"]);
    expect(type("Hayward Pro Series Sand Filter with Multiport Valve", "Sand Filter")).toEqual(["filter"]);
    expect(type("Hayward GLX Main PCB GLX-UNION-38", "Chlorinator Part", "GLX-UNION-38")).toEqual([]);
    expect(type("Hayward Suction Outlet Cover 9 in Light Gray WGX7983FV", "Drain Cover")).toEqual(["cover"]);
    expect(type("Raypak 460732 Pressure Switch Kit for Digital Heaters", "Heater Part")).toEqual(["kit", "switch"]);
  });

  test("specification rows and title halves", () => {
    expect(specificationValues(table([["Fits", "Pentair Clean &amp; Clear"]]))).toEqual([
      { label: "Fits", value: "Pentair Clean & Clear" },
    ]);
    expect(titleHead("Aladdin O-375 O-Ring for Pentair WhisperFlo Lid")).toBe("Aladdin O-375 O-Ring");
  });
});
