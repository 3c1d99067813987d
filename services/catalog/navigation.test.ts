import { describe, expect, test } from "vitest";
import { buildNavigationTree, collectionUrl, type NavNode } from "./navigation.ts";

function node(key: string, parentKey: string | null, extra: Partial<NavNode> = {}): NavNode {
  return {
    key,
    id: Number(key.replace(/\D/g, "")),
    parentKey,
    title: key,
    url: `/${key}`,
    collectionId: null,
    collectionHandle: null,
    maxChildItemsToDisplay: null,
    position: 0,
    ...extra,
  };
}

const nodes: NavNode[] = [
  node("n2", null, { position: 2 }),
  node("n1", null, { position: 1, collectionId: 5, collectionHandle: "pool-pumps", maxChildItemsToDisplay: 12 }),
  node("n11", "n1"),
  node("n111", "n11"),
  node("n1111", "n111"),
];

describe("navigation tree", () => {
  test("depth 1 gives top items only, by position", () => {
    const tree = buildNavigationTree(nodes, { depth: 1, collectionUrlPrefix: "/collections" });
    expect(tree.map((item) => item.title)).toEqual(["n1", "n2"]);
    expect(tree.every((item) => item.children.length === 0)).toBe(true);
  });

  test("depth 2 and 3 cut the tree at that many levels", () => {
    const two = buildNavigationTree(nodes, { depth: 2, collectionUrlPrefix: "/collections" });
    expect(two[0].children.map((item) => item.title)).toEqual(["n11"]);
    expect(two[0].children[0].children).toEqual([]);
    const three = buildNavigationTree(nodes, { depth: 3, collectionUrlPrefix: "/collections" });
    expect(three[0].children[0].children.map((item) => item.title)).toEqual(["n111"]);
    expect(three[0].children[0].children[0].children).toEqual([]);
  });

  test("collection items link under the prefix; the child limit defaults to 8", () => {
    const [collectionItem, plain] = buildNavigationTree(nodes, { depth: 1, collectionUrlPrefix: "/c/" });
    expect(collectionItem.url).toBe("/c/pool-pumps");
    expect(collectionItem.maxChildItemsToDisplay).toBe(12);
    expect(plain.url).toBe("/n2");
    expect(plain.maxChildItemsToDisplay).toBe(8);
    expect(collectionUrl("/collections", "spa")).toBe("/collections/spa");
  });

  test("imageUrl is present only when images were asked for", () => {
    const without = buildNavigationTree(nodes, { depth: 1, collectionUrlPrefix: "/collections" });
    expect("imageUrl" in without[0]).toBe(false);
    const withImages = buildNavigationTree(nodes, {
      depth: 1,
      collectionUrlPrefix: "/collections",
      imageFor: (id) => (id === 5 ? "/img/pumps.webp" : null),
    });
    expect(withImages.map((item) => item.imageUrl)).toEqual(["/img/pumps.webp", null]);
  });

  test("a cycle in parent links does not loop", () => {
    const cyclic = [node("n1", null), node("n2", "n3"), node("n3", "n2")];
    expect(buildNavigationTree(cyclic, { depth: 3, collectionUrlPrefix: "/c" })).toHaveLength(1);
  });
});
