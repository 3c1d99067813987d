// Sitemaps (issue: /sitemap.xml with products, collections and articles, split when large). Small
// catalogs get one urlset at /sitemap.xml; larger ones a sitemap index pointing at parts under
// /sitemaps/: collections.xml, articles.xml and products-1.xml, products-2.xml, ... Each file is built
// from the same services as the pages and kept for an hour.
import type { Database } from "../../../db/client.ts";
import { listArticles } from "../../../services/catalog/articles.ts";
import { listProductIndex } from "../../../services/content/site-indexes.ts";
import { listEquipmentForSitemap } from "../../../services/equipment/equipment-catalog.ts";
import { absoluteUrl } from "../../lib/seo.ts";
import { cachedCollectionIndex, createTtlCache } from "./catalog-data.server.ts";

/** Product URLs per sitemap part (the protocol allows 50,000; smaller parts build faster). */
export const PRODUCTS_PER_SITEMAP = 5_000;
/** Up to this many URLs in all, /sitemap.xml is a single urlset. */
export const SINGLE_SITEMAP_MAX = 5_000;
const ARTICLES_PAGE = 50;
const SITEMAP_TTL_MS = 60 * 60 * 1000;

export interface SitemapContext {
  db: Database;
  publicUrl: string;
  productPath: string;
  collectionPath: string;
  blogPath: string;
}

const xmlCache = createTtlCache<string | null>(SITEMAP_TTL_MS, 200);

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (char) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[char]};`,
  );
}

export function urlset(urls: readonly string[]): string {
  const body = urls.map((url) => `<url><loc>${escapeXml(url)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function sitemapIndex(urls: readonly string[]): string {
  const body = urls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

async function productCount(db: Database): Promise<number> {
  const result = await listProductIndex(db, { page: 0, limit: 1 });
  return result.pageInfo.totalObjects;
}

/** One part of the published products' URLs (the A-Z product index, handles only). */
async function productUrls(context: SitemapContext, part: number): Promise<string[]> {
  const result = await listProductIndex(context.db, { page: part, limit: PRODUCTS_PER_SITEMAP });
  return result.products.map((product) => absoluteUrl(`${context.productPath}/${product.handle}`, context.publicUrl));
}

async function collectionUrls(context: SitemapContext): Promise<string[]> {
  const index = await cachedCollectionIndex(context.db);
  return index.map((entry) => absoluteUrl(`${context.collectionPath}/${entry.handle}`, context.publicUrl));
}

async function articleUrls(context: SitemapContext): Promise<string[]> {
  const urls: string[] = [absoluteUrl(context.blogPath, context.publicUrl)];
  for (let page = 0; page < 200; page++) {
    const { articles, pageInfo } = await listArticles(context.db, { page, limit: ARTICLES_PAGE });
    urls.push(...articles.map((article) => absoluteUrl(`${context.blogPath}/${article.handle}`, context.publicUrl)));
    if (page + 1 >= pageInfo.totalPages) break;
  }
  return urls;
}

/** The equipment models' pages (/equipment and each model's diagram). */
async function equipmentUrls(context: SitemapContext): Promise<string[]> {
  const models = await listEquipmentForSitemap(context.db);
  if (models.length === 0) return [];
  return [
    absoluteUrl("/equipment", context.publicUrl),
    ...models.map((model) => absoluteUrl(`/equipment/${model.handle}`, context.publicUrl)),
  ];
}

/** /sitemap.xml: everything in one urlset when small, else the index of the parts. */
export function mainSitemap(context: SitemapContext): Promise<string | null> {
  return xmlCache(context.db, `main|${context.publicUrl}`, async () => {
    const [products, collections, articles, equipment] = await Promise.all([
      productCount(context.db),
      collectionUrls(context),
      articleUrls(context),
      equipmentUrls(context),
    ]);
    const home = absoluteUrl("/", context.publicUrl);
    if (products + collections.length + articles.length + equipment.length + 1 <= SINGLE_SITEMAP_MAX) {
      return urlset([home, ...collections, ...(await productUrls(context, 0)), ...articles, ...equipment]);
    }
    const parts = Math.ceil(products / PRODUCTS_PER_SITEMAP);
    return sitemapIndex([
      absoluteUrl("/sitemaps/collections.xml", context.publicUrl),
      absoluteUrl("/sitemaps/articles.xml", context.publicUrl),
      ...(equipment.length > 0 ? [absoluteUrl("/sitemaps/equipment.xml", context.publicUrl)] : []),
      ...Array.from({ length: parts }, (_, index) =>
        absoluteUrl(`/sitemaps/products-${index + 1}.xml`, context.publicUrl),
      ),
    ]);
  });
}

/** A part under /sitemaps/, or null when there is no such part. */
export function sitemapPart(context: SitemapContext, file: string): Promise<string | null> {
  return xmlCache(context.db, `part|${context.publicUrl}|${file}`, async () => {
    if (file === "collections.xml")
      return urlset([absoluteUrl("/", context.publicUrl), ...(await collectionUrls(context))]);
    if (file === "articles.xml") return urlset(await articleUrls(context));
    if (file === "equipment.xml") return urlset(await equipmentUrls(context));
    const match = /^products-(\d{1,5})\.xml$/.exec(file);
    if (!match) return null;
    const part = Number(match[1]) - 1;
    if (part < 0) return null;
    const urls = await productUrls(context, part);
    return urls.length > 0 || part === 0 ? urlset(urls) : null;
  });
}

export function xmlResponse(xml: string | null): Response {
  if (xml === null) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
