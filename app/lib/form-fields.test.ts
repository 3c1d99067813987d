import { describe, expect, test } from "vitest";
import { formFields } from "./form-fields.ts";

describe("formFields", () => {
  test("reads each field as a string, the first value of a repeated name, and drops files", () => {
    const form = new FormData();
    form.append("question", "Does it fit?");
    form.append("email", "");
    form.append("tag", "first");
    form.append("tag", "second");
    form.append("picture", new File(["x"], "x.png", { type: "image/png" }));
    expect(formFields(form)).toEqual({ question: "Does it fit?", email: "", tag: "first" });
  });
});
