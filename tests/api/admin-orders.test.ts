// The back office's order API over HTTP, signed in as staff: partial fulfilment then the rest,
// over-shipping refused, a line refunded (partially refunded, transaction recorded), a full refund,
// cancel (stock back, hold or payment given back), idempotent retries with the same key, notes by
// support but no refunds, the list's search and filters and its CSV export, returns' decisions, and the
// audit log of each action.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { transactions } from "../../db/schema/commerce.ts";
import { auditLog } from "../../db/schema/staff.ts";
import {
  createProduct,
  installCommerceFixtures,
  MAINLAND_ADDRESS,
  type ProductFixture,
  Shopper,
  signedInCustomer,
  stockOf,
} from "../../fixtures/checkout-fixtures.ts";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { loadLineProgress } from "../../services/orders/order-progress.ts";
import { type CookieClient, signInStaff, type TestStaff } from "./support/staff-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
let filter: ProductFixture;
let gasket: ProductFixture;
let manager: CookieClient & { staff: TestStaff };
let support: CookieClient & { staff: TestStaff };

beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 0 });
  await installCommerceFixtures(store.database.db);
  filter = await createProduct(store.database.db, { title: "Cartridge Filter", priceCents: 12_000, available: 20 });
  gasket = await createProduct(store.database.db, { title: "Lid O-Ring Gasket", priceCents: 1_500, available: 40 });
  manager = await signInStaff(store, "manager");
  support = await signInStaff(store, "support");
});
afterAll(() => store?.close());

let keys = 0;
const key = () => `k-${Date.now()}-${++keys}`;

async function place(items: Array<[ProductFixture, number]>, email: string, shopper = new Shopper(store.baseUrl)) {
  const { placed } = await shopper.placeOrder(items, {
    email,
    shippingAddress: { ...MAINLAND_ADDRESS, firstName: "Robin", lastName: "Waters" },
  });
  expect(placed.status).toBe(200);
  const lines = await loadLineProgress(store.database.db, placed.body.order.id);
  return { id: placed.body.order.id, number: placed.body.order.orderNumber, lines };
}

interface OrderAnswer {
  order: {
    status: string;
    financialStatus: string;
    fulfillmentStatus: string;
    timeline: Array<{ kind: string; message: string }>;
  };
}

describe("order actions", () => {
  test("ship part, then the rest; over-shipping refused; refund a line; the same key twice does it once", async () => {
    const order = await place(
      [
        [filter, 1],
        [gasket, 4],
      ],
      "robin@example.com",
    );
    const [filterLine, gasketLine] = order.lines;
    const shipKey = key();
    const first = await manager.call<{ fulfillment: { status: string; trackingUrl: string } }>(
      "POST",
      `/api/admin/orders/${order.id}/fulfillments`,
      {
        lines: [{ lineItemId: gasketLine.id, quantity: 3 }],
        carrier: "usps",
        trackingNumber: "9400 1118 9922 3856 9255 31",
      },
      { "idempotency-key": shipKey },
    );
    expect(first.status).toBe(201);
    expect(first.body.fulfillment.status).toBe("partially_fulfilled");
    expect(first.body.fulfillment.trackingUrl).toBe(
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223856925531",
    );
    const replay = await manager.call(
      "POST",
      `/api/admin/orders/${order.id}/fulfillments`,
      {
        lines: [{ lineItemId: gasketLine.id, quantity: 3 }],
        carrier: "usps",
        trackingNumber: "9400 1118 9922 3856 9255 31",
      },
      { "idempotency-key": shipKey },
    );
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");

    const over = await manager.call<{ error: string }>(
      "POST",
      `/api/admin/orders/${order.id}/fulfillments`,
      { lines: [{ lineItemId: gasketLine.id, quantity: 2 }], carrier: "ups", trackingNumber: "1Z999AA10123456784" },
      { "idempotency-key": key() },
    );
    expect(over.status).toBe(422);
    expect(over.body.error).toBe("Only 1 of Lid O-Ring Gasket can still be shipped (2 asked).");

    const noKey = await manager.call<{ error: string }>("POST", `/api/admin/orders/${order.id}/fulfillments`, {
      carrier: "ups",
      trackingNumber: "1Z999AA10123456784",
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error).toMatch(/Idempotency-Key/);

    const badCarrier = await manager.call<{ error: string }>(
      "POST",
      `/api/admin/orders/${order.id}/fulfillments`,
      { carrier: "pigeon", trackingNumber: "1Z999AA10123456784" },
      { "idempotency-key": key() },
    );
    expect(badCarrier.status).toBe(400);
    expect(badCarrier.body.error).toMatch(/carrier/);

    const rest = await manager.call<{ fulfillment: { status: string } }>(
      "POST",
      `/api/admin/orders/${order.id}/fulfillments`,
      { carrier: "ups", trackingNumber: "1Z999AA10123456784" },
      { "idempotency-key": key() },
    );
    expect(rest.body.fulfillment.status).toBe("fulfilled");

    const refundKey = key();
    const refund = () =>
      manager.call<{
        refund: { status: string; orderStatus: string; amount: number; transaction: { displayableId: string } };
      }>(
        "POST",
        `/api/admin/orders/${order.id}/refunds`,
        { lines: [{ lineItemId: filterLine.id, quantity: 1 }], reason: "requested_by_customer", restock: true },
        { "idempotency-key": refundKey },
      );
    const stockBefore = await stockOf(store.database.db, filter.levelId);
    const refunded = await refund();
    expect(refunded.status).toBe(201);
    expect(refunded.body.refund).toMatchObject({ status: "succeeded", orderStatus: "partially_refunded", amount: 120 });
    expect(refunded.body.refund.transaction.displayableId).toMatch(/^R/);
    expect((await refund()).status).toBe(201);
    expect(await stockOf(store.database.db, filter.levelId)).toBe(stockBefore + 1);
    const refundRows = await store.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.orderId, order.id), eq(transactions.kind, "refund")));
    expect(refundRows).toHaveLength(1);

    const detail = await manager.get<OrderAnswer>(`/api/admin/orders/${order.id}`);
    expect(detail.body.order).toMatchObject({ status: "partially_refunded", fulfillmentStatus: "fulfilled" });
    const kinds = detail.body.order.timeline.map((entry) => entry.kind);
    expect(kinds).toEqual(expect.arrayContaining(["placed", "paid", "shipped", "refunded", "email"]));

    const all = await manager.call<{ refund: { orderStatus: string } }>(
      "POST",
      `/api/admin/orders/${order.id}/refunds`,
      { reason: "requested_by_customer" },
      { "idempotency-key": key() },
    );
    expect(all.body.refund.orderStatus).toBe("refunded");
    const tooMuch = await manager.call<{ error: string }>(
      "POST",
      `/api/admin/orders/${order.id}/refunds`,
      { amount: 1, reason: "requested_by_customer" },
      { "idempotency-key": key() },
    );
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error).toBe("Nothing is left to refund on this order.");

    const audit = await store.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(order.id))));
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(["order.fulfil", "order.refund"]));
    expect(audit.every((entry) => entry.staffId === manager.staff.id && entry.staffEmail === manager.staff.email)).toBe(
      true,
    );
  });

  test("two staff ship the same units at once (different keys): one shipment, the other refused", async () => {
    const order = await place([[gasket, 2]], "race@example.com");
    const ship = () =>
      manager.call<{ error?: string }>(
        "POST",
        `/api/admin/orders/${order.id}/fulfillments`,
        { carrier: "ups", trackingNumber: "1Z999AA10123456711" },
        { "idempotency-key": key() },
      );
    const answers = await Promise.all([ship(), ship()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    expect(answers.find((answer) => answer.status === 422)?.body.error).toBe(
      "Every item of this order has already shipped.",
    );
    const detail = await manager.get<{ order: { shipments: unknown[] } }>(`/api/admin/orders/${order.id}`);
    expect(detail.body.order.shipments).toHaveLength(1);
  });

  test("cancel: stock back, the payment refunded, once", async () => {
    const before = await stockOf(store.database.db, gasket.levelId);
    const order = await place([[gasket, 3]], "cancel.me@example.com");
    expect(await stockOf(store.database.db, gasket.levelId)).toBe(before - 3);
    const cancel = (k: string) =>
      manager.call<{
        cancellation: { status: string; financialStatus: string; restockedUnits: number; repeated: boolean };
      }>(
        "POST",
        `/api/admin/orders/${order.id}/cancel`,
        { reason: "Customer asked by phone" },
        { "idempotency-key": k },
      );
    const done = await cancel(key());
    expect(done.status).toBe(200);
    expect(done.body.cancellation).toMatchObject({
      status: "cancelled",
      financialStatus: "refunded",
      restockedUnits: 3,
    });
    expect(await stockOf(store.database.db, gasket.levelId)).toBe(before);
    const again = await cancel(key());
    expect(again.body.cancellation).toMatchObject({ repeated: true, restockedUnits: 0 });
    expect(await stockOf(store.database.db, gasket.levelId)).toBe(before);

    const shipped = await place([[gasket, 1]], "shipped@example.com");
    await manager.call(
      "POST",
      `/api/admin/orders/${shipped.id}/fulfillments`,
      { carrier: "fedex", trackingNumber: "123456789012" },
      { "idempotency-key": key() },
    );
    const refused = await manager.call<{ error: string }>(
      "POST",
      `/api/admin/orders/${shipped.id}/cancel`,
      {},
      { "idempotency-key": key() },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(/already shipped/);
  });

  test("support reads orders and writes notes, but cannot ship, refund or cancel", async () => {
    const order = await place([[gasket, 1]], "notes@example.com");
    const note = await support.call<{ note: { body: string } }>(
      "POST",
      `/api/admin/orders/${order.id}/notes`,
      { body: "Customer called: leave at the back gate." },
      { "idempotency-key": key() },
    );
    expect(note.status).toBe(201);
    const empty = await support.call<{ error: string }>(
      "POST",
      `/api/admin/orders/${order.id}/notes`,
      { body: "   " },
      { "idempotency-key": key() },
    );
    expect(empty.status).toBe(400);
    for (const [path, body] of [
      ["fulfillments", { carrier: "ups", trackingNumber: "1Z999AA10123456784" }],
      ["refunds", { reason: "duplicate" }],
      ["cancel", {}],
    ] as const) {
      const answer = await support.call("POST", `/api/admin/orders/${order.id}/${path}`, body, {
        "idempotency-key": key(),
      });
      expect(answer.status).toBe(403);
    }
    const detail = await support.get<OrderAnswer>(`/api/admin/orders/${order.id}`);
    expect(detail.body.order.timeline.some((entry) => entry.message.includes("back gate"))).toBe(true);
    expect((await support.get("/api/admin/orders/999999")).status).toBe(404);
  });
});

describe("order list", () => {
  test("search by number, e-mail, name and part number; filters; CSV of the filtered list", async () => {
    const order = await place([[filter, 1]], "searchable.person@example.com");
    const search = async (query: string) =>
      (await manager.get<{ orders: Array<{ id: number }> }>(`/api/admin/orders?${query}`)).body.orders.map(
        (row) => row.id,
      );
    expect(await search(`q=${order.number}`)).toEqual([order.id]);
    expect(await search(`q=${order.number.slice(1)}`)).toEqual([order.id]);
    expect(await search("q=searchable.person")).toEqual([order.id]);
    expect(await search("q=robin%20waters")).toContain(order.id);
    const [product] = order.lines;
    expect(await search(`q=${encodeURIComponent(product.sku ?? "")}`)).toContain(order.id);
    expect(await search("q=searchable.person&fulfilment=fulfilled")).toEqual([]);
    expect(await search("q=searchable.person&fulfilment=unfulfilled&payment=paid")).toEqual([order.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await search(`q=searchable.person&from=${today}&to=${today}`)).toEqual([order.id]);
    expect(await search("q=searchable.person&to=2000-01-01")).toEqual([]);
    const wrong = await manager.get<{ error: string }>("/api/admin/orders?from=2026-02-01&to=2026-01-01");
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/Swap them/);
    const bad = await manager.get<{ error: string }>("/api/admin/orders?payment=maybe");
    expect(bad.status).toBe(400);

    const csv = await store.get("/api/admin/orders/export.csv?q=searchable.person", {
      headers: { cookie: manager.cookieHeader() },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    const rows = text.trim().split("\n");
    expect(rows[0]).toBe(
      "order_number,placed_at,customer,email,items,total,currency,status,payment_status,fulfilment_status",
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(order.number);
    expect(rows[1]).toContain("searchable.person@example.com");
  });
});

describe("returns", () => {
  test("requested by the shopper, approved, received and refunded by staff; someone else's order refused", async () => {
    const customer = await signedInCustomer(store.database.db, "wrong.part@example.com");
    const shopper = new Shopper(store.baseUrl, customer.cookie);
    const order = await place([[filter, 2]], "wrong.part@example.com", shopper);
    await manager.call(
      "POST",
      `/api/admin/orders/${order.id}/fulfillments`,
      { carrier: "ups", trackingNumber: "1Z999AA10123456700" },
      { "idempotency-key": key() },
    );
    const stranger = new Shopper(store.baseUrl, (await signedInCustomer(store.database.db)).cookie);
    const stolen = await stranger.call("POST", `/api/orders/${order.id}/returns`, {
      body: { lines: [{ lineItemId: order.lines[0].id, quantity: 1 }], reason: "wrong_part" },
    });
    expect(stolen.status).toBe(404);
    const asked = await shopper.call<{ return: { id: number } }>("POST", `/api/orders/${order.id}/returns`, {
      body: {
        lines: [{ lineItemId: order.lines[0].id, quantity: 1 }],
        reason: "wrong_part",
        comment: "Needed the 100 sq ft one",
      },
    });
    expect(asked.status).toBe(201);
    const returnId = asked.body.return.id;
    const open = await manager.get<{ returns: Array<{ id: number }> }>("/api/admin/returns?status=open");
    expect(open.body.returns.map((item) => item.id)).toContain(returnId);
    expect(
      (await support.call("POST", `/api/admin/returns/${returnId}/decision`, { decision: "approve" })).status,
    ).toBe(403);
    const approved = await manager.call<{ return: { status: string } }>(
      "POST",
      `/api/admin/returns/${returnId}/decision`,
      {
        decision: "approve",
      },
    );
    expect(approved.body.return.status).toBe("approved");
    const received = await manager.call<{ return: { status: string } }>(
      "POST",
      `/api/admin/returns/${returnId}/received`,
    );
    expect(received.body.return.status).toBe("received");
    const stock = await stockOf(store.database.db, filter.levelId);
    const refunded = await manager.call<{
      return: { status: string };
      refund: { orderStatus: string; amount: number };
    }>("POST", `/api/admin/returns/${returnId}/refund`, { restock: true });
    expect(refunded.status).toBe(200);
    expect(refunded.body.return.status).toBe("refunded");
    expect(refunded.body.refund).toMatchObject({ orderStatus: "partially_refunded", amount: 120 });
    expect(await stockOf(store.database.db, filter.levelId)).toBe(stock + 1);
    const audit = await store.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "return"), eq(auditLog.entityId, String(returnId))));
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["return.approve", "return.receive", "return.refund"]),
    );
  });
});
