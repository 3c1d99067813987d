// Commerce: checkouts (the cart), discount codes, shipping, orders, payment methods (wallet), transactions.

import type { SQL } from "drizzle-orm";
import { relations, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { collections, inventoryLevels, products, variants } from "./catalog.ts";
import { customers, mailingAddresses } from "./customers.ts";

/** `column in ('a', 'b')` for a check constraint; the values are code constants, never input. */
const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Address copied onto a checkout or an order (a snapshot: later edits to the address book do not change it). */
export type AddressSnapshot = {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  zip?: string | null;
  phone?: string | null;
  countryCode?: string | null;
  stateCode?: string | null;
};

export const CHECKOUT_STATUSES = ["open", "completed", "abandoned"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

export const DISCOUNT_KINDS = ["percentage", "fixed_amount", "free_shipping"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const DISCOUNT_SCOPES = ["all", "products", "collections"] as const;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];

/**
 * What happened to the order, in one word for lists and the shopper (services/orders/order-status.ts derives
 * it from the payment and fulfilment states below): placed → paid → partially_fulfilled → fulfilled;
 * partially_refunded / refunded; cancelled.
 */
export const ORDER_STATUSES = [
  "placed",
  "paid",
  "partially_fulfilled",
  "fulfilled",
  "partially_refunded",
  "refunded",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const FULFILLMENT_STATUSES = ["unfulfilled", "partial", "fulfilled"] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

export const TRANSACTION_KINDS = ["authorization", "capture", "sale", "void", "refund"] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const TRANSACTION_STATUSES = ["PENDING", "SUCCESS", "FAILURE"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** Card brands with an icon; any other string is allowed and shows a generic icon. */
export const KNOWN_CARD_BRANDS = ["visa", "mastercard", "american_express", "discover"] as const;

export const shippingPolicies = pgTable("shipping_policies", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  /** Null = no free shipping (the API then answers freeShippingAmount -1). */
  freeShippingThresholdCents: integer(),
  /** Where free shipping applies, e.g. 'US-mainland'. */
  freeShippingRegion: text(),
  isActive: boolean().notNull().default(true),
  createdAt: createdAt(),
});

export const shippingRates = pgTable(
  "shipping_rates",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    policyId: integer()
      .notNull()
      .references(() => shippingPolicies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    // A rate applies when min <= value and (max is null or value < max).
    minSubtotalCents: integer().notNull().default(0),
    maxSubtotalCents: integer(),
    minWeightGrams: integer().notNull().default(0),
    maxWeightGrams: integer(),
    priceCents: integer().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    index("shipping_rates_policy_id_position_idx").on(t.policyId, t.position),
    check("shipping_rates_price_non_negative", sql`${t.priceCents} >= 0`),
  ],
);

/**
 * Sales tax by destination: a row for a state (or province) wins over the country's row (stateCode '').
 * No row means no tax. The rate is in parts per million (72500 = 7.25 %) so rates like 6.625 % stay exact.
 * It applies to the merchandise after discounts; shipping is not taxed.
 */
export const taxRates = pgTable(
  "tax_rates",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    countryCode: text().notNull(),
    stateCode: text().notNull().default(""),
    name: text().notNull(),
    ratePpm: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("tax_rates_country_state_unique").on(t.countryCode, t.stateCode),
    check("tax_rates_rate_range", sql`${t.ratePpm} >= 0 and ${t.ratePpm} < 1000000`),
  ],
);

/** The cart. Its uuid is the last path segment of the checkout webUrl. */
export const checkouts = pgTable(
  "checkouts",
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    email: text(),
    shippingAddress: jsonb().$type<AddressSnapshot>(),
    billingAddress: jsonb().$type<AddressSnapshot>(),
    shippingRateId: integer().references(() => shippingRates.id, { onDelete: "set null" }),
    status: text().$type<CheckoutStatus>().notNull().default("open"),
    ipAddress: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("checkouts_open_customer_id_idx").on(t.customerId).where(sql`${t.status} = 'open'`),
    check("checkouts_status_valid", oneOf(t.status, CHECKOUT_STATUSES)),
  ],
);

export const checkoutLineItems = pgTable(
  "checkout_line_items",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    checkoutId: uuid()
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    inventoryLevelId: integer()
      .notNull()
      .references(() => inventoryLevels.id, { onDelete: "cascade" }),
    variantId: integer()
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    quantity: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One line per inventory level: adding the same level again increases the quantity.
    unique("checkout_line_items_checkout_level_unique").on(t.checkoutId, t.inventoryLevelId),
    index("checkout_line_items_inventory_level_id_idx").on(t.inventoryLevelId),
    index("checkout_line_items_variant_id_idx").on(t.variantId),
    check("checkout_line_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const discountCodes = pgTable(
  "discount_codes",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Stored upper-cased (enforced by a check): compare with upper(input). */
    code: text().notNull().unique(),
    title: text().notNull(),
    kind: text().$type<DiscountKind>().notNull(),
    percentOff: numeric({ precision: 5, scale: 2, mode: "number" }),
    amountOffCents: integer(),
    minimumSubtotalCents: integer().notNull().default(0),
    startsAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp({ withTimezone: true }),
    /** Null = unlimited. */
    usageLimit: integer(),
    usageCount: integer().notNull().default(0),
    /** One redemption per account and per IP address. */
    oncePerCustomer: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    /** 'all' merchandise, or only the products / categories listed in discount_code_products / _collections. */
    appliesTo: text().$type<DiscountScope>().notNull().default("all"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("discount_codes_applies_to_valid", oneOf(t.appliesTo, DISCOUNT_SCOPES)),
    check("discount_codes_code_upper_case", sql`${t.code} = upper(${t.code})`),
    check("discount_codes_kind_valid", oneOf(t.kind, DISCOUNT_KINDS)),
    check(
      "discount_codes_kind_amount",
      sql`(${t.kind} <> 'percentage' or (${t.percentOff} is not null and ${t.percentOff} > 0 and ${t.percentOff} <= 100))
        and (${t.kind} <> 'fixed_amount' or (${t.amountOffCents} is not null and ${t.amountOffCents} > 0))`,
    ),
    check("discount_codes_usage_count_non_negative", sql`${t.usageCount} >= 0`),
  ],
);

/** The products a code with appliesTo = 'products' takes money off. */
export const discountCodeProducts = pgTable(
  "discount_code_products",
  {
    discountCodeId: integer()
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.discountCodeId, t.productId] }),
    index("discount_code_products_product_id_idx").on(t.productId),
  ],
);

/** The categories (with their products) a code with appliesTo = 'collections' takes money off. */
export const discountCodeCollections = pgTable(
  "discount_code_collections",
  {
    discountCodeId: integer()
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    collectionId: integer()
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.discountCodeId, t.collectionId] }),
    index("discount_code_collections_collection_id_idx").on(t.collectionId),
  ],
);

export const checkoutDiscountCodes = pgTable(
  "checkout_discount_codes",
  {
    checkoutId: uuid()
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    discountCodeId: integer()
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.checkoutId, t.discountCodeId] }),
    index("checkout_discount_codes_discount_code_id_idx").on(t.discountCodeId),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderNumber: text().notNull().unique("orders_order_number_unique"),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    /** Unique: placing the same checkout twice yields one order. */
    checkoutId: uuid()
      .unique("orders_checkout_id_unique")
      .references(() => checkouts.id, { onDelete: "set null" }),
    email: text().notNull(),
    status: text().$type<OrderStatus>().notNull().default("placed"),
    /** Payment state as the gateway reports it, e.g. 'pending', 'authorized', 'paid', 'refunded'. */
    financialStatus: text().notNull().default("pending"),
    subtotalCents: integer().notNull(),
    discountCents: integer().notNull().default(0),
    shippingCents: integer().notNull().default(0),
    taxCents: integer().notNull().default(0),
    totalCents: integer().notNull(),
    currency: text().notNull().default("USD"),
    shippingAddress: jsonb().$type<AddressSnapshot>(),
    billingAddress: jsonb().$type<AddressSnapshot>(),
    /** The code as applied (copied: the discount may later be edited or deleted). */
    discountCode: text(),
    ipAddress: text(),
    /** Set when staff must look at the order (a payment dispute opened at the processor); null otherwise. */
    staffFlag: text(),
    /** Whether the goods went out: none, some lines or quantities, or everything still owed. */
    fulfillmentStatus: text().$type<FulfillmentStatus>().notNull().default("unfulfilled"),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    placedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_customer_id_placed_at_idx").on(t.customerId, t.placedAt.desc()),
    index("orders_placed_at_idx").on(t.placedAt),
    check("orders_status_valid", oneOf(t.status, ORDER_STATUSES)),
    check("orders_fulfillment_status_valid", oneOf(t.fulfillmentStatus, FULFILLMENT_STATUSES)),
    index("orders_status_placed_at_idx").on(t.status, t.placedAt),
    check(
      "orders_amounts_non_negative",
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.shippingCents} >= 0 and ${t.taxCents} >= 0 and ${t.totalCents} >= 0`,
    ),
  ],
);

export const orderLineItems = pgTable(
  "order_line_items",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // Catalog links are kept while they exist; the copied fields below keep the order readable after.
    productId: integer().references(() => products.id, { onDelete: "set null" }),
    variantId: integer().references(() => variants.id, { onDelete: "set null" }),
    /**
     * The level the stock was taken from. Deliberately no foreign key: deleting a product cascades to its
     * variants and levels, and a third SET NULL path on this row makes PostgreSQL reject the delete
     * (the row, already updated by the first SET NULL in the same statement, is re-checked against a level
     * that is gone). May point to a deleted level.
     */
    inventoryLevelId: integer(),
    title: text().notNull(),
    variantTitle: text(),
    sku: text(),
    imageUrl: text(),
    quantity: integer().notNull(),
    unitPriceCents: integer().notNull(),
    totalCents: integer().notNull(),
  },
  (t) => [
    index("order_line_items_order_id_idx").on(t.orderId),
    index("order_line_items_product_id_idx").on(t.productId),
    check("order_line_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    discountCodeId: integer()
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    email: text(),
    ipAddress: text(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("discount_redemptions_code_order_unique").on(t.discountCodeId, t.orderId),
    index("discount_redemptions_code_customer_idx").on(t.discountCodeId, t.customerId),
    index("discount_redemptions_code_ip_idx").on(t.discountCodeId, t.ipAddress),
    index("discount_redemptions_code_email_idx").on(t.discountCodeId, t.email),
    index("discount_redemptions_order_id_idx").on(t.orderId),
  ],
);

/** Wallet entries. Soft-deleted (deletedAt) so past transactions keep their link. */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    gateway: text().notNull(),
    /** The gateway's token for the card; never a card number. */
    gatewayToken: text(),
    /** 'visa' | 'mastercard' | 'american_express' | 'discover' | any other (generic icon). */
    brand: text().notNull(),
    last4: char({ length: 4 }),
    expMonth: smallint(),
    expYear: smallint(),
    name: text(),
    billingAddressId: integer().references(() => mailingAddresses.id, { onDelete: "set null" }),
    /** API: isAbtraGiftCard / abtraGiftCardCredit / abtraGiftCardCurrency. Gift cards cannot be deleted. */
    isGiftCard: boolean().notNull().default(false),
    giftCardCreditCents: integer(),
    giftCardCurrency: text(),
    createdAt: createdAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("payment_methods_active_customer_id_idx").on(t.customerId).where(sql`${t.deletedAt} is null`),
    index("payment_methods_billing_address_id_idx").on(t.billingAddressId),
    // One active wallet row per processor card (the page and Stripe's webhook may both report a new card).
    uniqueIndex("payment_methods_active_gateway_token_unique")
      .on(t.gateway, t.gatewayToken)
      .where(sql`${t.deletedAt} is null and ${t.gatewayToken} is not null`),
    check("payment_methods_exp_month_range", sql`${t.expMonth} is null or ${t.expMonth} between 1 and 12`),
  ],
);

export const transactions = pgTable(
  "transactions",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    displayableId: text().notNull().unique("transactions_displayable_id_unique"),
    orderId: integer().references(() => orders.id, { onDelete: "set null" }),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    paymentMethodId: integer().references(() => paymentMethods.id, { onDelete: "set null" }),
    kind: text().$type<TransactionKind>().notNull(),
    status: text().$type<TransactionStatus>().notNull().default("PENDING"),
    /** Null shows as N/A. */
    gateway: text(),
    gatewayReference: text(),
    amountCents: integer().notNull(),
    currency: text().notNull().default("USD"),
    email: text(),
    errorMessage: text(),
    /** Why money went back (refunds: requested_by_customer, duplicate, fraudulent). */
    reason: text(),
    /** The caller's key for a refund: the same key again finds this row instead of refunding twice. */
    idempotencyKey: text().unique("transactions_idempotency_key_unique"),
    createdAt: createdAt(),
  },
  (t) => [
    index("transactions_customer_id_created_at_idx").on(t.customerId, t.createdAt.desc()),
    index("transactions_order_id_idx").on(t.orderId),
    // A payment by the processor's id (webhooks, the payments.settle sweep).
    index("transactions_gateway_reference_idx").on(t.gatewayReference),
    // Authorisations no order holds yet: what the payments.settle sweep looks through.
    index("transactions_open_authorizations_idx")
      .on(t.createdAt)
      .where(sql`${t.kind} = 'authorization' and ${t.orderId} is null`),
    check("transactions_kind_valid", oneOf(t.kind, TRANSACTION_KINDS)),
    check("transactions_status_valid", oneOf(t.status, TRANSACTION_STATUSES)),
  ],
);

/** Processor webhook events already handled: each event id is processed once, a replay changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: createdAt(),
});

export const shippingPoliciesRelations = relations(shippingPolicies, ({ many }) => ({
  rates: many(shippingRates),
}));

export const shippingRatesRelations = relations(shippingRates, ({ one }) => ({
  policy: one(shippingPolicies, { fields: [shippingRates.policyId], references: [shippingPolicies.id] }),
}));

export const checkoutsRelations = relations(checkouts, ({ one, many }) => ({
  customer: one(customers, { fields: [checkouts.customerId], references: [customers.id] }),
  shippingRate: one(shippingRates, { fields: [checkouts.shippingRateId], references: [shippingRates.id] }),
  lineItems: many(checkoutLineItems),
  discountCodes: many(checkoutDiscountCodes),
  order: one(orders),
}));

export const checkoutLineItemsRelations = relations(checkoutLineItems, ({ one }) => ({
  checkout: one(checkouts, { fields: [checkoutLineItems.checkoutId], references: [checkouts.id] }),
  inventoryLevel: one(inventoryLevels, {
    fields: [checkoutLineItems.inventoryLevelId],
    references: [inventoryLevels.id],
  }),
  variant: one(variants, { fields: [checkoutLineItems.variantId], references: [variants.id] }),
}));

export const checkoutDiscountCodesRelations = relations(checkoutDiscountCodes, ({ one }) => ({
  checkout: one(checkouts, { fields: [checkoutDiscountCodes.checkoutId], references: [checkouts.id] }),
  discountCode: one(discountCodes, { fields: [checkoutDiscountCodes.discountCodeId], references: [discountCodes.id] }),
}));

export const discountCodesRelations = relations(discountCodes, ({ many }) => ({
  checkoutDiscountCodes: many(checkoutDiscountCodes),
  redemptions: many(discountRedemptions),
}));

export const discountRedemptionsRelations = relations(discountRedemptions, ({ one }) => ({
  discountCode: one(discountCodes, { fields: [discountRedemptions.discountCodeId], references: [discountCodes.id] }),
  order: one(orders, { fields: [discountRedemptions.orderId], references: [orders.id] }),
  customer: one(customers, { fields: [discountRedemptions.customerId], references: [customers.id] }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  customer: one(customers, { fields: [orders.customerId], references: [customers.id] }),
  checkout: one(checkouts, { fields: [orders.checkoutId], references: [checkouts.id] }),
  lineItems: many(orderLineItems),
  transactions: many(transactions),
  discountRedemptions: many(discountRedemptions),
}));

export const orderLineItemsRelations = relations(orderLineItems, ({ one }) => ({
  order: one(orders, { fields: [orderLineItems.orderId], references: [orders.id] }),
  product: one(products, { fields: [orderLineItems.productId], references: [products.id] }),
  variant: one(variants, { fields: [orderLineItems.variantId], references: [variants.id] }),
  // Declared for relational queries though the column has no foreign key (see above).
  inventoryLevel: one(inventoryLevels, { fields: [orderLineItems.inventoryLevelId], references: [inventoryLevels.id] }),
}));

export const paymentMethodsRelations = relations(paymentMethods, ({ one, many }) => ({
  customer: one(customers, { fields: [paymentMethods.customerId], references: [customers.id] }),
  billingAddress: one(mailingAddresses, {
    fields: [paymentMethods.billingAddressId],
    references: [mailingAddresses.id],
  }),
  transactions: many(transactions),
}));

export const transactionsRelations = relations(transactions, ({ one }) => ({
  order: one(orders, { fields: [transactions.orderId], references: [orders.id] }),
  customer: one(customers, { fields: [transactions.customerId], references: [customers.id] }),
  paymentMethod: one(paymentMethods, { fields: [transactions.paymentMethodId], references: [paymentMethods.id] }),
}));

/** Customer → commerce children (merged by drizzle with customersRelations in customers.ts). */
export const customersCommerceRelations = relations(customers, ({ many }) => ({
  checkouts: many(checkouts),
  orders: many(orders),
  paymentMethods: many(paymentMethods),
  transactions: many(transactions),
}));
