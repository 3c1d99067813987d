import { describe, expect, test } from "vitest";
import { requestHash, withoutCardData } from "./idempotency.ts";

describe("idempotency request hash", () => {
  test("drops security codes and keeps only the last 4 digits of card numbers, at any depth", () => {
    expect(
      withoutCardData({
        email: "pat@example.com",
        card: { number: "4242 4242 4242 4242", cvc: "123", expMonth: 12 },
        cards: [{ cardNumber: "4000000000000002", CVV: "999" }],
      }),
    ).toEqual({
      email: "pat@example.com",
      card: { number: "…4242", expMonth: 12 },
      cards: [{ cardNumber: "…0002" }],
    });
  });

  test("is keyed: another secret gives another hash; the CVC never changes it", () => {
    const body = { card: { number: "4242424242424242", cvc: "123" } };
    const a = requestHash("secret-a", "POST", "/api/x", body);
    expect(requestHash("secret-b", "POST", "/api/x", body)).not.toBe(a);
    expect(requestHash("secret-a", "POST", "/api/x", { card: { number: "4242424242424242", cvc: "999" } })).toBe(a);
    expect(requestHash("secret-a", "POST", "/api/x", { card: { number: "4000000000000002", cvc: "123" } })).not.toBe(a);
  });
});
