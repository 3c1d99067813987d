import { describe, expect, test } from "vitest";
import { discountFormSchema } from "./discounts.ts";

const base = {
  code: " spring-10 ",
  title: "Spring sale",
  kind: "percentage",
  percentOff: "10",
  startsAt: "2026-03-01T00:00:00Z",
};

describe("discountFormSchema", () => {
  test("a percentage code: upper-cased, empty fields mean none", () => {
    const parsed = discountFormSchema.parse({
      ...base,
      endsAt: "",
      usageLimit: "",
      amountOff: "",
      minimumSubtotal: "",
    });
    expect(parsed).toMatchObject({
      code: "SPRING-10",
      percentOff: 10,
      endsAt: null,
      usageLimit: null,
      minimumSubtotal: 0,
    });
    expect(parsed.appliesTo).toBe("all");
  });

  test("each kind needs its own amount", () => {
    const noPercent = discountFormSchema.safeParse({ ...base, percentOff: "" });
    expect(noPercent.error?.issues.map((issue) => issue.message)).toContain(
      "Enter the percentage off, from 0.01 to 100.",
    );
    const noAmount = discountFormSchema.safeParse({ ...base, kind: "fixed_amount", percentOff: null });
    expect(noAmount.error?.issues.map((issue) => issue.message)).toContain("Enter the amount off, more than 0.");
    expect(discountFormSchema.safeParse({ ...base, kind: "free_shipping", percentOff: null }).success).toBe(true);
  });

  test("the end comes after the start; codes have no spaces; money has 2 decimals", () => {
    expect(discountFormSchema.safeParse({ ...base, endsAt: "2026-02-01T00:00:00Z" }).error?.issues[0].message).toBe(
      "The end must be after the start.",
    );
    expect(discountFormSchema.safeParse({ ...base, code: "TWO WORDS" }).success).toBe(false);
    expect(discountFormSchema.safeParse({ ...base, minimumSubtotal: "10.005" }).success).toBe(false);
  });

  test("a code limited to products or categories names at least one", () => {
    expect(discountFormSchema.safeParse({ ...base, appliesTo: "products" }).success).toBe(false);
    expect(discountFormSchema.parse({ ...base, appliesTo: "products", productIds: [3, "4"] }).productIds).toEqual([
      3, 4,
    ]);
    expect(discountFormSchema.safeParse({ ...base, appliesTo: "collections" }).success).toBe(false);
  });
});
