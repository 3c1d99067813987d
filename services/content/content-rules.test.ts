import { describe, expect, test } from "vitest";
import { articlePath, brandPath, questionPath, topicPath } from "../../shared/content-paths.ts";
import { reportedPath, summarizeLiveVisitors, visitPayloadSchema } from "../visits/visit-store.ts";
import { countWords, readingTimeMinutes } from "./article-detail.ts";

describe("reading time", () => {
  test("words of the body, markup left out, divided by 225 and rounded up", () => {
    expect(countWords("<h2>Free shipping</h2><p>Orders over $99 ship&nbsp;free.</p><script>x y z</script>")).toBe(7);
    expect(readingTimeMinutes(`<p>${"word ".repeat(225)}</p>`)).toBe(1);
    expect(readingTimeMinutes(`<p>${"word ".repeat(226)}</p>`)).toBe(2);
    expect(readingTimeMinutes("")).toBe(0);
  });
});

describe("content addresses", () => {
  test("blog posts under the blog path, info articles at their old id or handle", () => {
    expect(articlePath({ kind: "blog", handle: "spa-cover-care", legacyId: null }, { blog: "/blog" })).toBe(
      "/blog/spa-cover-care",
    );
    expect(articlePath({ kind: "info", handle: "shipping-details", legacyId: 257 }, { blog: "/blog" })).toBe(
      "/Articles.asp?ID=257",
    );
    expect(articlePath({ kind: "info", handle: "warranty", legacyId: null }, { blog: "/blog" })).toBe("/warranty");
  });

  test("brands by name, questions and topics by id and handle", () => {
    expect(brandPath("Zodiac Jandy")).toBe("/brands/Zodiac%20Jandy");
    expect(questionPath({ displayableId: "1001", handle: "pump-hums" })).toBe("/questions/1001/pump-hums");
    expect(topicPath({ id: 3, handle: "heaters" })).toBe("/questions/Topic/heaters/3");
  });
});

describe("live visits", () => {
  test("a visit is a site path; its query is dropped", () => {
    expect(visitPayloadSchema.parse({ path: "/reset-password?token=abc" })).toEqual({ path: "/reset-password" });
    expect(visitPayloadSchema.safeParse({ path: "//evil.example/x" }).success).toBe(false);
    expect(visitPayloadSchema.safeParse({ path: "https://evil.example" }).success).toBe(false);
    expect(visitPayloadSchema.safeParse({ path: "/a", latitude: 91 }).success).toBe(false);
  });

  test("counts sockets by path, the busiest first", () => {
    expect(summarizeLiveVisitors(["/b", "/a", "/b", null])).toEqual({
      liveVisitors: 4,
      paths: [
        { path: "/b", visitors: 2 },
        { path: "/a", visitors: 1 },
      ],
    });
  });

  test("reported paths name pages, never an order, a checkout or another record", () => {
    expect(reportedPath("/account/orders/1042")).toBe("/account/orders/:orderId");
    expect(reportedPath("/checkout/7f3c2a9e-5b1d-4c8e-9a2f-0d6b1e4c3a21")).toBe("/checkout/:checkoutId");
    expect(reportedPath("/checkout/abc/step")).toBe("/checkout/:checkoutId/step");
    expect(reportedPath("/questions/Topic/heaters/3")).toBe("/questions/Topic/heaters/:id");
    expect(reportedPath("/verify/Zx81kQ0pLm3Nb7Vc2Wd9")).toBe("/verify/:id");
    // Page names stay, digits in a handle included.
    expect(reportedPath("/products/hayward-super-pump-sp2610x15")).toBe("/products/hayward-super-pump-sp2610x15");
    expect(reportedPath("/shipping-details/257.htm")).toBe("/shipping-details/257.htm");
    expect(reportedPath("/help.asp")).toBe("/help.asp");
    expect(reportedPath("/")).toBe("/");
    expect(summarizeLiveVisitors(["/account/orders/1", "/account/orders/2", "/"]).paths).toEqual([
      { path: "/account/orders/:orderId", visitors: 2 },
      { path: "/", visitors: 1 },
    ]);
  });
});
