import { describe, expect, test } from "vitest";
import { readCheckoutForm } from "./checkout-forms.ts";

const form = (fields: Record<string, string>) => {
  const out = new FormData();
  for (const [name, value] of Object.entries(fields)) out.append(name, value);
  return out;
};

describe("checkout forms", () => {
  test("contact: a typed address, or a saved one by id", () => {
    const typed = readCheckoutForm(
      form({ intent: "contact", email: "pat@example.com", savedAddress: "new", zip: "78701" }),
    );
    expect(typed.result?.success && typed.result.data).toMatchObject({
      email: "pat@example.com",
      choice: { shippingAddress: { zip: "78701", countryCode: "", phone: "" } },
    });
    const saved = readCheckoutForm(form({ intent: "contact", email: "", savedAddress: "12" }));
    expect(saved.result?.success && saved.result.data).toMatchObject({ choice: { mailingAddressId: 12 } });
  });

  test("shipping: none or empty is no rate, otherwise the rate id", () => {
    const none = readCheckoutForm(form({ intent: "shipping", shippingRateId: "none" }));
    expect(none.result?.success && none.result.data).toEqual({ intent: "shipping", shippingRateId: null });
    const rate = readCheckoutForm(form({ intent: "shipping", shippingRateId: "3" }));
    expect(rate.result?.success && rate.result.data).toEqual({ intent: "shipping", shippingRateId: 3 });
  });

  test("place: a saved card, a new card, and an expiry that is not MM / YY", () => {
    const saved = readCheckoutForm(form({ intent: "place", paymentMethod: "saved:7", expectedTotalCents: "1999" }));
    expect(saved.result?.success && saved.result.data).toEqual({
      intent: "place",
      expectedTotalCents: 1999,
      botToken: undefined,
      payment: { kind: "saved", paymentMethodId: 7 },
    });
    const card = readCheckoutForm(
      form({
        intent: "place",
        paymentMethod: "card",
        cardNumber: "4242",
        cardExpiry: "12 / 29",
        cardCvc: "123",
        saveCard: "on",
      }),
    );
    expect(card.result?.success && card.result.data).toEqual({
      intent: "place",
      expectedTotalCents: undefined,
      botToken: undefined,
      payment: { kind: "card", card: { number: "4242", expMonth: 12, expYear: 29, cvc: "123" }, saveCard: true },
    });
    const bad = readCheckoutForm(form({ intent: "place", paymentMethod: "card", cardExpiry: "soon" }));
    expect(bad.result?.success).toBe(false);
    expect(bad.result?.error?.issues[0]).toMatchObject({
      path: ["cardExpiry"],
      message: "Enter the expiry date as MM / YY.",
    });
  });

  test("an unknown form is recognised as such", () => {
    expect(readCheckoutForm(form({ intent: "other" })).result).toBeNull();
  });
});
