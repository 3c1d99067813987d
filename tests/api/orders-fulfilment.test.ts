// After the order: shipping in parts, refunds by line and by amount (through the refund service, with a
// transaction recorded), cancelling (stock back, money back), idempotent retries and double clicks, and
// returns asked for by the shopper over HTTP (and refused to anyone else).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { orders, transactions } from "../../db/schema/commerce.ts";
import { emailOutbox } from "../../db/schema/system.ts";
import {
  createProduct,
  installCommerceFixtures,
  type ProductFixture,
  Shopper,
  signedInCustomer,
  stockOf,
} from "../../fixtures/checkout-fixtures.ts";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { cancelOrder } from "../../services/orders/admin/order-cancel.ts";
import { refundOrder } from "../../services/orders/admin/order-refunds.ts";
import { fulfilOrder } from "../../services/orders/fulfilment.ts";
import { type OrderActionContext, orderActionContext } from "../../services/orders/order-actions-context.ts";
import { loadLineProgress } from "../../services/orders/order-progress.ts";
import { decideReturn, receiveReturn, refundReturn } from "../../services/orders/returns.ts";
import { createStaff } from "./support/staff-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
let pump: ProductFixture;
let seal: ProductFixture;
let ctx: OrderActionContext;
let staff: { staffId: number; name: string };

beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 0 });
  await installCommerceFixtures(store.database.db);
  pump = await createProduct(store.database.db, { title: "Variable Speed Pump", priceCents: 50_000, available: 10 });
  seal = await createProduct(store.database.db, { title: "Shaft Seal", priceCents: 2_500, available: 50 });
  ctx = orderActionContext(store.services);
  const member = await createStaff(store, "manager", { name: "Sam Staff" });
  staff = { staffId: member.id, name: "Sam Staff" };
});
afterAll(() => store?.close());

async function placeOrder(shopper: Shopper, items: Array<[ProductFixture, number]>, email = "guest@example.com") {
  const { placed } = await shopper.placeOrder(items, { email });
  expect(placed.status).toBe(200);
  const orderId = placed.body.order.id;
  const lines = await loadLineProgress(store.database.db, orderId);
  return { orderId, lines };
}

async function orderRow(orderId: number) {
  const [row] = await store.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

async function mailsOf(to: string, kind: string) {
  return store.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)));
}

describe("fulfilment and refunds", () => {
  test("partial shipment, the rest, then a line refunded: statuses, e-mails, transaction", async () => {
    const shopper = new Shopper(store.baseUrl);
    const { orderId, lines } = await placeOrder(shopper, [
      [pump, 1],
      [seal, 3],
    ]);
    const [pumpLine, sealLine] = lines;

    const first = await fulfilOrder(
      ctx,
      staff,
      orderId,
      { lines: [{ lineItemId: sealLine.id, quantity: 2 }], carrier: "ups", trackingNumber: "1Z999AA10123456784" },
      "ship-1",
    );
    expect(first).toMatchObject({ status: "partially_fulfilled", fulfillmentStatus: "partial", repeated: false });
    expect(first.trackingUrl).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    // The same key again: the same shipment, nothing shipped twice.
    const again = await fulfilOrder(
      ctx,
      staff,
      orderId,
      { lines: [{ lineItemId: sealLine.id, quantity: 2 }], carrier: "ups", trackingNumber: "1Z999AA10123456784" },
      "ship-1",
    );
    expect(again).toMatchObject({ shipmentId: first.shipmentId, repeated: true });
    const shippedMails = await mailsOf("guest@example.com", "order_shipped");
    expect(shippedMails).toHaveLength(1);
    expect(shippedMails[0].textBody).toContain("1Z999AA10123456784");
    expect(shippedMails[0].textBody).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(shippedMails[0].textBody).toMatch(/\/account\/orders\/\d+\?token=/);

    // Over-shipping is refused with a sentence.
    await expect(
      fulfilOrder(
        ctx,
        staff,
        orderId,
        {
          lines: [{ lineItemId: sealLine.id, quantity: 2 }],
          carrier: "usps",
          trackingNumber: "9400111899223856925531",
        },
        "ship-2",
      ),
    ).rejects.toThrow("Only 1 of Shaft Seal can still be shipped (2 asked).");

    // The shopper's page data shows the shipment with its link.
    const aftercare = await shopper.call<{ aftercare: { shipments: Array<{ trackingUrl: string }> } }>(
      "GET",
      `/api/orders/${orderId}/aftercare`,
    );
    expect(aftercare.status).toBe(200);
    expect(aftercare.body.aftercare.shipments[0].trackingUrl).toContain("ups.com");

    const rest = await fulfilOrder(ctx, staff, orderId, { carrier: "fedex", trackingNumber: "123456789012" }, "ship-3");
    expect(rest).toMatchObject({ status: "fulfilled", fulfillmentStatus: "fulfilled" });
    expect(rest.lines).toEqual([
      { lineItemId: pumpLine.id, quantity: 1 },
      { lineItemId: sealLine.id, quantity: 1 },
    ]);
    await expect(
      fulfilOrder(ctx, staff, orderId, { carrier: "fedex", trackingNumber: "123456789013" }, "ship-4"),
    ).rejects.toThrow(/already shipped/);

    const refunded = await refundOrder(
      ctx,
      staff,
      orderId,
      { lines: [{ lineItemId: sealLine.id, quantity: 1 }], reason: "requested_by_customer", restock: true },
      "refund-1",
    );
    expect(refunded).toMatchObject({
      status: "succeeded",
      amountCents: 2_500,
      orderStatus: "partially_refunded",
      financialStatus: "partially_refunded",
    });
    expect(refunded.transaction?.status).toBe("SUCCESS");
    const [transaction] = await store.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.orderId, orderId), eq(transactions.kind, "refund")));
    expect(transaction).toMatchObject({ amountCents: 2_500, status: "SUCCESS", gateway: "test" });
    expect(await mailsOf("guest@example.com", "order_refunded")).toHaveLength(1);
    // A retry with the same key gives nothing back twice.
    const retried = await refundOrder(
      ctx,
      staff,
      orderId,
      { lines: [{ lineItemId: sealLine.id, quantity: 1 }], reason: "requested_by_customer", restock: true },
      "refund-1",
    );
    expect(retried).toMatchObject({ refundId: refunded.refundId, repeated: true });
    const refunds = await store.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.orderId, orderId), eq(transactions.kind, "refund")));
    expect(refunds).toHaveLength(1);

    // The rest of the money: the order is refunded.
    const order = await orderRow(orderId);
    const full = await refundOrder(ctx, staff, orderId, { reason: "requested_by_customer" }, "refund-2");
    expect(full).toMatchObject({
      amountCents: order.totalCents - 2_500,
      orderStatus: "refunded",
      financialStatus: "refunded",
    });
    await expect(
      refundOrder(ctx, staff, orderId, { amountCents: 100, reason: "duplicate" }, "refund-3"),
    ).rejects.toThrow(/Nothing is left to refund/);
  });

  test("two refunds of the last unit at once: one goes through", async () => {
    const { orderId, lines } = await placeOrder(new Shopper(store.baseUrl), [[seal, 1]]);
    const attempt = (key: string) =>
      refundOrder(ctx, staff, orderId, { lines: [{ lineItemId: lines[0].id, quantity: 1 }], reason: "duplicate" }, key);
    const results = await Promise.allSettled([attempt("double-a"), attempt("double-b")]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason.message)).toMatch(/Nothing of Shaft Seal is left to refund/);
  });

  test("cancel puts the stock back, refunds the payment, tells the shopper, once", async () => {
    const before = await stockOf(store.database.db, pump.levelId);
    const { orderId } = await placeOrder(new Shopper(store.baseUrl), [[pump, 2]], "cancel@example.com");
    expect(await stockOf(store.database.db, pump.levelId)).toBe(before - 2);
    const cancelled = await cancelOrder(ctx, staff, orderId, { reason: "Out of stock at the distributor" }, "cancel-1");
    expect(cancelled).toMatchObject({ status: "cancelled", financialStatus: "refunded", restockedUnits: 2 });
    expect(await stockOf(store.database.db, pump.levelId)).toBe(before);
    const again = await cancelOrder(ctx, staff, orderId, {}, "cancel-2");
    expect(again).toMatchObject({ repeated: true, restockedUnits: 0 });
    expect(await stockOf(store.database.db, pump.levelId)).toBe(before);
    const refunds = await store.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.orderId, orderId), eq(transactions.kind, "refund")));
    expect(refunds).toHaveLength(1);
    const mails = await mailsOf("cancel@example.com", "order_cancelled");
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain("Out of stock at the distributor");
    await expect(
      fulfilOrder(ctx, staff, orderId, { carrier: "ups", trackingNumber: "1Z999AA10123456799" }, "ship-x"),
    ).rejects.toThrow(/cancelled/);
  });

  test("a shipped order cannot be cancelled", async () => {
    const { orderId } = await placeOrder(new Shopper(store.baseUrl), [[seal, 1]]);
    await fulfilOrder(ctx, staff, orderId, { carrier: "usps", trackingNumber: "9400111899223856925531" }, "s");
    await expect(cancelOrder(ctx, staff, orderId, {}, "c")).rejects.toThrow(/already shipped/);
  });
});

describe("returns", () => {
  test("a shopper asks for a return over HTTP; approved, received, refunded with restock", async () => {
    const customer = await signedInCustomer(store.database.db, "returner@example.com");
    const shopper = new Shopper(store.baseUrl, customer.cookie);
    const { orderId, lines } = await placeOrder(shopper, [[seal, 2]], "returner@example.com");
    const sealLine = lines[0];

    // Nothing shipped yet: nothing to return.
    const early = await shopper.call("POST", `/api/orders/${orderId}/returns`, {
      body: { lines: [{ lineItemId: sealLine.id, quantity: 1 }], reason: "wrong_part" },
    });
    expect(early.status).toBe(422);
    await fulfilOrder(ctx, staff, orderId, { carrier: "usps", trackingNumber: "9400111899223856925599" }, "ship");

    // Another customer can neither see the order's aftercare nor ask for a return on it.
    const other = await signedInCustomer(store.database.db, "other@example.com");
    const stranger = new Shopper(store.baseUrl, other.cookie);
    expect((await stranger.call("GET", `/api/orders/${orderId}/aftercare`)).status).toBe(404);
    const stolen = await stranger.call("POST", `/api/orders/${orderId}/returns`, {
      body: { lines: [{ lineItemId: sealLine.id, quantity: 1 }], reason: "wrong_part" },
    });
    expect(stolen.status).toBe(404);
    expect((await new Shopper(store.baseUrl).call("GET", `/api/orders/${orderId}/aftercare`)).status).toBe(404);

    const tooMany = await shopper.call<{ error: string }>("POST", `/api/orders/${orderId}/returns`, {
      body: { lines: [{ lineItemId: sealLine.id, quantity: 3 }], reason: "wrong_part" },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error).toBe("Only 2 of Shaft Seal can still be returned (3 asked).");

    const asked = await shopper.call<{ return: { id: number; status: string; number: string } }>(
      "POST",
      `/api/orders/${orderId}/returns`,
      {
        body: { lines: [{ lineItemId: sealLine.id, quantity: 1 }], reason: "wrong_part", comment: "Wrong size" },
        key: "r-1",
      },
    );
    expect(asked.status).toBe(201);
    expect(asked.body.return.status).toBe("requested");
    const replay = await shopper.call<{ return: { id: number } }>("POST", `/api/orders/${orderId}/returns`, {
      body: { lines: [{ lineItemId: sealLine.id, quantity: 1 }], reason: "wrong_part", comment: "Wrong size" },
      key: "r-1",
    });
    expect(replay.body.return.id).toBe(asked.body.return.id);
    expect(await mailsOf("returner@example.com", "return_requested")).toHaveLength(1);

    const returnId = asked.body.return.id;
    await expect(refundReturn(ctx, staff, returnId, { restock: true })).rejects.toThrow(/approve it/);
    const approved = await decideReturn(ctx, staff, returnId, { decision: "approve" });
    expect(approved.return.status).toBe("approved");
    expect((await decideReturn(ctx, staff, returnId, { decision: "approve" })).repeated).toBe(true);
    expect(await mailsOf("returner@example.com", "return_approved")).toHaveLength(1);
    await expect(decideReturn(ctx, staff, returnId, { decision: "refuse", message: "No" })).rejects.toThrow(
      /already approved/,
    );
    expect((await receiveReturn(ctx, staff, returnId)).return.status).toBe("received");
    const stock = await stockOf(store.database.db, seal.levelId);
    const refunded = await refundReturn(ctx, staff, returnId, { restock: true });
    expect(refunded.return.status).toBe("refunded");
    expect(refunded.refund).toMatchObject({ amountCents: 2_500, orderStatus: "partially_refunded" });
    expect(await stockOf(store.database.db, seal.levelId)).toBe(stock + 1);
    const twice = await refundReturn(ctx, staff, returnId, { restock: true });
    expect(twice.repeated).toBe(true);
    expect(await stockOf(store.database.db, seal.levelId)).toBe(stock + 1);

    // The one unit left can still be asked for; the refunded one cannot.
    const second = await shopper.call<{ error: string }>("POST", `/api/orders/${orderId}/returns`, {
      body: { lines: [{ lineItemId: sealLine.id, quantity: 2 }], reason: "not_needed" },
    });
    expect(second.body.error).toBe("Only 1 of Shaft Seal can still be returned (2 asked).");
  });

  test("a refusal needs a message and e-mails it", async () => {
    const customer = await signedInCustomer(store.database.db, "refused@example.com");
    const shopper = new Shopper(store.baseUrl, customer.cookie);
    const { orderId, lines } = await placeOrder(shopper, [[seal, 1]], "refused@example.com");
    await fulfilOrder(ctx, staff, orderId, { carrier: "dhl", trackingNumber: "1234567890" }, "ship");
    const asked = await shopper.call<{ return: { id: number } }>("POST", `/api/orders/${orderId}/returns`, {
      body: { lines: [{ lineItemId: lines[0].id, quantity: 1 }], reason: "other", comment: "Changed my mind" },
    });
    await expect(decideReturn(ctx, staff, asked.body.return.id, { decision: "refuse" })).rejects.toThrow(/why/);
    await decideReturn(ctx, staff, asked.body.return.id, {
      decision: "refuse",
      message: "Installed parts cannot be returned.",
    });
    const [mail] = await mailsOf("refused@example.com", "return_refused");
    expect(mail.textBody).toContain("Installed parts cannot be returned.");
  });
});
