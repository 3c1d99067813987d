// Ownership matrix: for every endpoint that carries a user, customer, address, payment method or
// transaction id, another signed-in customer gets 403 (someone else's user/customer id in the path) or
// 404 (someone else's address or payment method under their own id), an anonymous caller gets 401, and
// the owner's data is unchanged afterwards.
//
// Checkouts (carts) and orders are the exception to the 401 rule, by design: a guest may own them too, by
// the session cookie that created them or, for an order, the signed link of the confirmation e-mail. So
// an anonymous caller is not "unauthenticated" there; it is a visitor who does not own that id, and gets
// the same 404 as another customer (an id alone reveals nothing, not even that it exists).

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { orders, paymentMethods, transactions } from "../../db/schema/commerce.ts";
import { emailOutbox } from "../../db/schema/system.ts";
import {
  APPROVED_CARD,
  CODES,
  createProduct,
  installCommerceFixtures,
  MAINLAND_ADDRESS,
  type ProductFixture,
  Shopper,
} from "../../fixtures/checkout-fixtures.ts";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import {
  botToken,
  Client,
  newCustomer,
  type SignedInCustomer,
  seedCountries,
  VALID_US_ADDRESS,
} from "./support/account-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
let owner: SignedInCustomer;
let intruder: SignedInCustomer;
let ownerAddressId: number;
let ownerCardId: number;
let ownerGiftId: number;
let intruderCardId: number;
let intruderAddressId: number;

async function snapshot() {
  const [customer, methods, history, recovery] = await Promise.all([
    owner.client.get("/api/customer"),
    owner.client.get(`/api/user/${owner.userId}/paymentMethods`),
    owner.client.get(`/api/user/${owner.userId}/transactions`),
    owner.client.get("/api/user/recoveryEmail"),
  ]);
  return { customer: customer.body, methods: methods.body, history: history.body, recovery: recovery.body };
}

beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 0 });
  await installCommerceFixtures(store.database.db);
  await seedCountries(store);
  owner = await newCustomer(store, "owner");
  intruder = await newCustomer(store, "intruder");
  const address = async (customer: SignedInCustomer) =>
    (await customer.client.call<{ mailingAddress: { id: number } }>("POST", "/api/mailingAddresses", VALID_US_ADDRESS))
      .body.mailingAddress.id;
  const card = async (customer: SignedInCustomer) =>
    (
      await customer.client.call<{ paymentMethod: { id: number } }>(
        "POST",
        `/api/user/${customer.userId}/paymentMethods`,
        {
          number: "4242424242424242",
          expMonth: 11,
          expYear: 2039,
          cvc: "321",
          token: await botToken(store, "add_card"),
        },
      )
    ).body.paymentMethod.id;
  ownerAddressId = await address(owner);
  intruderAddressId = await address(intruder);
  ownerCardId = await card(owner);
  intruderCardId = await card(intruder);
  const [gift] = await store.database.db
    .insert(paymentMethods)
    .values({ customerId: owner.customerId, gateway: "gift", brand: "gift_card", isGiftCard: true })
    .returning({ id: paymentMethods.id });
  ownerGiftId = gift.id;
  await store.database.db.insert(transactions).values({
    displayableId: "OWN-1",
    customerId: owner.customerId,
    kind: "sale",
    status: "SUCCESS",
    gateway: "test",
    amountCents: 4200,
  });
});
afterAll(() => store?.close());

interface Case {
  name: string;
  method: string;
  path: () => string;
  body?: () => Record<string, unknown>;
  /** What the intruder gets. */
  expected: 403 | 404;
}

const cases: Case[] = [
  {
    name: "list the owner's payment methods",
    method: "GET",
    path: () => `/api/user/${owner.userId}/paymentMethods`,
    expected: 403,
  },
  {
    name: "add a card to the owner's wallet",
    method: "POST",
    path: () => `/api/user/${owner.userId}/paymentMethods`,
    body: () => ({ number: "4242424242424242", expMonth: 1, expYear: 2040, cvc: "123" }),
    expected: 403,
  },
  {
    name: "change the billing address of the owner's card (owner's path)",
    method: "PUT",
    path: () => `/api/user/${owner.userId}/paymentMethods/${ownerCardId}`,
    body: () => ({ mailingAddressId: intruderAddressId }),
    expected: 403,
  },
  {
    name: "change the billing address of the owner's card (own path)",
    method: "PUT",
    path: () => `/api/user/${intruder.userId}/paymentMethods/${ownerCardId}`,
    body: () => ({ mailingAddressId: intruderAddressId }),
    expected: 404,
  },
  {
    name: "attach the owner's address to one's own card",
    method: "PUT",
    path: () => `/api/user/${intruder.userId}/paymentMethods/${intruderCardId}`,
    body: () => ({ mailingAddressId: ownerAddressId }),
    expected: 404,
  },
  {
    name: "delete the owner's card (owner's path)",
    method: "DELETE",
    path: () => `/api/user/${owner.userId}/paymentMethods/${ownerCardId}`,
    expected: 403,
  },
  {
    name: "delete the owner's card (own path)",
    method: "DELETE",
    path: () => `/api/user/${intruder.userId}/paymentMethods/${ownerCardId}`,
    expected: 404,
  },
  {
    name: "delete the owner's gift card (own path)",
    method: "DELETE",
    path: () => `/api/user/${intruder.userId}/paymentMethods/${ownerGiftId}`,
    expected: 404,
  },
  {
    name: "read the owner's transactions",
    method: "GET",
    path: () => `/api/user/${owner.userId}/transactions`,
    expected: 403,
  },
  {
    name: "read the owner's transactions by filter",
    method: "GET",
    path: () => `/api/user/${owner.userId}/transactions?displayableId=OWN`,
    expected: 403,
  },
  {
    name: "edit the owner's address",
    method: "PUT",
    path: () => `/api/mailingAddresses/${ownerAddressId}`,
    body: () => ({ ...VALID_US_ADDRESS, address1: "Hijacked 1", makeDefault: true }),
    expected: 404,
  },
  {
    name: "delete the owner's address (owner's customer id)",
    method: "DELETE",
    path: () => `/api/customer/${owner.customerId}/mailingAddresses/${ownerAddressId}`,
    expected: 403,
  },
  {
    name: "delete the owner's address (own customer id)",
    method: "DELETE",
    path: () => `/api/customer/${intruder.customerId}/mailingAddresses/${ownerAddressId}`,
    expected: 404,
  },
];

describe("another customer cannot read or change the owner's data", () => {
  test.each(cases)("$name → $expected", async ({ method, path, body, expected }) => {
    const before = await snapshot();
    const answer = await intruder.client.call(method, path(), body?.());
    expect(answer.status).toBe(expected);
    expect(typeof answer.body.error).toBe("string");
    expect(JSON.stringify(answer.body)).not.toContain("OWN-1");
    expect(await snapshot()).toEqual(before);
  });

  test("the intruder's own /api/customer and /api/user never show the owner's data", async () => {
    const customer = await intruder.client.get<{ customer: { id: number; MailingAddresses: Array<{ id: number }> } }>(
      "/api/customer",
    );
    expect(customer.body.customer.id).toBe(intruder.customerId);
    expect(customer.body.customer.MailingAddresses.map((a) => a.id)).toEqual([intruderAddressId]);
    expect((await intruder.client.get<{ user: { id: number } }>("/api/user")).body.user.id).toBe(intruder.userId);
  });
});

describe("anonymous callers get 401 everywhere", () => {
  test.each(cases)("$name → 401", async ({ method, path, body }) => {
    const before = await snapshot();
    const answer = await new Client(store).call(method, path(), body?.());
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe("Please sign in to continue.");
    expect(await snapshot()).toEqual(before);
  });
});

describe("the owner can do all of it", () => {
  test("the owner's own calls succeed (the matrix is not refusing everyone)", async () => {
    expect((await owner.client.get(`/api/user/${owner.userId}/transactions`)).status).toBe(200);
    expect(
      (
        await owner.client.call("PUT", `/api/user/${owner.userId}/paymentMethods/${ownerCardId}`, {
          mailingAddressId: ownerAddressId,
        })
      ).status,
    ).toBe(200);
    expect((await owner.client.call("PUT", `/api/mailingAddresses/${ownerAddressId}`, VALID_US_ADDRESS)).status).toBe(
      200,
    );
    expect((await owner.client.call("DELETE", `/api/user/${owner.userId}/paymentMethods/${ownerCardId}`)).status).toBe(
      200,
    );
    expect(
      (await owner.client.call("DELETE", `/api/customer/${owner.customerId}/mailingAddresses/${ownerAddressId}`))
        .status,
    ).toBe(200);
  });
});

describe("checkouts and orders belong to their visitor", () => {
  let part: ProductFixture;
  let ownerOrderId: number;
  let ownerCheckoutId: string;
  let ownerLineId: number;
  let intruderCheckoutId: string;
  const shopperOf = (customer: SignedInCustomer) => new Shopper(store.baseUrl, customer.client.cookie);

  beforeAll(async () => {
    const db = store.database.db;
    part = await createProduct(db, { title: "Salt Cell", priceCents: 30_000, available: 100 });
    const owner$ = shopperOf(owner);
    const { placed } = await owner$.placeOrder([[part, 1]], { email: owner.email });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    ownerOrderId = placed.body.order.id;
    // A new open cart with a line and a code.
    const cart = await owner$.call<{ checkout: { id: string; LineItems: Array<{ id: number }> } }>(
      "POST",
      "/api/checkouts/lineItems",
      { body: { inventoryLevelId: part.levelId, quantity: 2 } },
    );
    ownerCheckoutId = cart.body.checkout.id;
    ownerLineId = cart.body.checkout.LineItems[0].id;
    expect(
      (await owner$.call("POST", `/api/checkouts/${ownerCheckoutId}/discountCodes?code=${CODES.percent}`)).status,
    ).toBe(200);
    const theirs = await shopperOf(intruder).call<{ checkout: { id: string } }>("POST", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: part.levelId, quantity: 1 },
    });
    intruderCheckoutId = theirs.body.checkout.id;
  });

  async function commerceSnapshot() {
    const db = store.database.db;
    const [cart, order, intruderCart, orderRows, addRequests] = await Promise.all([
      owner.client.get("/api/checkouts"),
      owner.client.get(`/api/orders/${ownerOrderId}`),
      intruder.client.get("/api/checkouts"),
      db.select({ id: orders.id, status: orders.status, totalCents: orders.totalCents }).from(orders),
      db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.kind, "order_add_request")),
    ]);
    return { cart: cart.body, order: order.body, intruderCart: intruderCart.body, orderRows, addRequests };
  }

  const commerceCases: Array<{
    name: string;
    method: string;
    path: () => string;
    body?: () => Record<string, unknown>;
  }> = [
    { name: "read the owner's order", method: "GET", path: () => `/api/orders/${ownerOrderId}` },
    {
      name: "add a product to the owner's order",
      method: "POST",
      path: () => `/api/orders/${ownerOrderId}/relatedProducts/${part.productId}`,
    },
    {
      name: "place the owner's checkout",
      method: "POST",
      path: () => `/api/checkouts/${ownerCheckoutId}/complete`,
      body: () => ({ email: "thief@example.com", shippingAddress: MAINLAND_ADDRESS, card: APPROVED_CARD }),
    },
    {
      name: "apply a code to the owner's checkout",
      method: "POST",
      path: () => `/api/checkouts/${ownerCheckoutId}/discountCodes?code=${CODES.freeShipping}`,
    },
    {
      name: "remove the code from the owner's checkout",
      method: "DELETE",
      path: () => `/api/checkouts/${ownerCheckoutId}/discountCodes?code=${CODES.percent}`,
    },
    {
      name: "delete a line of the owner's checkout",
      method: "DELETE",
      path: () => `/api/checkouts/lineItems/${ownerLineId}`,
    },
    {
      name: "place one's own checkout to the owner's address book entry",
      method: "POST",
      path: () => `/api/checkouts/${intruderCheckoutId}/complete`,
      body: () => ({ email: intruder.email, mailingAddressId: ownerAddressId, card: APPROVED_CARD }),
    },
  ];

  test.each(commerceCases)("another customer: $name → 404, nothing changes", async ({ method, path, body }) => {
    const before = await commerceSnapshot();
    const answer = await intruder.client.call(method, path(), body?.());
    expect(answer.status).toBe(404);
    expect(typeof answer.body.error).toBe("string");
    expect(JSON.stringify(answer.body)).not.toContain(owner.email);
    expect(await commerceSnapshot()).toEqual(before);
  });

  test.each(commerceCases)("an anonymous visitor: $name → 404 (not 401, see above)", async ({ method, path, body }) => {
    const before = await commerceSnapshot();
    const answer = await new Client(store).call(method, path(), body?.());
    expect(answer.status).toBe(404);
    expect(typeof answer.body.error).toBe("string");
    expect(await commerceSnapshot()).toEqual(before);
  });

  test("the owner's own calls succeed (the matrix is not refusing everyone)", async () => {
    expect((await owner.client.get(`/api/orders/${ownerOrderId}`)).status).toBe(200);
    expect(
      (await owner.client.call("POST", `/api/orders/${ownerOrderId}/relatedProducts/${part.productId}`, {})).status,
    ).toBe(200);
    expect(
      (await owner.client.call("DELETE", `/api/checkouts/${ownerCheckoutId}/discountCodes?code=${CODES.percent}`))
        .status,
    ).toBe(200);
    expect((await owner.client.call("DELETE", `/api/checkouts/lineItems/${ownerLineId}`)).status).toBe(200);
  });
});
