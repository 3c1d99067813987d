// Ownership matrix: for every endpoint that carries a user, customer, address, payment method or
// transaction id, another signed-in customer gets 403 (someone else's user/customer id in the path) or
// 404 (someone else's address or payment method under their own id), an anonymous caller gets 401, and
// the owner's data is unchanged afterwards.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { paymentMethods, transactions } from "../../db/schema/commerce.ts";
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
          token: await botToken(store),
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
