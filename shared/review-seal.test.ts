import { describe, expect, test } from "vitest";
import { sealImageOrigin, sealImageUrl } from "./review-seal.ts";

describe("the review provider's seal", () => {
  test("a site id is the provider's seal image; a full https address is used as it is", () => {
    expect(sealImageUrl("28512")).toBe("https://www.shopperapproved.com/seals/28512-r.gif");
    expect(sealImageUrl(" 28512 ")).toBe("https://www.shopperapproved.com/seals/28512-r.gif");
    expect(sealImageUrl("https://seals.example/store/seal.png")).toBe("https://seals.example/store/seal.png");
    expect(sealImageOrigin("28512")).toBe("https://www.shopperapproved.com");
    expect(sealImageOrigin("https://seals.example/store/seal.png")).toBe("https://seals.example");
  });

  test("no id, or one that is not usable, is no seal (the badge stays the store's own)", () => {
    for (const id of ["", "  ", "http://insecure.example/seal.png", "//evil.example/x", "a b", "javascript:alert(1)"]) {
      expect(sealImageUrl(id), id).toBeNull();
      expect(sealImageOrigin(id), id).toBeNull();
    }
  });
});
