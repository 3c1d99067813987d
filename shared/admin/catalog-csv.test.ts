import { describe, expect, it } from "vitest";
import { categoryPathKey, isImageUrl, parseCatalogCsvRow, splitCategoryPath, splitTag } from "./catalog-csv.ts";

const good = {
  handle: "hayward-super-pump",
  title: "Hayward Super Pump",
  sku: "SP2610X15",
  price: "1149.99",
  compare_at_price: "",
  stock: "12",
  published: "true",
  categories: "Pumps > Pool Pumps|Spa > Spa Pumps",
  tags: "Horsepower_1.5 HP|Voltage_230V",
  image_urls: "https://cdn.example.com/a.jpg|/img/demo/pump/hayward/SP2610X15.svg",
};

function problemsOf(record: Record<string, string>) {
  const result = parseCatalogCsvRow(record, 7);
  return result.problems.map((p) => [p.row, p.column, p.message]);
}

describe("a catalog CSV row", () => {
  it("reads money as cents, lists split on |, empty cells as null", () => {
    const { row } = parseCatalogCsvRow(good, 2);
    expect(row).toMatchObject({
      handle: "hayward-super-pump",
      price: 114999,
      compare_at_price: null,
      cost: null,
      stock: 12,
      published: true,
      backorder: null,
      categories: ["Pumps > Pool Pumps", "Spa > Spa Pumps"],
      tags: ["Horsepower_1.5 HP", "Voltage_230V"],
      image_urls: ["https://cdn.example.com/a.jpg", "/img/demo/pump/hayward/SP2610X15.svg"],
      description_html: null,
    });
    expect(parseCatalogCsvRow({ ...good, price: "5", cost: "0.5" }, 2).row).toMatchObject({ price: 500, cost: 50 });
  });

  it("names the row and column of each problem", () => {
    expect(problemsOf({ ...good, price: "$12.00" })).toEqual([
      [7, "price", expect.stringContaining("at most 2 decimals")],
    ]);
    expect(problemsOf({ ...good, price: "" })).toEqual([[7, "price", expect.stringContaining("A price is required")]]);
    expect(problemsOf({ ...good, compare_at_price: "1,149.99" })[0][1]).toBe("compare_at_price");
    expect(problemsOf({ ...good, price: "12.999" })[0][1]).toBe("price");
    expect(problemsOf({ ...good, stock: "many" })).toEqual([[7, "stock", expect.stringContaining("whole number")]]);
    expect(problemsOf({ ...good, weight_grams: "-5" })[0][1]).toBe("weight_grams");
    expect(problemsOf({ ...good, published: "maybe" })).toEqual([
      [7, "published", expect.stringContaining("true or false")],
    ]);
    expect(problemsOf({ ...good, handle: "Hayward Pump" })[0][1]).toBe("handle");
    expect(problemsOf({ ...good, sku: " " })[0][1]).toBe("sku");
    expect(problemsOf({ ...good, tags: "Sale" })).toEqual([[7, "tags", expect.stringContaining("Prefix_Value")]]);
    expect(problemsOf({ ...good, image_urls: "ftp://x/a.jpg" })).toEqual([
      [7, "image_urls", expect.stringContaining("is not an image address")],
    ]);
    expect(problemsOf({ ...good, image_urls: "/a.jpg|/a.jpg" })[0][2]).toContain("listed twice");
  });

  it("reports every bad cell of a row, not only the first", () => {
    const columns = problemsOf({ ...good, price: "x", stock: "y", backorder: "z" }).map((p) => p[1]);
    expect(columns.sort()).toEqual(["backorder", "price", "stock"]);
  });
});

describe("cell helpers", () => {
  it("splits category paths and compares them without case or extra spaces", () => {
    expect(splitCategoryPath(" Pumps >  Pool Pumps ")).toEqual(["Pumps", "Pool Pumps"]);
    expect(categoryPathKey(["Pumps", "Pool  Pumps"])).toBe(categoryPathKey(["pumps", "pool pumps"]));
  });

  it("splits a tag at its first underscore", () => {
    expect(splitTag("Horsepower_1.5 HP")).toEqual(["Horsepower", "1.5 HP"]);
    expect(splitTag("Fits_Model_A")).toEqual(["Fits", "Model_A"]);
    expect(splitTag("_x")).toBeNull();
    expect(splitTag("x_")).toBeNull();
  });

  it("accepts http(s) addresses and store paths as images", () => {
    expect(isImageUrl("https://a.example/x.png")).toBe(true);
    expect(isImageUrl("/img/x.svg")).toBe(true);
    expect(isImageUrl("//evil.example/x.png")).toBe(false);
    expect(isImageUrl("javascript:alert(1)")).toBe(false);
    expect(isImageUrl("https://a.example/x y.png")).toBe(false);
  });
});
