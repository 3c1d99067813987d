import { afterEach, describe, expect, test, vi } from "vitest";
import { apiJson, messageOf } from "./account-api.ts";

afterEach(() => vi.unstubAllGlobals());

async function failureOf(response: Response | Error): Promise<unknown> {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      if (response instanceof Error) throw response;
      return response;
    }),
  );
  try {
    await apiJson("/api/mailingAddresses/3", { method: "PUT", body: {} });
  } catch (error) {
    return error;
  }
  throw new Error("the call did not fail");
}

describe("the account pages' messages", () => {
  test("an answer without an error text shows the caller's own fallback", async () => {
    const error = await failureOf(new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(messageOf(error, "Address not updated")).toBe("Address not updated");
    expect(messageOf(error, "Failed to remove address.")).toBe("Failed to remove address.");
    expect(messageOf(error)).toBe("Failed");
  });

  test("the server's error text wins over the fallback", async () => {
    const error = await failureOf(Response.json({ error: "That address is not yours." }, { status: 403 }));
    expect(messageOf(error, "Address not updated")).toBe("That address is not yours.");
  });

  test("no answer at all says how to go on", async () => {
    const error = await failureOf(new TypeError("Failed to fetch"));
    expect(messageOf(error, "Address not updated")).toBe(
      "We could not reach the store. Check your connection and try again.",
    );
  });
});
