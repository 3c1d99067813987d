import { describe, expect, it } from "vitest";
import { moreSheetLinks } from "./mobile-bottom-bar.tsx";

describe("the bottom bar's More sheet", () => {
  const navigation = [
    { title: "Pool Pumps", url: "/collections/pool-pumps", collectionId: 1 },
    { title: "Menu heading without a page", url: null, collectionId: null },
    { title: "Pool Filters", url: "/collections/pool-filters", collectionId: 2 },
    { title: "Brands", url: "/brands", collectionId: null },
    { title: "Questions", url: "/questions", collectionId: null },
  ];
  const headerLinks = [
    { title: "Brands", url: "/brands" },
    { title: "Blog", url: "/blog" },
    { title: "Help", url: "/help.asp" },
  ];

  it("lists the navigation's top-level categories, then account pages, header links, the blog and other menu pages", () => {
    expect(moreSheetLinks(navigation, headerLinks, "/blog")).toEqual({
      categories: [
        { title: "Pool Pumps", url: "/collections/pool-pumps" },
        { title: "Pool Filters", url: "/collections/pool-filters" },
      ],
      links: [
        { title: "My Account", url: "/myaccount.asp" },
        { title: "Orders", url: "/orders.asp" },
        { title: "Brands", url: "/brands" },
        { title: "Blog", url: "/blog" },
        { title: "Help", url: "/help.asp" },
        { title: "Questions", url: "/questions" },
      ],
    });
  });

  it("takes the blog from the configured path when the header links do not have it", () => {
    const { links } = moreSheetLinks([], [{ title: "Help", url: "/help.asp" }], "/articles");
    expect(links.map((link) => link.url)).toEqual(["/myaccount.asp", "/orders.asp", "/help.asp", "/articles"]);
  });
});
