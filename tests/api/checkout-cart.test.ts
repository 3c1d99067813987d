// The cart API over HTTP: lines, stock limits, idempotent replays, concurrent adds, ownership, and the
// checkout that follows a signed-in customer (and the merge of an anonymous cart at sign-in).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { products } from "../../db/schema/catalog.ts";
import { checkouts } from "../../db/schema/commerce.ts";
import {
  CODES,
  createProduct,
  installCommerceFixtures,
  type ProductFixture,
  Shopper,
  signedInCustomer,
} from "../../fixtures/checkout-fixtures.ts";
import { mergeAnonymousCheckout } from "../../services/checkout/checkout-merge.ts";
import { Client, newCustomer, signIn } from "./support/account-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

interface Line {
  id: number;
  currentQuantity: number;
  totalUnitPrice: number;
  productHandle: string;
  title: string;
  imageUrl: string | null;
  sku: string | null;
  inventoryLevelId: number;
  availableForSale: boolean;
  availableQuantity: number;
  bypassNegativeQuantity: boolean;
}
interface Checkout {
  id: string | null;
  webUrl: string | null;
  LineItems: Line[];
  subtotalPrice: number;
  totalPrice: number;
  lineItemsSubtotalPrice: number;
  CheckoutShippingLine: { price: number; title: string } | null;
  DiscountCodes: Array<{ code: string; applicable: boolean; message: string | null; Discount: { title: string } }>;
}
type CheckoutAnswer = { checkout: Checkout; error?: string };

let store: TestStore;
let pump: ProductFixture;
let filter: ProductFixture;
let scarce: ProductFixture;
let unlimited: ProductFixture;
let offSale: ProductFixture;

beforeAll(async () => {
  store = await startTestStore({ products: 0 });
  const db = store.database.db;
  await installCommerceFixtures(db);
  pump = await createProduct(db, { title: "Variable Speed Pump", priceCents: 45_000, available: 500 });
  filter = await createProduct(db, { title: "Cartridge Filter", priceCents: 1999, available: 500 });
  scarce = await createProduct(db, { title: "Heater Igniter", priceCents: 3000, available: 5 });
  unlimited = await createProduct(db, {
    title: "Drop-Ship Cover",
    priceCents: 1000,
    available: 0,
    bypassNegativeQuantity: true,
  });
  offSale = await createProduct(db, { title: "Discontinued Valve", priceCents: 1000, available: 10, forSale: false });
});
afterAll(() => store?.close());

const shopper = (cookie: string | null = null) => new Shopper(store.baseUrl, cookie);
const add = (who: Shopper, levelId: number, quantity = 1, key?: string) =>
  who.call<CheckoutAnswer>("POST", "/api/checkouts/lineItems", { body: { inventoryLevelId: levelId, quantity }, key });

describe("GET /api/checkouts", () => {
  test("a visitor without a cart gets an empty checkout and no cookie", async () => {
    const visitor = shopper();
    const answer = await visitor.call<CheckoutAnswer>("GET", "/api/checkouts");
    expect(answer.status).toBe(200);
    expect(answer.body.checkout).toMatchObject({
      id: null,
      webUrl: null,
      LineItems: [],
      subtotalPrice: 0,
      totalPrice: 0,
    });
    expect(answer.headers.get("set-cookie")).toBeNull();
  });
});

describe("lines", () => {
  test("adding creates the cart (httpOnly cookie) and answers the spec's checkout fields", async () => {
    const visitor = shopper();
    const answer = await add(visitor, filter.levelId, 2);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("set-cookie")).toMatch(/store_sid=.*HttpOnly/i);
    const { checkout } = answer.body;
    expect(checkout.webUrl).toBe(`/checkout/${checkout.id}`);
    expect(checkout.webUrl?.split("/").pop()).toBe(checkout.id);
    expect(checkout.LineItems).toHaveLength(1);
    expect(checkout.LineItems[0]).toMatchObject({
      currentQuantity: 2,
      totalUnitPrice: 19.99,
      productHandle: filter.handle,
      title: "Cartridge Filter",
      inventoryLevelId: filter.levelId,
      availableForSale: true,
      availableQuantity: 500,
      bypassNegativeQuantity: false,
    });
    expect(checkout.LineItems[0].sku).toMatch(/^SKU-/);
    expect(checkout.lineItemsSubtotalPrice).toBe(39.98);
    expect(checkout.subtotalPrice).toBe(39.98);
    // Below the $99 free-shipping amount: the ground band for $25-$50.
    expect(checkout.CheckoutShippingLine).toEqual({ title: "Ground", price: 9.95 });
    expect(checkout.totalPrice).toBe(49.93);

    const again = await visitor.call<CheckoutAnswer>("GET", "/api/checkouts");
    expect(again.body.checkout.id).toBe(checkout.id);
  });

  test("adding the same item again increases the quantity of its line; PUT sets it; 0 removes it", async () => {
    const visitor = shopper();
    await add(visitor, pump.levelId, 1);
    const twice = await add(visitor, pump.levelId, 2);
    expect(twice.body.checkout.LineItems.map((line) => line.currentQuantity)).toEqual([3]);
    // Over $99 to an unknown address: estimated free (mainland US).
    expect(twice.body.checkout.CheckoutShippingLine).toEqual({ title: "Free Ground", price: 0 });

    const set = await visitor.call<CheckoutAnswer>("PUT", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: pump.levelId, quantity: 1 },
    });
    expect(set.status).toBe(200);
    expect(set.body.checkout.LineItems[0].currentQuantity).toBe(1);
    expect(set.body.checkout.totalPrice).toBe(450);

    const removed = await visitor.call<CheckoutAnswer>("PUT", "/api/checkouts/lineItems", {
      body: { lineItems: [{ inventoryLevelId: pump.levelId, quantity: 0 }] },
    });
    expect(removed.body.checkout.LineItems).toEqual([]);
    expect(removed.body.checkout.CheckoutShippingLine).toBeNull();
  });

  test("{lineItems: [...]} adds several items at once; DELETE removes one line", async () => {
    const visitor = shopper();
    const answer = await visitor.call<CheckoutAnswer>("POST", "/api/checkouts/lineItems", {
      body: {
        lineItems: [
          { inventoryLevelId: filter.levelId, quantity: 1 },
          { inventoryLevelId: pump.levelId, quantity: 1 },
          { inventoryLevelId: filter.levelId, quantity: 1 },
        ],
      },
    });
    expect(answer.status).toBe(200);
    const lines = answer.body.checkout.LineItems;
    expect(lines.map((line) => [line.inventoryLevelId, line.currentQuantity])).toEqual([
      [filter.levelId, 2],
      [pump.levelId, 1],
    ]);
    const deleted = await visitor.call<CheckoutAnswer>("DELETE", `/api/checkouts/lineItems/${lines[0].id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.checkout.LineItems.map((line) => line.inventoryLevelId)).toEqual([pump.levelId]);
    const missing = await visitor.call("DELETE", `/api/checkouts/lineItems/${lines[0].id}`);
    expect(missing.status).toBe(404);
  });

  test("POST /api/checkouts/products adds one of each product by handle", async () => {
    const visitor = shopper();
    const answer = await visitor.call<CheckoutAnswer>("POST", "/api/checkouts/products", {
      body: { handles: [filter.handle, pump.handle] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.checkout.LineItems.map((line) => [line.productHandle, line.currentQuantity])).toEqual([
      [filter.handle, 1],
      [pump.handle, 1],
    ]);
    const unknown = await visitor.call<{ error: string }>("POST", "/api/checkouts/products", {
      body: { handles: ["no-such-part"] },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('No product with the handle "no-such-part".');
  });
});

describe("stock", () => {
  test("the quantity cannot exceed the stock; the error names the limit", async () => {
    const visitor = shopper();
    const over = await add(visitor, scarce.levelId, 6);
    expect(over.status).toBe(422);
    expect(over.body.error).toBe("Can't add more than 5");
    await add(visitor, scarce.levelId, 4);
    const more = await add(visitor, scarce.levelId, 2);
    expect(more.status).toBe(422);
    expect(more.body.error).toBe("Can't add more than 5");
    const set = await visitor.call<CheckoutAnswer>("PUT", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: scarce.levelId, quantity: 7 },
    });
    expect(set.body.error).toBe("Can't add more than 5");
    const cart = await visitor.call<CheckoutAnswer>("GET", "/api/checkouts");
    expect(cart.body.checkout.LineItems[0].currentQuantity).toBe(4);
  });

  test("a level that bypasses negative quantity sells without limit", async () => {
    const visitor = shopper();
    const answer = await add(visitor, unlimited.levelId, 50);
    expect(answer.status).toBe(200);
    expect(answer.body.checkout.LineItems[0]).toMatchObject({
      currentQuantity: 50,
      bypassNegativeQuantity: true,
      availableForSale: true,
    });
  });

  test("an item not for sale cannot be added; an unknown level is not found", async () => {
    const visitor = shopper();
    const answer = await add(visitor, offSale.levelId, 1);
    expect(answer.status).toBe(422);
    expect(answer.body.error).toBe("Item is not available for sale");
    const unknown = await add(visitor, 987_654, 1);
    expect(unknown.status).toBe(404);
  });
});

describe("bad input is a 4xx with a message, never a 500", () => {
  test.each([
    ["a string quantity", { inventoryLevelId: 1, quantity: "2" }],
    ["a zero quantity", { inventoryLevelId: 1, quantity: 0 }],
    ["a negative quantity", { inventoryLevelId: 1, quantity: -3 }],
    ["a fractional quantity", { inventoryLevelId: 1, quantity: 1.5 }],
    ["a huge quantity", { inventoryLevelId: 1, quantity: 1e12 }],
    ["no level", { quantity: 1 }],
    ["an empty list", { lineItems: [] }],
    ["a list of junk", { lineItems: ["x"] }],
    ["an array body", [1, 2]],
  ])("%s", async (_name, body) => {
    const answer = await shopper().call<{ error: string }>("POST", "/api/checkouts/lineItems", { body });
    expect(answer.status).toBe(400);
    expect(typeof answer.body.error).toBe("string");
  });

  test("malformed JSON, a bad line id, a bad checkout id", async () => {
    const raw = await fetch(`${store.baseUrl}/api/checkouts/lineItems`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(raw.status).toBe(400);
    expect((await raw.json()).error).toBe("The request body is not valid JSON.");
    expect((await shopper().call("DELETE", "/api/checkouts/lineItems/abc")).status).toBe(400);
    expect((await shopper().call("POST", "/api/checkouts/not-a-uuid/discountCodes?code=X")).status).toBe(404);
    expect((await shopper().call("POST", "/api/checkouts/products", { body: { handles: "x" } })).status).toBe(400);
  });
});

describe("Idempotency-Key", () => {
  test("the same key twice adds once and answers the same body", async () => {
    const visitor = shopper();
    const key = crypto.randomUUID();
    const first = await add(visitor, filter.levelId, 1, key);
    const replay = await add(visitor, filter.levelId, 1, key);
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const cart = await visitor.call<CheckoutAnswer>("GET", "/api/checkouts");
    expect(cart.body.checkout.LineItems.map((line) => line.currentQuantity)).toEqual([1]);
  });

  test("a visitor's very first add, retried with its key before the cookie arrived, still adds once", async () => {
    const visitor = shopper();
    const key = crypto.randomUUID();
    const first = await add(visitor, filter.levelId, 3, key);
    expect(first.status).toBe(200);
    const replay = await add(visitor, filter.levelId, 3, key);
    expect(replay.body).toEqual(first.body);
    expect(replay.body.checkout.LineItems[0].currentQuantity).toBe(3);
  });

  test("PUT, DELETE and discount calls replay too", async () => {
    const visitor = shopper();
    const added = await add(visitor, pump.levelId, 1);
    const checkoutId = added.body.checkout.id as string;
    const lineId = added.body.checkout.LineItems[0].id;

    const putKey = crypto.randomUUID();
    const put = () =>
      visitor.call<CheckoutAnswer>("PUT", "/api/checkouts/lineItems", {
        body: { inventoryLevelId: pump.levelId, quantity: 2 },
        key: putKey,
      });
    const [put1, put2] = [await put(), await put()];
    expect(put2.body).toEqual(put1.body);

    const codeKey = crypto.randomUUID();
    const apply = () =>
      visitor.call<CheckoutAnswer>("POST", `/api/checkouts/${checkoutId}/discountCodes?code=${CODES.percent}`, {
        key: codeKey,
      });
    const [apply1, apply2] = [await apply(), await apply()];
    expect(apply1.status).toBe(200);
    expect(apply2.headers.get("idempotent-replayed")).toBe("true");
    expect(apply2.body).toEqual(apply1.body);

    const removeKey = crypto.randomUUID();
    const remove = () =>
      visitor.call<CheckoutAnswer>("DELETE", `/api/checkouts/${checkoutId}/discountCodes?code=${CODES.percent}`, {
        key: removeKey,
      });
    const [remove1, remove2] = [await remove(), await remove()];
    expect(remove1.status).toBe(200);
    // Without the key the second removal would be a 404 (the code is gone); with it, the first answer.
    expect(remove2.status).toBe(200);
    expect(remove2.body).toEqual(remove1.body);

    const deleteKey = crypto.randomUUID();
    const del = () => visitor.call<CheckoutAnswer>("DELETE", `/api/checkouts/lineItems/${lineId}`, { key: deleteKey });
    const [del1, del2] = [await del(), await del()];
    expect(del1.status).toBe(200);
    expect(del2.status).toBe(200);
    expect(del2.body).toEqual(del1.body);
  });
});

describe("concurrency", () => {
  test("ten simultaneous adds of one item end as one line with the summed quantity", async () => {
    const visitor = await shopper().start();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => add(visitor, pump.levelId, 1, crypto.randomUUID())),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const cart = await visitor.call<CheckoutAnswer>("GET", "/api/checkouts");
    expect(cart.body.checkout.LineItems).toHaveLength(1);
    expect(cart.body.checkout.LineItems[0].currentQuantity).toBe(10);
  });

  test("simultaneous adds beyond the stock stop at the stock; the others are refused with the limit", async () => {
    const db = store.database.db;
    const five = await createProduct(db, { title: "Last Five Gaskets", priceCents: 500, available: 5 });
    const visitor = await shopper().start();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => add(visitor, five.levelId, 1, crypto.randomUUID())),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(422);
      expect(answer.body.error).toBe("Can't add more than 5");
    }
    const cart = await visitor.call<CheckoutAnswer>("GET", "/api/checkouts");
    expect(cart.body.checkout.LineItems.map((line) => line.currentQuantity)).toEqual([5]);
  });

  test("a signed-in customer's parallel first adds share one checkout", async () => {
    const customer = await signedInCustomer(store.database.db);
    const visitor = shopper(customer.cookie);
    const answers = await Promise.all(Array.from({ length: 6 }, () => add(visitor, filter.levelId, 1)));
    for (const answer of answers) expect(answer.status).toBe(200);
    const ids = new Set(answers.map((answer) => answer.body.checkout.id));
    expect(ids.size).toBe(1);
    const cart = await visitor.call<CheckoutAnswer>("GET", "/api/checkouts");
    expect(cart.body.checkout.LineItems[0].currentQuantity).toBe(6);
  });
});

describe("ownership", () => {
  test("one visitor cannot read or change another's checkout", async () => {
    const alice = shopper();
    const bob = shopper();
    const mine = await add(alice, filter.levelId, 1);
    const aliceCheckout = mine.body.checkout;
    await add(bob, pump.levelId, 1);

    const bobCart = await bob.call<CheckoutAnswer>("GET", "/api/checkouts");
    expect(bobCart.body.checkout.id).not.toBe(aliceCheckout.id);
    expect(bobCart.body.checkout.LineItems.map((line) => line.inventoryLevelId)).toEqual([pump.levelId]);

    const apply = await bob.call("POST", `/api/checkouts/${aliceCheckout.id}/discountCodes?code=${CODES.percent}`);
    expect(apply.status).toBe(404);
    const remove = await bob.call("DELETE", `/api/checkouts/${aliceCheckout.id}/discountCodes?code=${CODES.percent}`);
    expect(remove.status).toBe(404);
    const deleteLine = await bob.call("DELETE", `/api/checkouts/lineItems/${aliceCheckout.LineItems[0].id}`);
    expect(deleteLine.status).toBe(404);
    const complete = await bob.call("POST", `/api/checkouts/${aliceCheckout.id}/complete`, {
      body: { card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" } },
    });
    expect(complete.status).toBe(404);
    // A stranger with no cookie at all.
    expect(
      (await shopper().call("POST", `/api/checkouts/${aliceCheckout.id}/discountCodes?code=${CODES.percent}`)).status,
    ).toBe(404);

    const after = await alice.call<CheckoutAnswer>("GET", "/api/checkouts");
    expect(after.body.checkout.LineItems.map((line) => line.currentQuantity)).toEqual([1]);
    expect(after.body.checkout.DiscountCodes).toEqual([]);
  });
});

describe("signed-in customers", () => {
  test("the checkout follows the customer across devices", async () => {
    const db = store.database.db;
    const customer = await signedInCustomer(db);
    const laptop = shopper(customer.cookie);
    await add(laptop, filter.levelId, 2);
    const { createSession } = await import("../../services/session/session-store.ts");
    const phoneSession = await createSession(db, { userId: customer.userId });
    const phone = shopper(`store_sid=${phoneSession.token}`);
    const onPhone = await phone.call<CheckoutAnswer>("GET", "/api/checkouts");
    expect(onPhone.body.checkout.LineItems.map((line) => line.currentQuantity)).toEqual([2]);
    await add(phone, filter.levelId, 1);
    const onLaptop = await laptop.call<CheckoutAnswer>("GET", "/api/checkouts");
    expect(onLaptop.body.checkout.LineItems.map((line) => line.currentQuantity)).toEqual([3]);
  });

  test("at sign-in the anonymous cart merges into the customer's: quantities added, stock kept", async () => {
    const db = store.database.db;
    const customer = await signedInCustomer(db);
    const own = shopper(customer.cookie);
    await add(own, scarce.levelId, 3);
    await add(own, filter.levelId, 1);

    const anonymous = shopper();
    const anonymousCart = await add(anonymous, scarce.levelId, 4);
    await add(anonymous, pump.levelId, 2);
    await anonymous.call(
      "POST",
      `/api/checkouts/${anonymousCart.body.checkout.id}/discountCodes?code=${CODES.percent}`,
    );

    const merged = await mergeAnonymousCheckout(db, {
      anonymousCheckoutId: anonymousCart.body.checkout.id,
      customerId: customer.customerId,
    });
    const cart = await own.call<CheckoutAnswer>("GET", "/api/checkouts");
    expect(cart.body.checkout.id).toBe(merged);
    const quantities = Object.fromEntries(
      cart.body.checkout.LineItems.map((line) => [line.inventoryLevelId, line.currentQuantity]),
    );
    // 3 + 4 of an item with 5 in stock: capped at 5.
    expect(quantities).toEqual({ [scarce.levelId]: 5, [filter.levelId]: 1, [pump.levelId]: 2 });
    expect(cart.body.checkout.DiscountCodes.map((code) => code.code)).toEqual([CODES.percent]);
    const [old] = await db
      .select({ status: checkouts.status })
      .from(checkouts)
      .where(eq(checkouts.id, anonymousCart.body.checkout.id as string));
    expect(old.status).toBe("abandoned");
    // Running it again changes nothing.
    expect(
      await mergeAnonymousCheckout(db, {
        anonymousCheckoutId: anonymousCart.body.checkout.id,
        customerId: customer.customerId,
      }),
    ).toBe(merged);
  });

  test("signing in through the sign-in route merges the browser's anonymous cart: summed, capped, off-sale items left", async () => {
    const db = store.database.db;
    const customer = await newCustomer(store, "merge");
    const own = shopper(customer.client.cookie);
    expect((await add(own, scarce.levelId, 3)).status).toBe(200);
    expect((await add(own, unlimited.levelId, 9000)).status).toBe(200);
    expect((await add(own, filter.levelId, 1)).status).toBe(200);

    const seasonal = await createProduct(db, { title: "Seasonal Opening Kit", priceCents: 2500, available: 10 });
    const anonymous = shopper();
    expect((await add(anonymous, scarce.levelId, 4)).status).toBe(200);
    expect((await add(anonymous, unlimited.levelId, 9000)).status).toBe(200);
    expect((await add(anonymous, pump.levelId, 2)).status).toBe(200);
    expect((await add(anonymous, seasonal.levelId, 1)).status).toBe(200);
    // Taken off sale while it sat in the anonymous cart.
    await db.update(products).set({ availableForSale: false }).where(eq(products.id, seasonal.productId));

    // The same browser signs in: its session cookie carries the anonymous cart.
    const browser = new Client(store);
    browser.cookie = anonymous.cookie as string;
    const signedIn = await signIn(store, customer.email, customer.password, browser);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const cart = await browser.get<CheckoutAnswer>("/api/checkouts");
    expect(cart.status).toBe(200);
    const quantities = Object.fromEntries(
      cart.body.checkout.LineItems.map((line) => [line.inventoryLevelId, line.currentQuantity]),
    );
    // 3 + 4 with 5 in stock: 5. 9000 + 9000 of an item sold regardless of stock: the line maximum, 9999.
    expect(quantities).toEqual({
      [scarce.levelId]: 5,
      [unlimited.levelId]: 9999,
      [filter.levelId]: 1,
      [pump.levelId]: 2,
    });
    // The customer's other devices see the same cart.
    expect((await own.call<CheckoutAnswer>("GET", "/api/checkouts")).body.checkout.id).toBe(cart.body.checkout.id);
  });

  test("a customer without a cart adopts the anonymous one", async () => {
    const db = store.database.db;
    const customer = await signedInCustomer(db);
    const anonymous = shopper();
    const cart = await add(anonymous, filter.levelId, 1);
    const id = await mergeAnonymousCheckout(db, {
      anonymousCheckoutId: cart.body.checkout.id,
      customerId: customer.customerId,
    });
    expect(id).toBe(cart.body.checkout.id);
    expect(await mergeAnonymousCheckout(db, { anonymousCheckoutId: null, customerId: customer.customerId })).toBe(id);
    // The anonymous cookie no longer opens it: it belongs to the customer now; adding starts a new cart.
    const after = await anonymous.call<CheckoutAnswer>("GET", "/api/checkouts");
    expect(after.body.checkout.id).toBeNull();
    const fresh = await add(anonymous, filter.levelId, 1);
    expect(fresh.status).toBe(200);
    expect(fresh.body.checkout.id).not.toBe(id);
    expect(fresh.body.checkout.LineItems.map((line) => line.currentQuantity)).toEqual([1]);
  });
});
