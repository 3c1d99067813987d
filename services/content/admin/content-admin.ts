// Content in the back office: the storefront's editable parts (saved over config/store.json), articles
// (blog posts and information pages) and help pages with sanitised rich text, and uploaded pictures.
// Every write is audited in its own transaction and announced once committed (kind 'settings' for the
// storefront parts, 'content' for pages), so the next page shows it.
import { and, asc, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { articles, contentImages, helpPages, storeSettings } from "../../../db/schema/content.ts";
import type {
  ArticleForm,
  ContentListQuery,
  HelpPageForm,
  StoreContent,
  StoreContentKey,
} from "../../../shared/admin/content.ts";
import { CONTENT_IMAGE_MAX_BYTES, type CONTENT_IMAGE_TYPES } from "../../../shared/admin/content.ts";
import type { StoreConfig } from "../../../shared/store-config.ts";
import { type AuditActor, recordAudit } from "../../audit/audit-log.ts";
import type { StoreChangeFeed } from "../../changes/store-changes.ts";
import { Conflict, InvalidInput, NotFound } from "../../errors.ts";
import { CONTENT_KEY_PREFIX, contentFromFile, loadSavedContent } from "../store-content.ts";
import { isBlankHtml, sanitizeRichText } from "./rich-text.ts";

export interface ContentAdminDeps {
  db: Database;
  changes: StoreChangeFeed;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---------------------------------------------------------------------------------------------------
// The storefront's editable parts

export interface StoreContentState {
  /** What the storefront shows now. */
  content: StoreContent;
  /** The file's values, the default of each part. */
  defaults: StoreContent;
  /** The parts staff saved (the others follow the file). */
  saved: StoreContentKey[];
}

export async function getStoreContent(db: Database, store: StoreConfig): Promise<StoreContentState> {
  const saved = await loadSavedContent(db);
  const defaults = contentFromFile(store);
  return { content: { ...defaults, ...saved }, defaults, saved: Object.keys(saved) as StoreContentKey[] };
}

/** Saves the parts given (the others stay); a part equal to what is saved already is not written again. */
export async function saveStoreContent(
  deps: ContentAdminDeps,
  actor: AuditActor,
  store: StoreConfig,
  patch: Partial<StoreContent>,
): Promise<StoreContentState> {
  const changed = await deps.db.transaction(async (tx) => {
    const keys = Object.keys(patch) as StoreContentKey[];
    const rows = await tx
      .select({ key: storeSettings.key, value: storeSettings.value })
      .from(storeSettings)
      .where(
        inArray(
          storeSettings.key,
          keys.map((key) => `${CONTENT_KEY_PREFIX}${key}`),
        ),
      )
      .for("update");
    const current = new Map(rows.map((row) => [row.key.slice(CONTENT_KEY_PREFIX.length), row.value]));
    const defaults = contentFromFile(store);
    const written: StoreContentKey[] = [];
    for (const key of keys) {
      const value = patch[key];
      const before = current.has(key) ? current.get(key) : defaults[key];
      if (JSON.stringify(before) === JSON.stringify(value)) continue;
      await tx
        .insert(storeSettings)
        .values({ key: `${CONTENT_KEY_PREFIX}${key}`, value, updatedBy: actor.staffId })
        .onConflictDoUpdate({
          target: storeSettings.key,
          set: { value, updatedAt: new Date(), updatedBy: actor.staffId },
        });
      await recordAudit(tx, {
        ...actor,
        action: "content.settings.update",
        entity: "store_content",
        entityId: key,
        before,
        after: value,
      });
      written.push(key);
    }
    return written;
  });
  if (changed.length > 0) await deps.changes.publish({ kind: "settings", ids: changed });
  return getStoreContent(deps.db, store);
}

/** Forgets what staff saved for one part: the file's value shows again. */
export async function resetStoreContent(
  deps: ContentAdminDeps,
  actor: AuditActor,
  store: StoreConfig,
  key: StoreContentKey,
): Promise<StoreContentState> {
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(storeSettings)
      .where(eq(storeSettings.key, `${CONTENT_KEY_PREFIX}${key}`))
      .returning({ value: storeSettings.value });
    if (!row) return false;
    await recordAudit(tx, {
      ...actor,
      action: "content.settings.reset",
      entity: "store_content",
      entityId: key,
      before: row.value,
      after: contentFromFile(store)[key],
    });
    return true;
  });
  if (removed) await deps.changes.publish({ kind: "settings", ids: [key] });
  return getStoreContent(deps.db, store);
}

// ---------------------------------------------------------------------------------------------------
// Articles

export interface AdminArticleSummary {
  id: number;
  handle: string;
  kind: "blog" | "info";
  title: string;
  author: string | null;
  published: boolean;
  publishedAt: string | null;
  updatedAt: string;
}

export interface AdminArticle extends AdminArticleSummary {
  imageUrl: string | null;
  excerpt: string | null;
  bodyHtml: string;
  seoTitle: string | null;
  seoDescription: string | null;
}

export const ARTICLE_NOT_FOUND = "This article does not exist any more. Reload the list.";
export const HELP_PAGE_NOT_FOUND = "This help page does not exist any more. Reload the list.";

export async function listAdminArticles(
  db: Database,
  query: ContentListQuery,
): Promise<{ articles: AdminArticleSummary[]; total: number }> {
  const where: SQL | undefined = query.q
    ? or(ilike(articles.title, likePattern(query.q)), ilike(articles.handle, likePattern(query.q)))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: articles.id,
        handle: articles.handle,
        kind: articles.kind,
        title: articles.title,
        author: articles.author,
        publishedAt: articles.publishedAt,
        updatedAt: articles.updatedAt,
      })
      .from(articles)
      .where(where)
      .orderBy(desc(articles.updatedAt), desc(articles.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(articles).where(where),
  ]);
  return {
    articles: rows.map((row) => ({
      ...row,
      published: row.publishedAt !== null,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    })),
    total: total?.count ?? 0,
  };
}

type Reader = Pick<Database, "select">;

async function loadArticle(db: Reader, id: number): Promise<AdminArticle | null> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id));
  if (!row) return null;
  return {
    id: row.id,
    handle: row.handle,
    kind: row.kind,
    title: row.title,
    author: row.author,
    imageUrl: row.imageUrl,
    excerpt: row.excerpt,
    bodyHtml: row.bodyHtml ?? "",
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    published: row.publishedAt !== null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getAdminArticle(db: Database, id: number): Promise<AdminArticle> {
  const article = await loadArticle(db, id);
  if (!article) throw new NotFound(ARTICLE_NOT_FOUND);
  return article;
}

function cleanBody(html: string): string {
  const clean = sanitizeRichText(html);
  if (isBlankHtml(clean)) throw new InvalidInput("Write the text before saving: the page would be empty.");
  return clean;
}

async function assertArticleHandleFree(db: Reader, handle: string, exceptId?: number): Promise<void> {
  const [other] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      exceptId === undefined
        ? eq(articles.handle, handle)
        : and(eq(articles.handle, handle), ne(articles.id, exceptId)),
    );
  if (other) throw new Conflict(`Another article already uses the address "${handle}". Choose another.`);
}

function articleColumns(form: ArticleForm, bodyHtml: string) {
  return {
    title: form.title,
    handle: form.handle,
    kind: form.kind,
    author: form.author,
    imageUrl: form.imageUrl,
    excerpt: form.excerpt,
    bodyHtml,
    seoTitle: form.seoTitle,
    seoDescription: form.seoDescription,
  };
}

export async function createArticle(
  deps: ContentAdminDeps,
  actor: AuditActor,
  form: ArticleForm,
): Promise<AdminArticle> {
  const bodyHtml = cleanBody(form.bodyHtml);
  const article = await deps.db.transaction(async (tx) => {
    await assertArticleHandleFree(tx, form.handle);
    const [row] = await tx
      .insert(articles)
      .values({ ...articleColumns(form, bodyHtml), publishedAt: form.published ? new Date() : null })
      .returning({ id: articles.id });
    const created = (await loadArticle(tx, row.id)) as AdminArticle;
    await recordAudit(tx, {
      ...actor,
      action: "article.create",
      entity: "article",
      entityId: row.id,
      before: null,
      after: created,
    });
    return created;
  });
  if (article.published) await deps.changes.publish({ kind: "content", ids: [article.id] });
  return article;
}

export async function updateArticle(
  deps: ContentAdminDeps,
  actor: AuditActor,
  id: number,
  form: ArticleForm,
): Promise<AdminArticle> {
  const bodyHtml = cleanBody(form.bodyHtml);
  const result = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: articles.id }).from(articles).where(eq(articles.id, id)).for("update");
    if (!locked) throw new NotFound(ARTICLE_NOT_FOUND);
    const before = (await loadArticle(tx, id)) as AdminArticle;
    await assertArticleHandleFree(tx, form.handle, id);
    const columns = articleColumns(form, bodyHtml);
    const same =
      before.published === form.published &&
      (Object.keys(columns) as (keyof typeof columns)[]).every(
        (key) => (before as unknown as Record<string, unknown>)[key] === columns[key],
      );
    if (same) return { article: before, wasVisible: before.published, changed: false };
    const now = new Date();
    await tx
      .update(articles)
      .set({
        ...columns,
        updatedAt: now,
        // Publishing keeps the first publication date; unpublishing makes it a draft again.
        publishedAt: form.published ? (before.publishedAt ? new Date(before.publishedAt) : now) : null,
      })
      .where(eq(articles.id, id));
    const after = (await loadArticle(tx, id)) as AdminArticle;
    await recordAudit(tx, { ...actor, action: "article.update", entity: "article", entityId: id, before, after });
    return { article: after, wasVisible: before.published, changed: true };
  });
  if (result.changed && (result.wasVisible || result.article.published)) {
    await deps.changes.publish({ kind: "content", ids: [id] });
  }
  return result.article;
}

export async function deleteArticle(deps: ContentAdminDeps, actor: AuditActor, id: number): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    const before = await loadArticle(tx, id);
    if (!before) return null;
    await tx.delete(articles).where(eq(articles.id, id));
    await recordAudit(tx, { ...actor, action: "article.delete", entity: "article", entityId: id, before, after: null });
    return before;
  });
  if (deleted?.published) await deps.changes.publish({ kind: "content", ids: [id] });
}

// ---------------------------------------------------------------------------------------------------
// Help pages

export interface AdminHelpPage {
  id: number;
  handle: string;
  title: string;
  category: string | null;
  bodyHtml: string;
  position: number;
  updatedAt: string;
}

export async function listAdminHelpPages(
  db: Database,
  query: ContentListQuery,
): Promise<{ helpPages: Omit<AdminHelpPage, "bodyHtml">[]; total: number }> {
  const where: SQL | undefined = query.q
    ? or(ilike(helpPages.title, likePattern(query.q)), ilike(helpPages.handle, likePattern(query.q)))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: helpPages.id,
        handle: helpPages.handle,
        title: helpPages.title,
        category: helpPages.category,
        position: helpPages.position,
        updatedAt: helpPages.updatedAt,
      })
      .from(helpPages)
      .where(where)
      .orderBy(asc(helpPages.category), asc(helpPages.position), asc(helpPages.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(helpPages).where(where),
  ]);
  return {
    helpPages: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    total: total?.count ?? 0,
  };
}

async function loadHelpPage(db: Reader, id: number): Promise<AdminHelpPage | null> {
  const [row] = await db.select().from(helpPages).where(eq(helpPages.id, id));
  if (!row) return null;
  return { ...row, bodyHtml: row.bodyHtml ?? "", updatedAt: row.updatedAt.toISOString() };
}

export async function getAdminHelpPage(db: Database, id: number): Promise<AdminHelpPage> {
  const page = await loadHelpPage(db, id);
  if (!page) throw new NotFound(HELP_PAGE_NOT_FOUND);
  return page;
}

async function assertHelpHandleFree(db: Reader, handle: string, exceptId?: number): Promise<void> {
  const [other] = await db
    .select({ id: helpPages.id })
    .from(helpPages)
    .where(
      exceptId === undefined
        ? eq(helpPages.handle, handle)
        : and(eq(helpPages.handle, handle), ne(helpPages.id, exceptId)),
    );
  if (other) throw new Conflict(`Another help page already uses the address "${handle}". Choose another.`);
}

export async function saveHelpPage(
  deps: ContentAdminDeps,
  actor: AuditActor,
  id: number | null,
  form: HelpPageForm,
): Promise<AdminHelpPage> {
  const bodyHtml = cleanBody(form.bodyHtml);
  const columns = {
    title: form.title,
    handle: form.handle,
    category: form.category,
    bodyHtml,
    position: form.position,
  };
  const result = await deps.db.transaction(async (tx) => {
    if (id === null) {
      await assertHelpHandleFree(tx, form.handle);
      const [row] = await tx.insert(helpPages).values(columns).returning({ id: helpPages.id });
      const created = (await loadHelpPage(tx, row.id)) as AdminHelpPage;
      await recordAudit(tx, {
        ...actor,
        action: "help_page.create",
        entity: "help_page",
        entityId: row.id,
        before: null,
        after: created,
      });
      return { page: created, changed: true };
    }
    const [locked] = await tx.select({ id: helpPages.id }).from(helpPages).where(eq(helpPages.id, id)).for("update");
    if (!locked) throw new NotFound(HELP_PAGE_NOT_FOUND);
    const before = (await loadHelpPage(tx, id)) as AdminHelpPage;
    await assertHelpHandleFree(tx, form.handle, id);
    const same = (Object.keys(columns) as (keyof typeof columns)[]).every(
      (key) => (before as unknown as Record<string, unknown>)[key] === columns[key],
    );
    if (same) return { page: before, changed: false };
    await tx
      .update(helpPages)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(helpPages.id, id));
    const after = (await loadHelpPage(tx, id)) as AdminHelpPage;
    await recordAudit(tx, { ...actor, action: "help_page.update", entity: "help_page", entityId: id, before, after });
    return { page: after, changed: true };
  });
  if (result.changed) await deps.changes.publish({ kind: "content", ids: [result.page.id] });
  return result.page;
}

export async function deleteHelpPage(deps: ContentAdminDeps, actor: AuditActor, id: number): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    const before = await loadHelpPage(tx, id);
    if (!before) return false;
    await tx.delete(helpPages).where(eq(helpPages.id, id));
    await recordAudit(tx, {
      ...actor,
      action: "help_page.delete",
      entity: "help_page",
      entityId: id,
      before,
      after: null,
    });
    return true;
  });
  if (deleted) await deps.changes.publish({ kind: "content", ids: [id] });
}

// ---------------------------------------------------------------------------------------------------
// Pictures

/** The file's real type from its first bytes: the name and the browser's claim are not trusted. */
export function sniffImageType(bytes: Buffer): (typeof CONTENT_IMAGE_TYPES)[number] | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "image/png";
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 12 && bytes.toString("ascii", 0, 4) === "RIFF" && bytes.toString("ascii", 8, 12) === "WEBP") {
    return "image/webp";
  }
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString("ascii", 0, 6))) return "image/gif";
  return null;
}

export const IMAGE_NOT_SUPPORTED = "Upload a PNG, JPEG, WebP or GIF picture.";

export async function storeContentImage(
  db: Database,
  actor: AuditActor,
  file: { fileName: string; bytes: Buffer },
): Promise<{ id: number; url: string }> {
  if (file.bytes.length === 0) throw new InvalidInput("The file is empty.");
  if (file.bytes.length > CONTENT_IMAGE_MAX_BYTES) {
    throw new InvalidInput(`The picture is too large: at most ${CONTENT_IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
  }
  const contentType = sniffImageType(file.bytes);
  if (!contentType) throw new InvalidInput(IMAGE_NOT_SUPPORTED);
  const fileName = file.fileName.replace(/[^\w.\- ]+/g, "_").slice(0, 200) || "picture";
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contentImages)
      .values({ contentType, fileName, bytes: file.bytes, createdBy: actor.staffId })
      .returning({ id: contentImages.id });
    await recordAudit(tx, {
      ...actor,
      action: "content_image.upload",
      entity: "content_image",
      entityId: row.id,
      before: null,
      after: { fileName, contentType, bytes: file.bytes.length },
    });
    return { id: row.id, url: `/content-images/${row.id}` };
  });
}

export async function readContentImage(
  db: Database,
  id: number,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ contentType: contentImages.contentType, bytes: contentImages.bytes })
    .from(contentImages)
    .where(eq(contentImages.id, id));
  return row ?? null;
}
