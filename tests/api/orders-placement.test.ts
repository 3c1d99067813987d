// Placing orders over HTTP: the whole transaction (stock, order, lines, payment rows, e-mail, cart closed),
// declines that keep the cart, double placement, the race for the last unit, guest links, ownership of
// orders, saved cards and Add to Order.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkouts, orderLineItems, orders, paymentMethods, taxRates, transactions } from "../../db/schema/commerce.ts";
import { emailOutbox } from "../../db/schema/system.ts";
import {
  APPROVED_CARD,
  createProduct,
  DECLINED_CARD,
  FAILING_CARD,
  installCommerceFixtures,
  MAINLAND_ADDRESS,
  type ProductFixture,
  Shopper,
  signedInCustomer,
  stockOf,
} from "../../fixtures/checkout-fixtures.ts";
import { PAYMENT_REFUSED } from "../../services/payments/payment-attempts.ts";
import { botToken } from "./support/account-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

type Json = Record<string, unknown>;
interface Checkout {
  id: string;
  totalPrice: number;
  LineItems: Array<{ id: number; currentQuantity: number }>;
}
interface PlacedAnswer {
  order: { id: number; orderNumber: string; totalPrice: number; alreadyPlaced: boolean; statusUrl: string };
  error?: string;
}

let store: TestStore;
let part: ProductFixture;

beforeAll(async () => {
  store = await startTestStore({ products: 0 });
  await installCommerceFixtures(store.database.db);
  part = await createProduct(store.database.db, { title: "Pool Pump Motor", priceCents: 12_500, available: 1000 });
});
afterAll(() => store?.close());

const db = () => store.database.db;

async function shopperWithCart(fixture: ProductFixture = part, quantity = 1, cookie: string | null = null) {
  const visitor = new Shopper(store.baseUrl, cookie);
  const answer = await visitor.call<{ checkout: Checkout }>("POST", "/api/checkouts/lineItems", {
    body: { inventoryLevelId: fixture.levelId, quantity },
  });
  expect(answer.status).toBe(200);
  return { visitor, checkout: answer.body.checkout };
}

function complete(visitor: Shopper, checkoutId: string, body: Json, key?: string) {
  return visitor.call<PlacedAnswer>("POST", `/api/checkouts/${checkoutId}/complete`, { body, key });
}

const guestBody = (card: Json = APPROVED_CARD, email = "guest@example.com") => ({
  email,
  shippingAddress: MAINLAND_ADDRESS,
  card,
});

describe("placing an order", () => {
  test("one transaction: stock, order and lines, payment, closed cart, confirmation e-mail with a private link", async () => {
    const before = await stockOf(db(), part.levelId);
    const { visitor, checkout } = await shopperWithCart(part, 2);
    const placed = await complete(visitor, checkout.id, { ...guestBody(), expectedTotal: 250 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { order } = placed.body;
    expect(order).toMatchObject({ totalPrice: 250, alreadyPlaced: false, statusUrl: `/account/orders/${order.id}` });
    expect(order.orderNumber).toMatch(/^W\d+$/);

    expect(await stockOf(db(), part.levelId)).toBe(before - 2);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      checkoutId: checkout.id,
      email: "guest@example.com",
      status: "paid",
      financialStatus: "paid",
      subtotalCents: 25_000,
      discountCents: 0,
      shippingCents: 0,
      totalCents: 25_000,
    });
    expect(row.customerId).not.toBeNull();
    expect(row.shippingAddress).toMatchObject({ stateCode: "TX", zip: "78701" });
    const lines = await db().select().from(orderLineItems).where(eq(orderLineItems.orderId, order.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      title: "Pool Pump Motor",
      quantity: 2,
      unitPriceCents: 12_500,
      totalCents: 25_000,
    });

    const payments = await db().select().from(transactions).where(eq(transactions.orderId, order.id));
    expect(payments.map((t) => [t.kind, t.status, t.gateway, t.amountCents]).sort()).toEqual([
      ["authorization", "SUCCESS", "test", 25_000],
      ["capture", "SUCCESS", "test", 25_000],
    ]);
    for (const payment of payments) expect(payment.displayableId).toMatch(/^T[A-Z2-9]{10}$/);
    const [card] = await db()
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, payments[0].paymentMethodId as number));
    expect(card).toMatchObject({ brand: "visa", last4: "4242", gatewayToken: null });
    expect(card.deletedAt).not.toBeNull();

    // The card number is nowhere in the database.
    for (const table of [
      "transactions",
      "payment_methods",
      "orders",
      "email_outbox",
      "idempotency_records",
      "checkouts",
    ]) {
      const found = await store.database.db.execute(
        sql.raw(
          `select count(*)::int as n from ${table} where ${table}::text like '%4242424242424242%' or ${table}::text like '%4242 4242 4242 4242%'`,
        ),
      );
      expect((found as unknown as { rows: Array<{ n: number }> }).rows[0].n, table).toBe(0);
    }

    const [closed] = await db().select().from(checkouts).where(eq(checkouts.id, checkout.id));
    expect(closed.status).toBe("completed");
    const cart = await visitor.call<{ checkout: Checkout }>("GET", "/api/checkouts");
    expect(cart.body.checkout.LineItems).toEqual([]);
    // The completed checkout takes no more items: the next add starts a new cart.
    const next = await visitor.call<{ checkout: Checkout }>("POST", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: part.levelId, quantity: 1 },
    });
    expect(next.body.checkout.id).not.toBe(checkout.id);
    expect(next.body.checkout.LineItems.map((line) => line.currentQuantity)).toEqual([1]);
    expect(await stockOf(db(), part.levelId)).toBe(before - 2);

    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "order_confirmation"), eq(emailOutbox.toAddress, "guest@example.com")));
    expect(mail.subject).toContain(order.orderNumber);
    expect(mail.textBody).toContain("1 x".replace("1", "2"));
    const link = /(https?:\/\/\S+\/account\/orders\/\d+\?token=[\w-]+)/.exec(mail.textBody)?.[1];
    expect(link).toBeTruthy();

    // The placing browser sees its order; a stranger only with the link.
    expect((await visitor.call("GET", `/api/orders/${order.id}`)).status).toBe(200);
    const stranger = new Shopper(store.baseUrl);
    expect((await stranger.call("GET", `/api/orders/${order.id}`)).status).toBe(404);
    const token = new URL(link as string).searchParams.get("token");
    const viaLink = await stranger.call<{ order: Json }>("GET", `/api/orders/${order.id}?token=${token}`);
    expect(viaLink.status).toBe(200);
    expect(viaLink.body.order).toMatchObject({
      orderNumber: order.orderNumber,
      totalPrice: 250,
      payment: { brand: "visa", last4: "4242" },
    });
    expect((await stranger.call("GET", `/api/orders/${order.id}?token=${"x".repeat(43)}`)).status).toBe(404);
    // The token opens only its own order.
    const { visitor: other, checkout: otherCheckout } = await shopperWithCart(part, 1);
    const otherOrder = await complete(other, otherCheckout.id, guestBody(APPROVED_CARD, "other@example.com"));
    expect((await stranger.call("GET", `/api/orders/${otherOrder.body.order.id}?token=${token}`)).status).toBe(404);
  });

  test("a declined card keeps the cart and the stock; the shopper reads one message, the reason stays on the transaction", async () => {
    const before = await stockOf(db(), part.levelId);
    const { visitor, checkout } = await shopperWithCart(part, 1);
    const declined = await complete(visitor, checkout.id, guestBody(DECLINED_CARD, "declined@example.com"));
    expect(declined.status).toBe(402);
    expect(declined.body.error).toBe(PAYMENT_REFUSED);
    expect(await stockOf(db(), part.levelId)).toBe(before);
    const cart = await visitor.call<{ checkout: Checkout }>("GET", "/api/checkouts");
    expect(cart.body.checkout.id).toBe(checkout.id);
    expect(cart.body.checkout.LineItems.map((line) => line.currentQuantity)).toEqual([1]);
    const [failure] = await db().select().from(transactions).where(eq(transactions.email, "declined@example.com"));
    expect(failure).toMatchObject({
      kind: "authorization",
      status: "FAILURE",
      errorMessage: "Your card was declined.",
      orderId: null,
    });

    // After a refusal every attempt of this shopper needs the bot check.
    const withCheck = async (body: Json) =>
      complete(visitor, checkout.id, { ...body, token: await botToken(store, "checkout") });
    const failing = await withCheck(guestBody(FAILING_CARD, "declined@example.com"));
    expect(failing.status).toBe(402);
    expect(failing.body.error).toBe(PAYMENT_REFUSED);

    const invalid = await withCheck(guestBody({ ...APPROVED_CARD, number: "4242 4242 4242 4241" }));
    expect(invalid.body.error).toBe("Your card number is invalid.");
    const expired = await withCheck(guestBody({ ...APPROVED_CARD, expYear: 2020 }));
    expect(expired.body.error).toBe("Your card's expiration date is in the past.");

    // The same cart then goes through with a good card.
    const placed = await withCheck(guestBody());
    expect(placed.status).toBe(200);
  });

  test("the address rules and the e-mail are checked; nothing is charged", async () => {
    const { visitor, checkout } = await shopperWithCart(part, 1);
    const noState = await complete(visitor, checkout.id, {
      ...guestBody(),
      shippingAddress: { ...MAINLAND_ADDRESS, stateCode: "" },
    });
    expect(noState.status).toBe(400);
    expect(noState.body.error).toContain("State is required");
    const badZip = await complete(visitor, checkout.id, {
      ...guestBody(),
      shippingAddress: { ...MAINLAND_ADDRESS, zip: "ABC" },
    });
    expect(badZip.body.error).toContain("Postal Code does not match the format of the selected country");
    const badEmail = await complete(visitor, checkout.id, { ...guestBody(), email: "nope" });
    expect(badEmail.body.error).toContain("Please enter a valid e-mail address.");
    const noAddress = await complete(visitor, checkout.id, { email: "a@example.com", card: APPROVED_CARD });
    expect(noAddress.status).toBe(422);
    expect(noAddress.body.error).toBe("Please enter a shipping address.");
    const charged = await db().select().from(transactions).where(eq(transactions.email, "a@example.com"));
    expect(charged).toEqual([]);
  });

  test("a total that changed since the shopper saw it stops the order", async () => {
    const { visitor, checkout } = await shopperWithCart(part, 1);
    const answer = await complete(visitor, checkout.id, { ...guestBody(), expectedTotal: 99.99 });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toBe("Your order total changed to $125.00. Please review your order and place it again.");
  });

  test("shipping outside the mainland is charged (no free shipping to Hawaii)", async () => {
    const { visitor, checkout } = await shopperWithCart(part, 1);
    const answer = await complete(visitor, checkout.id, {
      ...guestBody(),
      shippingAddress: { ...MAINLAND_ADDRESS, stateCode: "HI", zip: "96813", city: "Honolulu" },
    });
    expect(answer.status).toBe(200);
    // $125 would ship free to Texas; to Hawaii it takes the top ground band.
    expect(answer.body.order.totalPrice).toBe(137.95);
  });

  test("an order to a taxed state is charged its sales tax on the merchandise, stored and e-mailed", async () => {
    await db().insert(taxRates).values({ countryCode: "US", stateCode: "CA", name: "California", ratePpm: 72_500 });
    const { visitor, checkout } = await shopperWithCart(part, 1);
    const toCalifornia = { ...MAINLAND_ADDRESS, stateCode: "CA", zip: "94103", city: "San Francisco" };
    const priced = await visitor.call<{ checkout: Checkout & { totalTax: number } }>("GET", "/api/checkouts");
    expect(priced.body.checkout.totalTax).toBe(0);
    const answer = await complete(visitor, checkout.id, {
      ...guestBody(APPROVED_CARD, "taxed@example.com"),
      shippingAddress: toCalifornia,
      // $125.00 ships free; 7.25 % of it is $9.0625, rounded to $9.06.
      expectedTotal: 134.06,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.order.totalPrice).toBe(134.06);
    const [row] = await db().select().from(orders).where(eq(orders.id, answer.body.order.id));
    expect(row).toMatchObject({ subtotalCents: 12_500, shippingCents: 0, taxCents: 906, totalCents: 13_406 });
    const captured = await db()
      .select({ amountCents: transactions.amountCents })
      .from(transactions)
      .where(
        and(eq(transactions.orderId, row.id), eq(transactions.kind, "capture"), eq(transactions.status, "SUCCESS")),
      );
    expect(captured).toEqual([{ amountCents: 13_406 }]);
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "order_confirmation"), eq(emailOutbox.toAddress, "taxed@example.com")));
    expect(mail.textBody).toContain("Tax: $9.06");
    const detail = await visitor.call<{ order: { totalTax: number } }>("GET", `/api/orders/${row.id}`);
    expect(detail.body.order.totalTax).toBe(9.06);

    // Texas has no rate here: no tax.
    const untaxed = await shopperWithCart(part, 1);
    const plain = await complete(untaxed.visitor, untaxed.checkout.id, guestBody());
    expect(plain.body.order.totalPrice).toBe(125);
  });
});

describe("placing twice", () => {
  test("a double click (two parallel submissions) makes one order and one charge", async () => {
    const before = await stockOf(db(), part.levelId);
    const { visitor, checkout } = await shopperWithCart(part, 1);
    const answers = await Promise.all([
      complete(visitor, checkout.id, guestBody()),
      complete(visitor, checkout.id, guestBody()),
    ]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answers[0].body.order.id).toBe(answers[1].body.order.id);
    expect(answers.map((answer) => answer.body.order.alreadyPlaced).sort()).toEqual([false, true]);
    expect(await stockOf(db(), part.levelId)).toBe(before - 1);
    const captures = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.orderId, answers[0].body.order.id), eq(transactions.kind, "capture")));
    expect(captures).toHaveLength(1);
    // A later retry gets the same order.
    const retry = await complete(visitor, checkout.id, guestBody());
    expect(retry.body.order).toMatchObject({ id: answers[0].body.order.id, alreadyPlaced: true });
  });

  test("a retry with the same Idempotency-Key replays the first answer", async () => {
    const { visitor, checkout } = await shopperWithCart(part, 1);
    const key = crypto.randomUUID();
    const first = await complete(visitor, checkout.id, guestBody(), key);
    const replay = await complete(visitor, checkout.id, guestBody(), key);
    expect(first.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const count = await db().select().from(orders).where(eq(orders.checkoutId, checkout.id));
    expect(count).toHaveLength(1);
  });

  test("two shoppers racing for the last unit: exactly one order succeeds, the other is told and not charged", async () => {
    const last = await createProduct(db(), { title: "Last Heat Exchanger", priceCents: 30_000, available: 1 });
    const first = await shopperWithCart(last, 1);
    const second = await shopperWithCart(last, 1);
    const answers = await Promise.all([
      complete(first.visitor, first.checkout.id, guestBody(APPROVED_CARD, "racer1@example.com")),
      complete(second.visitor, second.checkout.id, guestBody(APPROVED_CARD, "racer2@example.com")),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 422]);
    const loser = answers.find((answer) => answer.status === 422);
    expect(loser?.body.error).toMatch(/Last Heat Exchanger (just sold out|is no longer available)/);
    expect(await stockOf(db(), last.levelId)).toBe(0);
    const sold = await db().select().from(orderLineItems).where(eq(orderLineItems.inventoryLevelId, last.levelId));
    expect(sold).toHaveLength(1);
    // The loser's authorisation (if it got that far) was voided, never captured.
    const loserEmail = answers[0].status === 422 ? "racer1@example.com" : "racer2@example.com";
    const loserPayments = await db().select().from(transactions).where(eq(transactions.email, loserEmail));
    expect(loserPayments.filter((t) => t.kind === "capture")).toEqual([]);
    if (loserPayments.some((t) => t.kind === "authorization" && t.status === "SUCCESS")) {
      expect(loserPayments.some((t) => t.kind === "void" && t.status === "SUCCESS")).toBe(true);
    }
  });

  test("many shoppers racing for a few units never oversell", async () => {
    const few = await createProduct(db(), { title: "Limited Spa Pack", priceCents: 20_000, available: 3 });
    const carts = await Promise.all(Array.from({ length: 8 }, () => shopperWithCart(few, 1)));
    const answers = await Promise.all(
      carts.map((cart, i) =>
        complete(cart.visitor, cart.checkout.id, guestBody(APPROVED_CARD, `many${i}@example.com`)),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 422)).toBe(true);
    expect(await stockOf(db(), few.levelId)).toBe(0);
  });
});

describe("signed-in customers", () => {
  test("their orders are listed for them only; a saved card pays again and belongs to them alone", async () => {
    const customer = await signedInCustomer(db());
    const { visitor, checkout } = await shopperWithCart(part, 1, customer.cookie);
    const placed = await complete(visitor, checkout.id, { ...guestBody(), email: customer.email, saveCard: true });
    expect(placed.status).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.body.order.id));
    expect(order.customerId).toBe(customer.customerId);

    const list = await visitor.call<{
      orders: Array<{ id: number; orderNumber: string; totalPrice: number; itemCount: number }>;
      total: number;
    }>("GET", "/api/orders");
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.orders[0]).toMatchObject({ id: order.id, totalPrice: 125, itemCount: 1 });
    expect((await new Shopper(store.baseUrl).call("GET", "/api/orders")).status).toBe(401);

    const someoneElse = await signedInCustomer(db());
    const theirs = new Shopper(store.baseUrl, someoneElse.cookie);
    expect((await theirs.call("GET", `/api/orders/${order.id}`)).status).toBe(404);
    expect(((await theirs.call<{ orders: unknown[] }>("GET", "/api/orders")).body.orders ?? []).length).toBe(0);

    const [saved] = await db()
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.customerId, customer.customerId), sql`${paymentMethods.deletedAt} is null`));
    expect(saved).toMatchObject({ brand: "visa", last4: "4242", gateway: "test" });
    expect(saved.gatewayToken).toMatch(/^tok_test_/);
    expect(saved.gatewayToken).not.toContain("4242424242424242");

    const again = await shopperWithCart(part, 1, customer.cookie);
    // The account's e-mail is used when none is given.
    const second = await complete(again.visitor, again.checkout.id, {
      shippingAddress: MAINLAND_ADDRESS,
      paymentMethodId: saved.id,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);

    const stolen = await shopperWithCart(part, 1, someoneElse.cookie);
    const refused = await complete(stolen.visitor, stolen.checkout.id, {
      ...guestBody(),
      email: someoneElse.email,
      card: undefined,
      paymentMethodId: saved.id,
    });
    expect(refused.status).toBe(404);
  });
});

describe("Add to Order", () => {
  test("the customer asks for one more product; staff are e-mailed; only the order's owner may ask", async () => {
    const extra = await createProduct(db(), { title: "Pump Lid O-Ring", priceCents: 899, available: 50 });
    const { visitor, checkout } = await shopperWithCart(part, 1);
    const placed = await complete(visitor, checkout.id, guestBody(APPROVED_CARD, "addon@example.com"));
    const orderId = placed.body.order.id;
    // The spec's client: JSON content type, no body.
    const answer = await visitor.call<{ success?: boolean; error?: string }>(
      "POST",
      `/api/orders/${orderId}/relatedProducts/${extra.productId}`,
      {
        headers: { "content-type": "application/json" },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "order_add_request"));
    expect(mail.textBody).toContain("Pump Lid O-Ring");
    expect(mail.subject).toContain(placed.body.order.orderNumber);

    const stranger = new Shopper(store.baseUrl);
    const refused = await stranger.call<{ error: string }>(
      "POST",
      `/api/orders/${orderId}/relatedProducts/${extra.productId}`,
    );
    expect(refused.status).toBe(404);
    expect(typeof refused.body.error).toBe("string");
    expect((await visitor.call("POST", `/api/orders/${orderId}/relatedProducts/999999`)).status).toBe(404);
    expect((await visitor.call("POST", `/api/orders/abc/relatedProducts/${extra.productId}`)).status).toBe(400);

    await db().update(orders).set({ status: "fulfilled" }).where(eq(orders.id, orderId));
    const shipped = await visitor.call<{ error: string }>(
      "POST",
      `/api/orders/${orderId}/relatedProducts/${extra.productId}`,
    );
    expect(shipped.status).toBe(422);
    expect(shipped.body.error).toMatch(/already shipped/);
  });

  test("a guest adds through the e-mailed link; another signed-in customer is refused and nothing is e-mailed", async () => {
    const extra = await createProduct(db(), { title: "Skimmer Basket", priceCents: 1299, available: 50 });
    const { visitor, checkout } = await shopperWithCart(part, 1);
    const placed = await complete(visitor, checkout.id, guestBody(APPROVED_CARD, "linked.guest@example.com"));
    expect(placed.status).toBe(200);
    const orderId = placed.body.order.id;
    const [confirmation] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "order_confirmation"), eq(emailOutbox.toAddress, "linked.guest@example.com")));
    const token = /\/account\/orders\/\d+\?token=([\w-]+)/.exec(confirmation.textBody)?.[1];
    expect(token).toBeDefined();
    const requests = async () =>
      (await db().select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.kind, "order_add_request")))
        .length;

    const before = await requests();
    const intruder = await signedInCustomer(db());
    const refused = await new Shopper(store.baseUrl, intruder.cookie).call<{ error: string }>(
      "POST",
      `/api/orders/${orderId}/relatedProducts/${extra.productId}`,
      { headers: { "content-type": "application/json" } },
    );
    expect(refused.status).toBe(404);
    expect(typeof refused.body.error).toBe("string");
    expect(await requests()).toBe(before);

    // The same guest on another device, with only the link: allowed.
    const fromMail = new Shopper(store.baseUrl);
    const added = await fromMail.call(
      "POST",
      `/api/orders/${orderId}/relatedProducts/${extra.productId}?token=${token}`,
      {
        headers: { "content-type": "application/json" },
      },
    );
    expect(added.status).toBe(200);
    expect(await requests()).toBe(before + 1);
  });
});
