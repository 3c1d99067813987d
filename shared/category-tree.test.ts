import { describe, expect, it } from "vitest";
import { ancestorIds, buildCategoryTree, type CategoryNode } from "./category-tree.ts";

function outline(nodes: CategoryNode[]): string[] {
  return nodes.flatMap((node) => [`${"-".repeat(node.depth)}${node.title}`, ...outline(node.children)]);
}

const flat = [
  { id: 1, parentId: null, title: "Pumps", handle: "pumps" },
  { id: 2, parentId: 1, title: "Pump Motors", handle: "pump-motors" },
  { id: 3, parentId: null, title: "Heaters", handle: "heaters" },
  { id: 4, parentId: 2, title: "Motor Seals", handle: "motor-seals" },
  { id: 5, parentId: 1, title: "Pump Lids", handle: "pump-lids" },
];

describe("buildCategoryTree", () => {
  it("nests by parentId with depths, keeping sibling order", () => {
    expect(outline(buildCategoryTree(flat))).toEqual([
      "Pumps",
      "-Pump Motors",
      "--Motor Seals",
      "-Pump Lids",
      "Heaters",
    ]);
  });

  it("shows orphans at the top level and survives cycles", () => {
    const odd = [
      { id: 10, parentId: 99, title: "Orphan", handle: "orphan" },
      { id: 11, parentId: 12, title: "A", handle: "a" },
      { id: 12, parentId: 11, title: "B", handle: "b" },
    ];
    expect(outline(buildCategoryTree(odd))).toEqual(["Orphan"]);
    expect(buildCategoryTree([])).toEqual([]);
  });
});

describe("ancestorIds", () => {
  it("finds the path to a category", () => {
    const tree = buildCategoryTree(flat);
    expect(ancestorIds(tree, "motor-seals")).toEqual([1, 2, 4]);
    expect(ancestorIds(tree, "heaters")).toEqual([3]);
    expect(ancestorIds(tree, "nope")).toEqual([]);
  });
});
