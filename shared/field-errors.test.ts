import { expect, test } from "vitest";
import { z } from "zod";
import { fieldErrors } from "./field-errors.ts";

const schema = z
  .object({ email: z.email("Enter an e-mail address.").min(10, "Too short."), name: z.string().min(1, "Name it.") })
  .refine((value) => value.name !== value.email, "The name cannot be the e-mail address.");

test("keeps the first message of each field and leaves out the issues of no field", () => {
  const parsed = schema.safeParse({ email: "x", name: "" });
  expect(parsed.success).toBe(false);
  expect(fieldErrors(parsed.error?.issues ?? [])).toEqual({ email: "Enter an e-mail address.", name: "Name it." });
  expect(fieldErrors([{ path: [], message: "The whole form" }])).toEqual({});
  expect(fieldErrors([{ path: ["lines", 2, "quantity"], message: "Too many." }])).toEqual({ lines: "Too many." });
});
