// Content: articles (blog and info pages), help pages, static pages, product Q&A, navigation menus.

import type { SQL } from "drizzle-orm";
import { relations, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { boolean, check, customType, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { collections, type ModerationStatus, products } from "./catalog.ts";
import { customers } from "./customers.ts";

/** `column in ('a', 'b')` for a check constraint; the values are code constants, never input. */
const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const ARTICLE_KINDS = ["blog", "info"] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

export const articles = pgTable(
  "articles",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    handle: text().notNull().unique(),
    /** Id from the old site's /Articles.asp?ID={legacyId}, e.g. 257 shipping details, 355 expert assistance. */
    legacyId: integer().unique("articles_legacy_id_unique"),
    kind: text().$type<ArticleKind>().notNull().default("blog"),
    title: text().notNull(),
    author: text(),
    imageUrl: text(),
    excerpt: text(),
    bodyHtml: text(),
    seoTitle: text(),
    seoDescription: text(),
    isIndexed: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Null = draft. */
    publishedAt: timestamp({ withTimezone: true }).defaultNow(),
  },
  (t) => [
    index("articles_kind_created_at_idx").on(t.kind, t.createdAt.desc()),
    check("articles_kind_valid", oneOf(t.kind, ARTICLE_KINDS)),
  ],
);

export const helpPages = pgTable(
  "help_pages",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    handle: text().notNull().unique(),
    title: text().notNull(),
    category: text(),
    bodyHtml: text(),
    position: integer().notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [index("help_pages_category_position_idx").on(t.category, t.position)],
);

export const pages = pgTable("pages", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  handle: text().notNull().unique(),
  title: text().notNull(),
  bodyHtml: text(),
  seoTitle: text(),
  seoDescription: text(),
  isIndexed: boolean().notNull().default(true),
  updatedAt: updatedAt(),
});

export const questionTopics = pgTable("question_topics", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  handle: text().notNull().unique(),
  title: text().notNull(),
  position: integer().notNull().default(0),
});

export const questions = pgTable(
  "questions",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    displayableId: text().notNull().unique("questions_displayable_id_unique"),
    handle: text().notNull(),
    topicId: integer().references(() => questionTopics.id, { onDelete: "set null" }),
    productId: integer().references(() => products.id, { onDelete: "set null" }),
    title: text().notNull(),
    bodyHtml: text(),
    answerHtml: text(),
    askedBy: text(),
    answeredBy: text(),
    /** Shown on the store; kept equal to status = 'approved'. */
    isPublished: boolean().notNull().default(false),
    /** A shopper's question waits as 'pending' until staff answer and approve it, or reject it. */
    status: text().$type<ModerationStatus>().notNull().default("approved"),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    /** The asker's e-mail, told when the answer is published; never shown. */
    email: text(),
    answeredAt: timestamp({ withTimezone: true }),
    moderatedAt: timestamp({ withTimezone: true }),
    moderatedBy: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index("questions_status_created_at_idx").on(t.status, t.createdAt.desc()),
    check("questions_status_valid", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index("questions_topic_id_created_at_idx").on(t.topicId, t.createdAt.desc()),
    index("questions_product_id_idx").on(t.productId),
    index("questions_handle_idx").on(t.handle),
  ],
);

export const navMenus = pgTable("nav_menus", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  handle: text().notNull().unique(),
  title: text().notNull(),
});

export const navItems = pgTable(
  "nav_items",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    menuId: integer()
      .notNull()
      .references(() => navMenus.id, { onDelete: "cascade" }),
    /** Null for a top-level item. */
    parentId: integer().references((): AnyPgColumn => navItems.id, { onDelete: "cascade" }),
    title: text().notNull(),
    url: text(),
    position: integer().notNull().default(0),
    /** When set, the item stands for this collection (url derived from its handle). */
    collectionId: integer().references(() => collections.id, { onDelete: "set null" }),
    /** Null = the default of 8 children. */
    maxChildItemsToDisplay: integer(),
  },
  (t) => [
    index("nav_items_menu_id_parent_id_position_idx").on(t.menuId, t.parentId, t.position),
    index("nav_items_parent_id_idx").on(t.parentId),
  ],
);

/**
 * Settings staff edit in the back office, one row per key (the theme's hero slides, announcement bar,
 * featured products, footer links, exit-intent offer; shipping and tax settings). A key with no row
 * falls back to config/store.json, which stays the default of a new store.
 */
export const storeSettings = pgTable("store_settings", {
  key: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updatedAt: updatedAt(),
  /** The staff member who saved it last. */
  updatedBy: integer(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Pictures uploaded for articles and help pages, served at /content-images/{id}. Kept in the database
 * so every instance serves them. */
export const contentImages = pgTable("content_images", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  contentType: text().notNull(),
  fileName: text().notNull(),
  bytes: bytea().notNull(),
  createdAt: createdAt(),
  createdBy: integer(),
});

export const questionTopicsRelations = relations(questionTopics, ({ many }) => ({
  questions: many(questions),
}));

export const questionsRelations = relations(questions, ({ one }) => ({
  topic: one(questionTopics, { fields: [questions.topicId], references: [questionTopics.id] }),
  product: one(products, { fields: [questions.productId], references: [products.id] }),
}));

export const navMenusRelations = relations(navMenus, ({ many }) => ({
  items: many(navItems),
}));

export const navItemsRelations = relations(navItems, ({ one, many }) => ({
  menu: one(navMenus, { fields: [navItems.menuId], references: [navMenus.id] }),
  parent: one(navItems, { fields: [navItems.parentId], references: [navItems.id], relationName: "navItemParent" }),
  children: many(navItems, { relationName: "navItemParent" }),
  collection: one(collections, { fields: [navItems.collectionId], references: [collections.id] }),
}));
