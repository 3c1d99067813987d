import { describe, expect, test } from "vitest";
import { CardRejected } from "./payment-gateway.ts";
import {
  createTestGateway,
  DECLINED_MESSAGE,
  detectBrand,
  luhnValid,
  PROCESSING_ERROR_MESSAGE,
} from "./test-gateway.ts";

const now = () => new Date("2026-06-15T00:00:00Z");
const card = (number: string, patch: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({
  number,
  expMonth: 12,
  expYear: 2028,
  cvc: "123",
  ...patch,
});

describe("card checks", () => {
  test("Luhn and brands", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(detectBrand("4242424242424242")).toBe("visa");
    expect(detectBrand("5555555555554444")).toBe("mastercard");
    expect(detectBrand("2223003122003222")).toBe("mastercard");
    expect(detectBrand("378282246310005")).toBe("american_express");
    expect(detectBrand("6011111111111117")).toBe("discover");
  });

  test.each([
    ["4242 4242 4242 4241", {}, "number", "Your card number is invalid."],
    ["4242 4242 4242", {}, "number", "Your card number is incomplete."],
    ["4242-abcd", {}, "number", "Your card number is invalid."],
    ["4242 4242 4242 4242", { expMonth: 13 }, "expiry", "Your card's expiration month is invalid."],
    ["4242 4242 4242 4242", { expMonth: 5, expYear: 2026 }, "expiry", "Your card's expiration date is in the past."],
    ["4242 4242 4242 4242", { cvc: "12" }, "cvc", "Your card's security code is invalid."],
    ["3782 822463 10005", { cvc: "123" }, "cvc", "Your card's security code is invalid."],
  ])("%s %o is rejected (%s)", async (number, patch, field, message) => {
    const gateway = createTestGateway({ now });
    const error = await gateway.tokenize(card(number, patch)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CardRejected);
    expect(error).toMatchObject({ field, message });
  });

  test("a card is good through its expiry month; two-digit years are accepted", async () => {
    const gateway = createTestGateway({ now });
    await expect(gateway.tokenize(card("4242424242424242", { expMonth: 6, expYear: 26 }))).resolves.toMatchObject({
      expYear: 2026,
    });
  });
});

describe("payments", () => {
  test("4242...: tokenised to brand and last 4 only, authorised, then captured once", async () => {
    const gateway = createTestGateway({ now });
    const token = await gateway.tokenize(card("4242 4242 4242 4242"));
    expect(token).toMatchObject({ brand: "visa", last4: "4242", expMonth: 12, expYear: 2028 });
    expect(token.token).not.toContain("424242424242");
    const auth = await gateway.authorize({
      token: token.token,
      amountCents: 5000,
      currency: "USD",
      orderReference: "x",
    });
    expect(auth.status).toBe("SUCCESS");
    expect(await gateway.capture({ authorizationReference: auth.reference, amountCents: 6000 })).toMatchObject({
      status: "FAILURE",
    });
    expect(await gateway.capture({ authorizationReference: auth.reference, amountCents: 5000 })).toMatchObject({
      status: "SUCCESS",
    });
    expect(await gateway.capture({ authorizationReference: auth.reference, amountCents: 5000 })).toMatchObject({
      status: "FAILURE",
    });
    expect(await gateway.void({ authorizationReference: auth.reference })).toMatchObject({ status: "FAILURE" });
  });

  test("a voided authorisation cannot be captured", async () => {
    const gateway = createTestGateway({ now });
    const token = await gateway.tokenize(card("5555555555554444"));
    const auth = await gateway.authorize({
      token: token.token,
      amountCents: 100,
      currency: "USD",
      orderReference: "x",
    });
    expect((await gateway.void({ authorizationReference: auth.reference })).status).toBe("SUCCESS");
    expect((await gateway.capture({ authorizationReference: auth.reference, amountCents: 100 })).status).toBe(
      "FAILURE",
    );
  });

  test("declines and processing errors come back with the shopper's message", async () => {
    const gateway = createTestGateway({ now });
    const declined = await gateway.tokenize(card("4000 0000 0000 0002"));
    expect(
      await gateway.authorize({ token: declined.token, amountCents: 100, currency: "USD", orderReference: "x" }),
    ).toMatchObject({
      status: "FAILURE",
      message: DECLINED_MESSAGE,
    });
    const failing = await gateway.tokenize(card("4000000000000119"));
    expect(
      await gateway.authorize({ token: failing.token, amountCents: 100, currency: "USD", orderReference: "x" }),
    ).toMatchObject({
      status: "FAILURE",
      message: PROCESSING_ERROR_MESSAGE,
    });
  });

  test("a saved token works in a new gateway instance (after a restart); a forged one does not", async () => {
    const token = await createTestGateway({ now }).tokenize(card("4242424242424242"));
    const restarted = createTestGateway({ now });
    const auth = await restarted.authorize({
      token: token.token,
      amountCents: 700,
      currency: "USD",
      orderReference: "x",
    });
    expect(auth.status).toBe("SUCCESS");
    expect(
      (await createTestGateway().capture({ authorizationReference: auth.reference, amountCents: 700 })).status,
    ).toBe("SUCCESS");
    expect(
      (await restarted.authorize({ token: "tok_whatever", amountCents: 700, currency: "USD", orderReference: "x" }))
        .status,
    ).toBe("FAILURE");
  });
});
