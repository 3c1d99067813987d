import { describe, expect, test } from "vitest";
import type { CheckoutDto } from "./cart-lines.ts";
import { createCartStore, INITIAL_CART_SNAPSHOT } from "./cart-store.ts";

const checkout = (lines: Array<[number, number, number]>, extra: Partial<CheckoutDto> = {}): CheckoutDto => ({
  id: "c1",
  webUrl: "/checkout/c1",
  LineItems: lines.map(([id, inventoryLevelId, quantity]) => ({
    id,
    currentQuantity: quantity,
    totalUnitPrice: 10,
    productHandle: `p${id}`,
    title: `Part ${id}`,
    variantTitle: null,
    imageUrl: null,
    sku: null,
    inventoryLevelId,
    variantId: id,
    availableForSale: true,
    availableQuantity: 9,
    bypassNegativeQuantity: false,
  })),
  totalQuantity: lines.reduce((sum, [, , q]) => sum + q, 0),
  lineItemsSubtotalPrice: 0,
  totalDiscount: 0,
  subtotalPrice: 0,
  totalTax: 0,
  totalPrice: 0,
  CheckoutShippingLine: null,
  DiscountCodes: [],
  ...extra,
});

function fakeServer(answers: Array<{ status: number; body: unknown }>) {
  const requests: Array<{ method: string; url: string; body: unknown }> = [];
  const fetchImpl = (async (url: string, init: RequestInit = {}) => {
    requests.push({ method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const next = answers.shift() ?? { status: 200, body: { checkout: checkout([]) } };
    return new Response(JSON.stringify(next.body), { status: next.status });
  }) as unknown as typeof fetch;
  return { requests, fetchImpl };
}

function storeWith(server: ReturnType<typeof fakeServer>) {
  const logged: string[] = [];
  const store = createCartStore({
    fetch: server.fetchImpl,
    request: { fetch: server.fetchImpl, sleep: async () => {} },
    log: (message) => logged.push(message),
  });
  return { store, logged };
}

describe("cart store", () => {
  test("add: busy while in flight, then the server's lines; success message", async () => {
    const server = fakeServer([{ status: 200, body: { checkout: checkout([[1, 100, 1]]) } }]);
    const { store } = storeWith(server);
    const pending = store.addToCart(100, 1);
    expect(store.getSnapshot().busy).toBe(true);
    expect(await pending).toEqual({ success: true, message: "Product added to cart" });
    expect(store.getSnapshot()).toMatchObject({ busy: false, loaded: true, count: 1 });
    expect(server.requests[0]).toMatchObject({
      method: "POST",
      url: "/api/checkouts/lineItems",
      body: { inventoryLevelId: 100, quantity: 1 },
    });
  });

  test("add failure returns the server's message; a missing checkout is 'Couldn't update cart.'", async () => {
    const { store } = storeWith(
      fakeServer([
        { status: 422, body: { error: "Can't add more than 2" } },
        { status: 200, body: {} },
      ]),
    );
    expect(await store.addToCart(1)).toEqual({ success: false, message: "Can't add more than 2" });
    expect(await store.addToCart(1)).toEqual({ success: false, message: "Couldn't update cart." });
    expect(store.getSnapshot().busy).toBe(false);
  });

  test("set quantity: only for an existing line and more than 0; a failure is only logged and the cart reloaded", async () => {
    const server = fakeServer([
      { status: 200, body: { checkout: checkout([[1, 100, 2]]) } },
      // The first attempt and its 60 retries fail.
      ...Array.from({ length: 61 }, () => ({ status: 500, body: { error: "boom" } })),
      { status: 200, body: { checkout: checkout([[1, 100, 2]]) } },
    ]);
    const { store, logged } = storeWith(server);
    await store.addToCart(100, 2);
    await store.setQuantity(99, 3);
    await store.setQuantity(1, 0);
    expect(server.requests).toHaveLength(1);
    await store.setQuantity(1, 5);
    expect(logged).toEqual(["Could not change the quantity"]);
    expect(server.requests.at(-1)).toMatchObject({ method: "GET", url: "/api/checkouts" });
    expect(store.getSnapshot().lines[0].quantity).toBe(2);
  });

  test("discount codes need the checkout id from webUrl; success and removal messages", async () => {
    const withCode = checkout([[1, 100, 1]], {
      DiscountCodes: [
        { code: "Save-10", applicable: true, message: null, Discount: { title: "10% off", kind: "percentage" } },
      ],
    });
    const server = fakeServer([
      { status: 200, body: { checkout: checkout([[1, 100, 1]]) } },
      { status: 200, body: { checkout: withCode } },
      { status: 200, body: { checkout: checkout([[1, 100, 1]]) } },
    ]);
    const { store } = storeWith(server);
    expect(await store.applyDiscount("save10")).toEqual({ success: false, message: "Invalid checkout." });
    await store.addToCart(100);
    // The message names the code as the checkout returns it, not the typed text.
    expect(await store.applyDiscount(" save-10 ")).toEqual({
      success: true,
      message: "Coupon code: Save-10 has been added successfully.",
    });
    expect(server.requests.at(-1)).toMatchObject({
      method: "POST",
      url: "/api/checkouts/c1/discountCodes?code=save-10",
    });
    expect(await store.removeDiscount("SAVE10")).toEqual({
      success: true,
      message: "The discount code was successfully removed.",
    });
    expect(server.requests.at(-1)).toMatchObject({ method: "DELETE" });
  });

  test("the server's count before the lines are known; an empty cart needs no request", () => {
    const server = fakeServer([]);
    const { store } = storeWith(server);
    store.setKnownCount(3);
    expect(store.getSnapshot()).toMatchObject({ count: 3, loaded: false });
    store.setKnownCount(0);
    expect(store.getSnapshot()).toMatchObject({ count: 0, loaded: true });
    expect(server.requests).toHaveLength(0);
  });

  test("a new store is the server's snapshot; an empty cart keeps its (empty) lines array", () => {
    const { store } = storeWith(fakeServer([]));
    // The same object as React's server snapshot: hydration finds nothing changed.
    expect(store.getSnapshot()).toBe(INITIAL_CART_SNAPSHOT);
    store.setKnownCount(0);
    expect(store.getSnapshot()).not.toBe(INITIAL_CART_SNAPSHOT);
    expect(store.getSnapshot().lines).toBe(INITIAL_CART_SNAPSHOT.lines);
  });

  test("the overlay opens, closes and toggles", () => {
    const { store } = storeWith(fakeServer([]));
    store.openOverlay();
    expect(store.getSnapshot().overlayOpen).toBe(true);
    store.toggleOverlay();
    expect(store.getSnapshot().overlayOpen).toBe(false);
  });
});
