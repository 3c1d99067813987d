import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { paymentMethods, transactions } from "../../db/schema/commerce.ts";
import { createProduct, installCommerceFixtures, MAINLAND_ADDRESS, Shopper } from "../../fixtures/checkout-fixtures.ts";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import {
  botToken,
  newCustomer,
  type SignedInCustomer,
  seedCountries,
  VALID_US_ADDRESS,
} from "./support/account-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
let pat: SignedInCustomer;
beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 0 });
  await installCommerceFixtures(store.database.db);
  await seedCountries(store);
  pat = await newCustomer(store, "wallet");
});
afterAll(() => store?.close());

interface MethodList {
  paymentMethods: Array<Record<string, unknown> & { id: number }>;
  _links: { addPaymentMethod: { href: string } };
  error?: string;
}

async function addCard(customer: SignedInCustomer, card: Record<string, unknown> = {}) {
  return customer.client.call<{ paymentMethod: Record<string, unknown> & { id: number }; error?: string }>(
    "POST",
    `/api/user/${customer.userId}/paymentMethods`,
    {
      number: "4242 4242 4242 4242",
      expMonth: 12,
      expYear: 2040,
      cvc: "123",
      name: "Pat Pool",
      token: await botToken(store, "add_card"),
      ...card,
    },
  );
}

describe("payment methods", () => {
  test("the list has the popup link; a card added through the gateway keeps only brand, last 4 and expiry", async () => {
    const empty = await pat.client.get<MethodList>(`/api/user/${pat.userId}/paymentMethods`);
    expect(empty.status).toBe(200);
    expect(empty.body.paymentMethods).toEqual([]);
    expect(empty.body._links.addPaymentMethod.href).toBe("/wallet/add-card");

    const added = await addCard(pat);
    expect(added.status).toBe(201);
    expect(added.body.paymentMethod).toMatchObject({
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2040,
      name: "Pat Pool",
      billingAddress: null,
      isAbtraGiftCard: false,
    });
    const [row] = await store.database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, added.body.paymentMethod.id));
    expect(JSON.stringify(row)).not.toContain("4242424242424242");
    expect(row.gatewayToken).toMatch(/^tok_test_/);

    const listed = await pat.client.get<MethodList>(`/api/user/${pat.userId}/paymentMethods`);
    expect(listed.body.paymentMethods.map((m) => m.id)).toContain(added.body.paymentMethod.id);
    expect(JSON.stringify(listed.body)).not.toContain("tok_test_");
  });

  test("the gateway's reasons come back as 400s", async () => {
    const invalid = await addCard(pat, { number: "4242 4242 4242 4241" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe("Your card number is invalid.");
    const expired = await addCard(pat, { expYear: 2001 });
    expect(expired.status).toBe(400);
    expect(expired.body.error).toMatch(/expiration/);
    const cvc = await addCard(pat, { cvc: "1" });
    expect(cvc.status).toBe(400);
    const noBot = await pat.client.call("POST", `/api/user/${pat.userId}/paymentMethods`, {
      number: "4242424242424242",
      expMonth: 12,
      expYear: 2040,
      cvc: "123",
    });
    expect(noBot.status).toBe(400);
    expect(noBot.body.error).toMatch(/bot check/);
  });

  test("the billing address is set to one of the customer's addresses and shown read-only", async () => {
    const card = (await addCard(pat, { number: "5555 5555 5555 4444" })).body.paymentMethod;
    expect(card.brand).toBe("mastercard");
    const address = (
      await pat.client.call<{ mailingAddress: { id: number } }>("POST", "/api/mailingAddresses", VALID_US_ADDRESS)
    ).body.mailingAddress;
    const updated = await pat.client.call("PUT", `/api/user/${pat.userId}/paymentMethods/${card.id}`, {
      mailingAddressId: address.id,
      isAbtraGiftCard: false,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ success: true });
    const listed = await pat.client.get<MethodList>(`/api/user/${pat.userId}/paymentMethods`);
    expect(listed.body.paymentMethods.find((m) => m.id === card.id)?.billingAddress).toEqual({
      line1: "2150 Harbor Blvd",
      line2: null,
      city: "Costa Mesa",
      state: "CA",
      postalCode: "92627",
      country: "US",
    });
    const missing = await pat.client.call("PUT", `/api/user/${pat.userId}/paymentMethods/${card.id}`, {});
    expect(missing.status).toBe(400);
  });

  test("a card is deleted; a gift card cannot be, whatever the client says", async () => {
    const card = (await addCard(pat)).body.paymentMethod;
    const deleted = await pat.client.call("DELETE", `/api/user/${pat.userId}/paymentMethods/${card.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    const listed = await pat.client.get<MethodList>(`/api/user/${pat.userId}/paymentMethods`);
    expect(listed.body.paymentMethods.map((m) => m.id)).not.toContain(card.id);
    expect((await pat.client.call("DELETE", `/api/user/${pat.userId}/paymentMethods/${card.id}`)).status).toBe(404);

    const [gift] = await store.database.db
      .insert(paymentMethods)
      .values({
        customerId: pat.customerId,
        gateway: "gift",
        brand: "gift_card",
        isGiftCard: true,
        giftCardCreditCents: 2500,
        giftCardCurrency: "USD",
      })
      .returning();
    const giftListed = await pat.client.get<MethodList>(`/api/user/${pat.userId}/paymentMethods`);
    expect(giftListed.body.paymentMethods.find((m) => m.id === gift.id)).toMatchObject({
      isAbtraGiftCard: true,
      abtraGiftCardCredit: 25,
      abtraGiftCardCurrency: "USD",
    });
    await pat.client.call("PUT", `/api/user/${pat.userId}/paymentMethods/${gift.id}`, {
      mailingAddressId: 999999,
      isAbtraGiftCard: false,
    });
    const refused = await pat.client.call("DELETE", `/api/user/${pat.userId}/paymentMethods/${gift.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("Gift cards cannot be deleted from the wallet.");
  });
});

describe("a wallet card at checkout", () => {
  test("a card added through the wallet's hosted form pays for an order; its charge shows in the history", async () => {
    const buyer = await newCustomer(store, "wallet-buyer");
    const card = (await addCard(buyer, { number: "5555 5555 5555 4444", name: "Wallet Buyer" })).body.paymentMethod;
    expect(card).toMatchObject({ brand: "mastercard", last4: "4444" });

    const part = await createProduct(store.database.db, { title: "Chlorinator Lid", priceCents: 4_200, available: 20 });
    const shopper = new Shopper(store.baseUrl, buyer.client.cookie);
    const cart = await shopper.call<{ checkout: { id: string } }>("POST", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: part.levelId, quantity: 2 },
    });
    expect(cart.status).toBe(200);
    const placed = await shopper.call<{ order: { id: number; totalPrice: number }; error?: string }>(
      "POST",
      `/api/checkouts/${cart.body.checkout.id}/complete`,
      { body: { email: buyer.email, shippingAddress: MAINLAND_ADDRESS, paymentMethodId: card.id } },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);

    const charges = await store.database.db
      .select({ paymentMethodId: transactions.paymentMethodId, status: transactions.status, kind: transactions.kind })
      .from(transactions)
      .where(eq(transactions.orderId, placed.body.order.id));
    expect(charges.length).toBeGreaterThan(0);
    expect(charges.every((row) => row.paymentMethodId === card.id)).toBe(true);
    expect(charges).toContainEqual({ paymentMethodId: card.id, status: "SUCCESS", kind: "capture" });

    const order = await buyer.client.get<{ order: { payment: { brand: string; last4: string } } }>(
      `/api/orders/${placed.body.order.id}`,
    );
    expect(order.body.order.payment).toEqual({ brand: "mastercard", last4: "4444" });
    const history = await buyer.client.get<{ transactions: Array<{ amount: number | string; status: string }> }>(
      `/api/user/${buyer.userId}/transactions`,
    );
    expect(history.body.transactions.some((row) => row.status === "SUCCESS")).toBe(true);
  });
});

describe("transactions", () => {
  test("lists the customer's transactions with amounts, filtered by displayable id", async () => {
    await store.database.db.insert(transactions).values([
      {
        displayableId: "TX-1001",
        customerId: pat.customerId,
        kind: "sale",
        status: "SUCCESS",
        gateway: "test",
        amountCents: 12999,
        email: pat.email,
      },
      {
        displayableId: "TX-1002",
        customerId: pat.customerId,
        kind: "sale",
        status: "PENDING",
        gateway: null,
        amountCents: 500,
      },
      {
        displayableId: "TX-2001",
        customerId: pat.customerId,
        kind: "refund",
        status: "FAILURE",
        gateway: "test",
        amountCents: 100,
      },
    ]);
    const all = await pat.client.get<{ transactions: Array<Record<string, unknown>> }>(
      `/api/user/${pat.userId}/transactions`,
    );
    expect(all.status).toBe(200);
    expect(all.body.transactions).toHaveLength(3);
    expect(all.body.transactions.find((t) => t.displayableId === "TX-1001")).toMatchObject({
      status: "SUCCESS",
      gateway: "test",
      amount: 129.99,
      email: pat.email,
    });
    expect(all.body.transactions.find((t) => t.displayableId === "TX-1002")?.gateway).toBeNull();
    const filtered = await pat.client.get<{ transactions: Array<{ displayableId: string }> }>(
      `/api/user/${pat.userId}/transactions?displayableId=tx-10`,
    );
    expect(filtered.body.transactions.map((t) => t.displayableId).sort()).toEqual(["TX-1001", "TX-1002"]);
    const wildcard = await pat.client.get<{ transactions: unknown[] }>(
      `/api/user/${pat.userId}/transactions?displayableId=%25`,
    );
    expect(wildcard.body.transactions).toEqual([]);
  });
});
