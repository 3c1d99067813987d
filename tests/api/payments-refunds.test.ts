// Refunds on the built-in test gateway: the same service the back office calls with Stripe (see
// payments-stripe.test.ts) works on the demo store, partially and fully, idempotent by key.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { orders, transactions } from "../../db/schema/commerce.ts";
import {
  createProduct,
  installCommerceFixtures,
  type ProductFixture,
  Shopper,
} from "../../fixtures/checkout-fixtures.ts";
import { refund } from "../../services/payments/refund-service.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
let part: ProductFixture;

beforeAll(async () => {
  store = await startTestStore({ products: 0 });
  await installCommerceFixtures(store.database.db);
  part = await createProduct(store.database.db, { title: "Pump Seal", priceCents: 4_000, available: 100 });
});
afterAll(() => store?.close());

test("an order paid on the test gateway is refunded in part, then in full, once per key", async () => {
  const db = store.database.db;
  const gateway = store.services.paymentGateway;
  expect(gateway.name).toBe("test");
  const shopper = new Shopper(store.baseUrl);
  const { placed } = await shopper.placeOrder([[part, 1]], { email: "refund@example.com" });
  expect(placed.status).toBe(200);
  const orderId = placed.body.order.id;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));

  const first = await refund(db, gateway, {
    orderId,
    amountCents: 1_000,
    reason: "requested_by_customer",
    idempotencyKey: "t-1",
  });
  expect(first).toMatchObject({
    status: "SUCCESS",
    amountCents: 1_000,
    financialStatus: "partially_refunded",
    repeated: false,
  });
  expect(
    await refund(db, gateway, { orderId, amountCents: 1_000, reason: "requested_by_customer", idempotencyKey: "t-1" }),
  ).toMatchObject({
    repeated: true,
    transactionId: first.transactionId,
  });
  await expect(
    refund(db, gateway, { orderId, amountCents: 1_000, reason: "duplicate", idempotencyKey: "" }),
  ).rejects.toThrow(/idempotency key/);
  const rest = await refund(db, gateway, { orderId, reason: "duplicate", idempotencyKey: "t-2" });
  expect(rest).toMatchObject({ status: "SUCCESS", amountCents: order.totalCents - 1_000, financialStatus: "refunded" });
  const rows = await db.select().from(transactions).where(eq(transactions.orderId, orderId));
  expect(rows.filter((row) => row.kind === "refund").map((row) => [row.amountCents, row.gateway, row.reason])).toEqual([
    [1_000, "test", "requested_by_customer"],
    [order.totalCents - 1_000, "test", "duplicate"],
  ]);
  const [after] = await db.select().from(orders).where(eq(orders.id, orderId));
  expect(after).toMatchObject({ status: "refunded", financialStatus: "refunded" });
});
