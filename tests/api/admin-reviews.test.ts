// Shoppers' reviews and questions over HTTP: written from the product page (bot check, rate limits),
// held until staff decide in the back office, then shown with the product's new rating and count
// (product API, listing search data); every decision in the audit log.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { orderLineItems, orders } from "../../db/schema/commerce.ts";
import { auditLog } from "../../db/schema/staff.ts";
import { createProduct, installCommerceFixtures, type ProductFixture } from "../../fixtures/checkout-fixtures.ts";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { FEEDBACK_LIMITS } from "../../services/reviews/feedback-limits.ts";
import { botToken, Client, newCustomer } from "./support/account-helpers.ts";
import { type CookieClient, signInStaff } from "./support/staff-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
let manager: CookieClient;
let part: ProductFixture;
let ipCounter = 20;

beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 0, trustProxy: 1 });
  await installCommerceFixtures(store.database.db);
  part = await createProduct(store.database.db, { title: "Pump Basket", priceCents: 2500, available: 100 });
  manager = await signInStaff(store, "manager");
});
afterAll(() => store?.close());

/** A shopper from an address of its own (X-Forwarded-For through one trusted proxy). */
function visitor(client = new Client(store)) {
  const ip = `198.51.100.${ipCounter++}`;
  return {
    client,
    post: (path: string, body: unknown) => client.call("POST", path, body, { "x-forwarded-for": ip }),
  };
}

const review = (stars: number, title = "Fits like the original") => ({
  starsRating: stars,
  title,
  body: "Dropped right into my Hayward pump housing. The lid seals fine.",
  authorName: "Dana P.",
});

async function productOf(handle: string) {
  const { body } = await store.json<{
    product: {
      avgRating: number;
      totalReviews: number;
      Reviews: Array<{ id: number; title: string; verifiedPurchase: boolean }>;
    };
  }>(`/api/products/handle/${handle}`);
  return body.product;
}

describe("a shopper's review", () => {
  test("needs the bot check", async () => {
    const shopper = visitor();
    const missing = await shopper.post(`/api/products/${part.productId}/reviews`, review(5));
    expect(missing.status).toBe(400);
    expect(String(missing.body.error)).toMatch(/bot check/i);
    const wrongAction = await shopper.post(`/api/products/${part.productId}/reviews`, {
      ...review(5),
      token: await botToken(store, "question"),
    });
    expect(wrongAction.status).toBe(400);
  });

  test("is refused with a message per field when the form is wrong", async () => {
    const shopper = visitor();
    const answer = await shopper.post(`/api/products/${part.productId}/reviews`, {
      ...review(9),
      token: await botToken(store, "review"),
    });
    expect(answer.status).toBe(400);
    expect(String(answer.body.error)).toContain("Choose a rating from 1 to 5 stars.");
    const gone = await shopper.post("/api/products/999999/reviews", {
      ...review(4),
      token: await botToken(store, "review"),
    });
    expect(gone.status).toBe(404);
  });

  test("waits for approval, then shows with the new rating and count", async () => {
    const before = await productOf(part.handle);
    expect(before.totalReviews).toBe(0);

    const first = await visitor().post(`/api/products/${part.productId}/reviews`, {
      ...review(5),
      token: await botToken(store, "review"),
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ review: { status: "pending", verifiedPurchase: false } });
    const second = await visitor().post(`/api/products/${part.productId}/reviews`, {
      ...review(2, "Lid was loose"),
      token: await botToken(store, "review"),
    });
    const firstId = (first.body.review as { id: number }).id;
    const secondId = (second.body.review as { id: number }).id;

    // Nothing shows while it waits.
    const waiting = await productOf(part.handle);
    expect(waiting.totalReviews).toBe(0);
    expect(waiting.Reviews).toEqual([]);
    const pending = await manager.get<{ reviews: Array<{ id: number }>; counts: { pending: number } }>(
      "/api/admin/reviews?status=pending",
    );
    expect(pending.body.reviews.map((r) => r.id)).toEqual(expect.arrayContaining([firstId, secondId]));

    const approved = await manager.call("POST", `/api/admin/reviews/${firstId}/status`, { status: "approved" });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ product: { avgRating: 5, totalReviews: 1 } });
    const shown = await productOf(part.handle);
    expect(shown).toMatchObject({ avgRating: 5, totalReviews: 1 });
    expect(shown.Reviews.map((r) => r.title)).toEqual(["Fits like the original"]);

    await manager.call("POST", `/api/admin/reviews/${secondId}/status`, { status: "approved" });
    expect(await productOf(part.handle)).toMatchObject({ avgRating: 3.5, totalReviews: 2 });

    // The listing's search data follows: sorted by rating, the product carries its new figures.
    const listed = await store.json<{ products: Array<{ id: number; avgRating: number; totalReviews: number }> }>(
      "/api/products/filter?q=pump%20basket&limit=8",
    );
    expect(listed.body.products.find((p) => p.id === part.productId)).toMatchObject({
      avgRating: 3.5,
      totalReviews: 2,
    });

    // Approving twice changes nothing; rejecting takes it back out of the count.
    const again = await manager.call("POST", `/api/admin/reviews/${secondId}/status`, { status: "approved" });
    expect(again.body).toMatchObject({ product: { totalReviews: 2 } });
    await manager.call("POST", `/api/admin/reviews/${secondId}/status`, { status: "rejected" });
    expect(await productOf(part.handle)).toMatchObject({ avgRating: 5, totalReviews: 1 });

    const entries = await store.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "review"), eq(auditLog.entityId, String(secondId))));
    expect(entries.map((e) => e.action)).toEqual(["review.approve", "review.reject"]);
  });

  test("of a buyer is a verified purchase, once per customer", async () => {
    const buyer = await newCustomer(store, "reviewer");
    const [order] = await store.database.db
      .insert(orders)
      .values({
        orderNumber: `T-${Date.now()}`,
        customerId: buyer.customerId,
        email: buyer.email,
        status: "paid",
        financialStatus: "paid",
        subtotalCents: 2500,
        totalCents: 2500,
      })
      .returning({ id: orders.id });
    await store.database.db.insert(orderLineItems).values({
      orderId: order.id,
      productId: part.productId,
      variantId: part.variantId,
      title: part.title,
      quantity: 1,
      unitPriceCents: 2500,
      totalCents: 2500,
    });
    const shopper = visitor(buyer.client);
    const answer = await shopper.post(`/api/products/${part.productId}/reviews`, {
      ...review(4),
      token: await botToken(store, "review"),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ review: { verifiedPurchase: true } });
    const twice = await shopper.post(`/api/products/${part.productId}/reviews`, {
      ...review(4),
      token: await botToken(store, "review"),
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("You have already reviewed this product. Thank you!");
  });

  test("is rate limited per address", async () => {
    const shopper = visitor();
    const statuses: number[] = [];
    for (let i = 0; i <= FEEDBACK_LIMITS.perIp; i++) {
      const answer = await shopper.post(`/api/products/${part.productId}/reviews`, {
        ...review(3, `Review number ${i}`),
        token: await botToken(store, "review"),
      });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(String(answer.body.error)).toMatch(/Too many reviews/);
      }
    }
    expect(statuses.slice(0, FEEDBACK_LIMITS.perIp).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("a shopper's question", () => {
  test("waits for an answer, then shows on the product", async () => {
    const asked = await visitor().post(`/api/products/${part.productId}/questions`, {
      question: "Does this basket fit a Hayward Super Pump SP2607X10?",
      askedBy: "Lee",
      email: "lee@example.com",
      token: await botToken(store, "question"),
    });
    expect(asked.status).toBe(200);
    const id = (asked.body.question as { id: number }).id;
    const listed = () =>
      store.json<{ questions: Array<{ question: string; answerHtml: string }> }>(
        `/api/products/${part.productId}/questions`,
      );
    expect((await listed()).body.questions).toEqual([]);

    const noAnswer = await manager.call("POST", `/api/admin/questions/${id}`, { status: "approved" });
    expect(noAnswer.status).toBe(400);
    expect(noAnswer.body.error).toMatch(/Write an answer/);

    const answered = await manager.call("POST", `/api/admin/questions/${id}`, {
      answer: "Yes: it fits every Super Pump.\n\nOrder the lid gasket too.",
      status: "approved",
    });
    expect(answered.status).toBe(200);
    const shown = (await listed()).body.questions;
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      question: "Does this basket fit a Hayward Super Pump SP2607X10?",
      answerHtml: "<p>Yes: it fits every Super Pump.</p><p>Order the lid gasket too.</p>",
    });
  });

  test("needs the bot check and is rate limited", async () => {
    const shopper = visitor();
    const missing = await shopper.post(`/api/products/${part.productId}/questions`, {
      question: "Is this the right size for my pump?",
      askedBy: "Sam",
    });
    expect(missing.status).toBe(400);
    let last = 0;
    for (let i = 0; i <= FEEDBACK_LIMITS.perIp; i++) {
      const answer = await shopper.post(`/api/products/${part.productId}/questions`, {
        question: `Is this the right size for pump number ${i}?`,
        askedBy: "Sam",
        token: await botToken(store, "question"),
      });
      last = answer.status;
    }
    expect(last).toBe(429);
  });

  test("staff without the permission cannot decide", async () => {
    const support = await signInStaff(store, "support");
    expect((await support.get("/api/admin/questions")).status).toBe(403);
    expect((await new Client(store).get("/api/admin/reviews")).status).toBe(401);
  });
});
