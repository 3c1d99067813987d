import { describe, expect, test } from "vitest";
import { questionFormSchema, reviewFormSchema } from "../../shared/product-feedback.ts";
import { plainTextToHtml, questionHandle } from "./product-questions.ts";

describe("shopper texts", () => {
  test("plain text becomes escaped paragraphs, never markup", () => {
    expect(plainTextToHtml("Does it fit a <b>WhisperFlo</b>?\n\nModel 011\n& more")).toBe(
      "<p>Does it fit a &lt;b&gt;WhisperFlo&lt;/b&gt;?</p><p>Model 011<br>&amp; more</p>",
    );
    expect(plainTextToHtml("  \n\n ")).toBe("");
  });

  test("a question's handle is its words joined by dashes", () => {
    expect(questionHandle("Does the Hayward SP2610X15 fit my Pentair pump?")).toBe(
      "does-the-hayward-sp2610x15-fit-my-pentair-pump",
    );
    expect(questionHandle("???")).toBe("question");
  });
});

describe("review and question forms", () => {
  const review = { starsRating: 5, title: "Great fit", body: "Fit my pump in five minutes.", authorName: "Dana" };

  test("a good review passes; stars must be 1 to 5", () => {
    expect(reviewFormSchema.safeParse(review).success).toBe(true);
    for (const starsRating of [0, 6, 2.5]) {
      const result = reviewFormSchema.safeParse({ ...review, starsRating });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe("Choose a rating from 1 to 5 stars.");
    }
  });

  test("texts are trimmed and checked for length, with messages a shopper can act on", () => {
    const short = reviewFormSchema.safeParse({ ...review, body: "  ok  " });
    expect(short.error?.issues[0].message).toBe("The review needs at least 10 characters.");
    const blank = reviewFormSchema.safeParse({ ...review, title: "   " });
    expect(blank.error?.issues[0].message).toBe("The title is required.");
    expect(reviewFormSchema.parse({ ...review, email: "" }).email).toBeUndefined();
    expect(reviewFormSchema.safeParse({ ...review, email: "not-mail" }).success).toBe(false);
  });

  test("a question needs a sentence and a name", () => {
    expect(questionFormSchema.safeParse({ question: "Does it fit?", askedBy: "Lee" }).success).toBe(true);
    expect(questionFormSchema.safeParse({ question: "fit?", askedBy: "Lee" }).success).toBe(false);
    expect(questionFormSchema.safeParse({ question: "Does it fit my pump?", askedBy: "" }).success).toBe(false);
  });
});
