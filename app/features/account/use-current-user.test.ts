import { describe, expect, test } from "vitest";
import { ApiError } from "./account-api.ts";
import { lookupOutcome, lookupRetryDelayMs } from "./use-current-user.ts";

describe("the user lookup", () => {
  test("only the store's 'not signed in' answer means anonymous", () => {
    expect(lookupOutcome({ user: {} })).toBe("anonymous");
    expect(lookupOutcome({ error: new ApiError("", 401) })).toBe("anonymous");
    expect(lookupOutcome({ user: { id: 4, firstName: "Pat", lastName: null, email: "p@example.com" } })).toEqual({
      status: "signed-in",
      user: { id: 4, firstName: "Pat", lastName: null, email: "p@example.com" },
    });
  });

  test("a failed lookup (server error, no connection, anything thrown) says nothing about the visitor", () => {
    expect(lookupOutcome({ error: new ApiError("", 503) })).toBeNull();
    expect(lookupOutcome({ error: new ApiError("", 500) })).toBeNull();
    expect(lookupOutcome({ error: new ApiError("We could not reach the store.", 0) })).toBeNull();
    expect(lookupOutcome({ error: new SyntaxError("Unexpected token <") })).toBeNull();
  });

  test("it is asked again, less and less often", () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(lookupRetryDelayMs)).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000]);
  });
});
