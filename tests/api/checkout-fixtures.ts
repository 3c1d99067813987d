// Fixtures for the checkout and order tests and the cart benchmark: products with known prices and stock,
// a shipping policy like the demo store's, a few countries, and discount codes for each rule. Written
// directly (no demo seed), so every number a test asserts is visible here.
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  inventoryItems,
  inventoryLevels,
  inventoryLocations,
  productImages,
  products,
  variants,
} from "../../db/schema/catalog.ts";
import { discountCodes, shippingPolicies, shippingRates } from "../../db/schema/commerce.ts";
import { countries, customers, states, users } from "../../db/schema/customers.ts";
import { createSession } from "../../services/session/session-store.ts";

let sequence = 0;

export interface ProductSpec {
  title?: string;
  priceCents: number;
  available: number;
  bypassNegativeQuantity?: boolean;
  freeShippingEligible?: boolean;
  oversized?: boolean;
  weightGrams?: number;
  forSale?: boolean;
  /** More variants of the same product (each with its own level); the first spec is 'Default Title' unless given. */
  variantTitle?: string;
}

export interface ProductFixture {
  productId: number;
  handle: string;
  variantId: number;
  levelId: number;
  title: string;
  priceCents: number;
}

async function locationId(db: Database): Promise<number> {
  const [existing] = await db.select({ id: inventoryLocations.id }).from(inventoryLocations).limit(1);
  if (existing) return existing.id;
  const [created] = await db
    .insert(inventoryLocations)
    .values({ name: "Test Warehouse" })
    .returning({ id: inventoryLocations.id });
  return created.id;
}

export async function createProduct(db: Database, spec: ProductSpec): Promise<ProductFixture> {
  sequence++;
  const title = spec.title ?? `Test Pump Part ${sequence}`;
  const handle = `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${sequence}-${Math.random().toString(36).slice(2, 7)}`;
  const forSale = spec.forSale ?? true;
  const [product] = await db
    .insert(products)
    .values({
      handle,
      title,
      minPriceCents: spec.priceCents,
      maxPriceCents: spec.priceCents,
      availableForSale: forSale,
      freeShippingEligible: spec.freeShippingEligible ?? true,
      oversized: spec.oversized ?? false,
      weightGrams: spec.weightGrams ?? 1000,
      productCode: `TP-${sequence}`,
    })
    .returning({ id: products.id });
  await db.insert(productImages).values({ productId: product.id, url: "/img/no-image.svg", altText: title });
  const [variant] = await db
    .insert(variants)
    .values({
      productId: product.id,
      title: spec.variantTitle ?? "Default Title",
      priceCents: spec.priceCents,
      sku: `SKU-${sequence}`,
      availableForSale: forSale,
    })
    .returning({ id: variants.id });
  const [item] = await db
    .insert(inventoryItems)
    .values({ variantId: variant.id, sku: `SKU-${sequence}` })
    .returning({ id: inventoryItems.id });
  const [level] = await db
    .insert(inventoryLevels)
    .values({
      inventoryItemId: item.id,
      locationId: await locationId(db),
      available: spec.available,
      bypassNegativeQuantity: spec.bypassNegativeQuantity ?? false,
    })
    .returning({ id: inventoryLevels.id });
  return {
    productId: product.id,
    handle,
    variantId: variant.id,
    levelId: level.id,
    title,
    priceCents: spec.priceCents,
  };
}

export async function stockOf(db: Database, levelId: number): Promise<number> {
  const [row] = await db
    .select({ available: inventoryLevels.available })
    .from(inventoryLevels)
    .where(eq(inventoryLevels.id, levelId));
  return row.available;
}

/** The demo store's policy shape: free ground over $99 to the mainland US, ground bands below, air services. */
export const FIXTURE_RATES = [
  {
    name: "Ground",
    minSubtotalCents: 0,
    maxSubtotalCents: 2500,
    minWeightGrams: 0,
    maxWeightGrams: 9072,
    priceCents: 795,
  },
  {
    name: "Ground",
    minSubtotalCents: 2500,
    maxSubtotalCents: 5000,
    minWeightGrams: 0,
    maxWeightGrams: 9072,
    priceCents: 995,
  },
  {
    name: "Ground",
    minSubtotalCents: 5000,
    maxSubtotalCents: 9900,
    minWeightGrams: 0,
    maxWeightGrams: 9072,
    priceCents: 1295,
  },
  {
    name: "Ground (heavy)",
    minSubtotalCents: 0,
    maxSubtotalCents: 9900,
    minWeightGrams: 9072,
    maxWeightGrams: null,
    priceCents: 2495,
  },
  {
    name: "Free Ground",
    minSubtotalCents: 9900,
    maxSubtotalCents: null,
    minWeightGrams: 0,
    maxWeightGrams: null,
    priceCents: 0,
  },
  {
    name: "2-Day Air",
    minSubtotalCents: 0,
    maxSubtotalCents: null,
    minWeightGrams: 0,
    maxWeightGrams: 9072,
    priceCents: 2995,
  },
] as const;

export const CODES = {
  percent: "TEST-PCT10",
  fixed: "TEST-OFF25",
  freeShipping: "TEST-FREESHIP",
  expired: "TEST-EXPIRED",
  future: "TEST-FUTURE",
  inactive: "TEST-OFF",
  once: "TEST-FIRST",
  limited: "TEST-LIMIT3",
} as const;

export async function installCommerceFixtures(db: Database): Promise<void> {
  const [policy] = await db
    .insert(shippingPolicies)
    .values({ name: "Test US Shipping", freeShippingThresholdCents: 9900, freeShippingRegion: "US-mainland" })
    .returning({ id: shippingPolicies.id });
  await db
    .insert(shippingRates)
    .values(FIXTURE_RATES.map((rate, position) => ({ ...rate, policyId: policy.id, position })));
  await db.insert(countries).values([
    { code: "US", title: "United States", position: 1, requiresState: true },
    { code: "CA", title: "Canada", position: 2, requiresState: true },
    { code: "IE", title: "Ireland", position: 3, requiresState: false },
  ]);
  await db.insert(states).values([
    { countryCode: "US", code: "CA", title: "California" },
    { countryCode: "US", code: "TX", title: "Texas" },
    { countryCode: "US", code: "HI", title: "Hawaii" },
    { countryCode: "US", code: "AK", title: "Alaska" },
    { countryCode: "CA", code: "ON", title: "Ontario" },
  ]);
  const day = 24 * 60 * 60 * 1000;
  await db.insert(discountCodes).values([
    { code: CODES.percent, title: "10% off", kind: "percentage", percentOff: 10 },
    {
      code: CODES.fixed,
      title: "$25 off orders over $100",
      kind: "fixed_amount",
      amountOffCents: 2500,
      minimumSubtotalCents: 10000,
    },
    { code: CODES.freeShipping, title: "Free shipping", kind: "free_shipping" },
    {
      code: CODES.expired,
      title: "Expired",
      kind: "percentage",
      percentOff: 15,
      startsAt: new Date(Date.now() - 30 * day),
      endsAt: new Date(Date.now() - day),
    },
    {
      code: CODES.future,
      title: "Not yet",
      kind: "percentage",
      percentOff: 15,
      startsAt: new Date(Date.now() + 10 * day),
    },
    { code: CODES.inactive, title: "Retired", kind: "percentage", percentOff: 20, isActive: false },
    { code: CODES.once, title: "10% off your first order", kind: "percentage", percentOff: 10, oncePerCustomer: true },
    { code: CODES.limited, title: "$5 off, 3 uses", kind: "fixed_amount", amountOffCents: 500, usageLimit: 3 },
  ]);
}

/** A signed-in customer: a user, their customer record and a session; the token goes in the store_sid cookie. */
export async function signedInCustomer(db: Database, email = `pat${++sequence}@example.com`) {
  const [user] = await db.insert(users).values({ email, passwordHash: "not-a-real-hash" }).returning({ id: users.id });
  const [customer] = await db.insert(customers).values({ userId: user.id, email }).returning({ id: customers.id });
  const { token } = await createSession(db, { userId: user.id });
  return { userId: user.id, customerId: customer.id, email, cookie: `store_sid=${token}` };
}

export const MAINLAND_ADDRESS = {
  firstName: "Pat",
  lastName: "Doe",
  address1: "1 Main St",
  city: "Austin",
  countryCode: "US",
  stateCode: "TX",
  zip: "78701",
  phone: "+1 512 555 0147",
};

export const APPROVED_CARD = {
  number: "4242 4242 4242 4242",
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: "123",
};
export const DECLINED_CARD = { ...APPROVED_CARD, number: "4000 0000 0000 0002" };
export const FAILING_CARD = { ...APPROVED_CARD, number: "4000 0000 0000 0119" };

type Json = Record<string, unknown>;
export interface ApiAnswer<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A browser-like client: keeps the session cookie the store sets, sends JSON, and an Idempotency-Key when
 * asked. One Shopper is one visitor.
 */
export class Shopper {
  cookie: string | null;
  readonly baseUrl: string;
  constructor(baseUrl: string, cookie: string | null = null) {
    this.baseUrl = baseUrl;
    this.cookie = cookie;
  }

  async call<T = Json>(
    method: string,
    path: string,
    options: { body?: unknown; key?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { accept: "application/json", ...options.headers };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    if (options.key) headers["idempotency-key"] = options.key;
    if (this.cookie) headers.cookie = this.cookie;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie?.startsWith("store_sid=")) {
      const value = setCookie.split(";")[0];
      this.cookie = value === "store_sid=" ? null : value;
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: response.status, body: body as T, headers: response.headers };
  }

  /** A first request so the visitor has a session cookie (as a browser would after its first page). */
  async start(): Promise<this> {
    // Setting a quantity opens the visitor's session and an empty cart (no item has this id); nothing else.
    if (!this.cookie) {
      await this.call("PUT", "/api/checkouts/lineItems", { body: { inventoryLevelId: 999999999, quantity: 0 } });
    }
    if (!this.cookie) throw new Error("the store opened no session");
    return this;
  }
}
