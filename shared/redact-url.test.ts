import { describe, expect, test } from "vitest";
import { redactUrl } from "./redact-url.ts";

describe("redactUrl", () => {
  test("replaces token-like query values and drops the fragment; other parameters stay", () => {
    expect(redactUrl("/account/orders/12?token=abcDEF123_-x&placed=1")).toBe(
      "/account/orders/12?token=redacted&placed=1",
    );
    expect(redactUrl("https://store.example/unsubscribe?unsubscribeToken=zzz#x")).toBe(
      "https://store.example/unsubscribe?unsubscribeToken=redacted",
    );
    expect(redactUrl("/reset-password#token=secret")).toBe("/reset-password");
    expect(redactUrl("/search?q=pump+lid&page=2")).toBe("/search?q=pump+lid&page=2");
    expect(redactUrl("/x?resetToken=a&%74oken=b&code=c")).toBe("/x?resetToken=redacted&%74oken=redacted&code=redacted");
  });
});
