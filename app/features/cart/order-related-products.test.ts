import { afterEach, describe, expect, test, vi } from "vitest";
import { toast } from "../../components/toasts.tsx";
import { ORDER_MESSAGES } from "./cart-api.ts";
import { requestAddToOrder } from "./order-related-products.tsx";

function answer(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Add to Order messages", () => {
  test("a refusal says 'Failed to add product to order' and shows the server's error as a notice too", async () => {
    vi.stubGlobal("fetch", answer(422, { error: "This order has shipped and can no longer change." }));
    const error = vi.spyOn(toast, "error");
    await requestAddToOrder(41, 7, null);
    expect(error.mock.calls.map(([message]) => message)).toEqual([
      ORDER_MESSAGES.failed,
      "This order has shipped and can no longer change.",
    ]);
    expect(ORDER_MESSAGES.failed).toBe("Failed to add product to order");
  });

  test("an OK answer carrying an error field is a failure with both notices", async () => {
    vi.stubGlobal("fetch", answer(200, { error: "That product is not for sale." }));
    const error = vi.spyOn(toast, "error");
    const success = vi.spyOn(toast, "success");
    await requestAddToOrder(41, 7, null);
    expect(error.mock.calls.map(([message]) => message)).toEqual([
      ORDER_MESSAGES.failed,
      "That product is not for sale.",
    ]);
    expect(success).not.toHaveBeenCalled();
  });

  test("a refusal without an error field shows the failure notice alone", async () => {
    vi.stubGlobal("fetch", answer(404, {}));
    const error = vi.spyOn(toast, "error");
    await requestAddToOrder(41, 7, null);
    expect(error.mock.calls.map(([message]) => message)).toEqual([ORDER_MESSAGES.failed]);
  });

  test("success says so", async () => {
    vi.stubGlobal("fetch", answer(200, { success: true }));
    const success = vi.spyOn(toast, "success");
    await requestAddToOrder(41, 7, null);
    expect(success).toHaveBeenCalledWith("You've added this product to your order. Expect hearing from us soon.");
  });
});
