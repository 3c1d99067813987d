// @vitest-environment happy-dom
// The checkout's Stripe form in a DOM, with Stripe's React library replaced at its module boundary: the
// card is Stripe's (an iframe in real life), so what the page sends the store is a PaymentMethod id, a
// saved card's id or a confirmed PaymentIntent id, never a card number or security code.
import { act } from "preact/test-utils";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

const stripe = {
  createPaymentMethod: vi.fn(),
  handleNextAction: vi.fn(),
};
const elements = { submit: vi.fn() };

vi.mock("@stripe/react-stripe-js", () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  // Stripe's card fields live in its iframe: nothing of them is in our DOM.
  PaymentElement: () => <div data-testid="stripe-payment-element" />,
  useStripe: () => stripe,
  useElements: () => elements,
}));
vi.mock("@stripe/stripe-js", () => ({ loadStripe: vi.fn(async () => stripe) }));
const getBotToken = vi.fn(async () => "bot-answer");
vi.mock("../account/bot-token.ts", () => ({ getBotToken }));

const { default: StripeCheckout } = await import("./stripe-checkout.tsx");

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const fetchMock = vi.fn();
const onPlaced = vi.fn();

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

async function render(
  savedCards: Array<{ id: number; brand: string; last4: string; expMonth: number; expYear: number }> = [],
) {
  await act(async () => {
    root.render(
      <StripeCheckout
        publishableKey="pk_test_123"
        checkoutId="c0ffee00-0000-4000-8000-000000000001"
        totalPrice={125}
        totalCents={12_500}
        currency="USD"
        signedIn={true}
        savedCards={savedCards}
        problem={null}
        onPlaced={onPlaced}
      />,
    );
  });
}

async function placeOrder() {
  const form = container.querySelector("form") as HTMLFormElement;
  await act(async () => {
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
}

/** The JSON bodies the page sent to the store. */
function sentBodies(): Array<Record<string, unknown>> {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)));
}

function expectNoCardDetails(body: Record<string, unknown>) {
  const text = JSON.stringify(body);
  expect(Object.keys(body)).not.toEqual(expect.arrayContaining(["card"]));
  expect(text).not.toMatch(/"(card|number|cardNumber|cvc|cardCvc|cvv|exp_?month|exp_?year|expiry)"/i);
  expect(text).not.toMatch(/\d{12,19}/);
}

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  onPlaced.mockReset();
  stripe.createPaymentMethod.mockReset().mockResolvedValue({ paymentMethod: { id: "pm_1Q2w3E" } });
  stripe.handleNextAction.mockReset();
  elements.submit.mockReset().mockResolvedValue({});
  getBotToken.mockClear();
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe("paying at checkout with Stripe's Payment Element", () => {
  test("the page has no card inputs of its own; Place Order sends Stripe's PaymentMethod id only", async () => {
    await render();
    expect(container.querySelector('[data-testid="stripe-payment-element"]')).not.toBeNull();
    expect(
      container.querySelectorAll('input[autocomplete^="cc-"], input[name*="card" i]:not([name="saveCard"])'),
    ).toHaveLength(0);

    fetchMock.mockResolvedValueOnce(answer(200, { order: { id: 7, statusUrl: "/account/orders/7" } }));
    await placeOrder();
    await vi.waitFor(() => expect(onPlaced).toHaveBeenCalledWith("/account/orders/7?placed=1"));

    expect(elements.submit).toHaveBeenCalledTimes(1);
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ elements });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/checkouts/c0ffee00-0000-4000-8000-000000000001/complete");
    expect(init.method).toBe("POST");
    expect((init.headers as Record<string, string>)["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    const [body] = sentBodies();
    expect(body).toEqual({ paymentToken: "pm_1Q2w3E", expectedTotal: 125 });
    expectNoCardDetails(body);
  });

  test("3-D Secure: Stripe.js confirms with the bank, then the page places the order with the PaymentIntent", async () => {
    await render();
    fetchMock
      .mockResolvedValueOnce(
        answer(402, {
          error: "Please confirm this payment with your card's bank to place your order.",
          requiresAction: { clientSecret: "pi_3D_secret_abc", paymentIntentId: "pi_3D" },
        }),
      )
      .mockResolvedValueOnce(answer(200, { order: { id: 8, statusUrl: "/account/orders/8" } }));
    stripe.handleNextAction.mockResolvedValue({ paymentIntent: { id: "pi_3D", status: "requires_capture" } });

    await placeOrder();
    await vi.waitFor(() => expect(onPlaced).toHaveBeenCalledWith("/account/orders/8?placed=1"));
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: "pi_3D_secret_abc" });
    const bodies = sentBodies();
    expect(bodies).toEqual([
      { paymentToken: "pm_1Q2w3E", expectedTotal: 125 },
      { paymentIntentId: "pi_3D", expectedTotal: 125 },
    ]);
    for (const body of bodies) expectNoCardDetails(body);
  });

  test("a saved card is named by its wallet id; Stripe's form is not asked for a card", async () => {
    await render([{ id: 5, brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 }]);
    fetchMock.mockResolvedValueOnce(answer(200, { order: { id: 9, statusUrl: "/account/orders/9" } }));
    await placeOrder();
    await vi.waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(stripe.createPaymentMethod).not.toHaveBeenCalled();
    expect(sentBodies()).toEqual([{ paymentMethodId: 5, expectedTotal: 125 }]);
  });

  test("a decline shows the store's message and keeps the shopper on the page", async () => {
    await render();
    fetchMock.mockResolvedValueOnce(answer(402, { error: "Your card was declined." }));
    await placeOrder();
    await vi.waitFor(() => expect(container.textContent).toContain("Your card was declined."));
    expect(onPlaced).not.toHaveBeenCalled();
    const button = container.querySelector('button[type="submit"]') as HTMLButtonElement;
    expect(button.disabled).toBe(false);
  });

  test("after a refusal the next Place Order carries a bot-check answer, and still no card details", async () => {
    await render();
    fetchMock
      .mockResolvedValueOnce(answer(402, { error: "Your payment could not be completed." }))
      .mockResolvedValueOnce(answer(200, { order: { id: 10, statusUrl: "/account/orders/10" } }));
    await placeOrder();
    await vi.waitFor(() => expect(container.textContent).toContain("Your payment could not be completed."));
    await placeOrder();
    await vi.waitFor(() => expect(onPlaced).toHaveBeenCalledWith("/account/orders/10?placed=1"));
    const bodies = sentBodies();
    expect(bodies[0]).not.toHaveProperty("token");
    expect(bodies[1]).toMatchObject({ paymentToken: "pm_1Q2w3E", token: "bot-answer" });
    expect(getBotToken).toHaveBeenCalledWith("checkout");
    for (const body of bodies) expectNoCardDetails(body);
  });

  test("a bank that refuses 3-D Secure stops before the store is asked again", async () => {
    await render();
    fetchMock.mockResolvedValueOnce(
      answer(402, { error: "Confirm", requiresAction: { clientSecret: "pi_x_secret_y", paymentIntentId: "pi_x" } }),
    );
    stripe.handleNextAction.mockResolvedValue({
      error: { message: "We are unable to authenticate your payment method." },
    });
    await placeOrder();
    await vi.waitFor(() => expect(container.textContent).toContain("unable to authenticate"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
