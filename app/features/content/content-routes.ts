// The content and legacy routes (the legacy addresses the store answers). The blog and collection base paths
// come from config/store.json, read when React Router builds its route table, like the storefront's.
//
// Order matters only between routes of equal rank: /SearchResults.asp is case-sensitive and must come
// before the (case-insensitive) search page so the old spelling reaches its redirect. The generic
// /{handle} and /{handle}/{file} rank below every static path, so they never shadow another page.
import { readFileSync } from "node:fs";
import { type RouteConfigEntry, route } from "@react-router/dev/routes";
import { storeConfigSchema } from "../../../shared/store-config.ts";

function contentPaths(file = process.env.STORE_CONFIG ?? "config/store.json") {
  const raw = JSON.parse(readFileSync(file, "utf8")) as { paths?: unknown };
  const paths = storeConfigSchema.shape.paths.parse(raw.paths);
  return { blog: paths.blog.slice(1), collections: paths.collections.slice(1) };
}

export function contentRoutes(file?: string): RouteConfigEntry[] {
  const { blog, collections } = contentPaths(file);
  // /blog keeps working when the blog is configured elsewhere: it moves there.
  const movedBlog =
    blog.toLowerCase() === "blog"
      ? []
      : [
          route("blog", "routes/blog-moved.tsx"),
          route("blog/:handle", "routes/blog-moved.tsx", { id: "routes/blog-moved-article" }),
        ];
  return [
    // Old (Volusion) addresses.
    route("SearchResults.asp", "routes/legacy-search-results.tsx", { caseSensitive: true }),
    route("ProductDetails.asp", "routes/legacy-product-details.tsx"),
    route("Articles.asp", "routes/article-legacy.tsx"),
    // Brands, blog, collections list and vendors.
    route("brands", "routes/brands.tsx"),
    route("brands/:brand", "routes/brands-detail.tsx"),
    route(blog, "routes/blog.tsx"),
    route(`${blog}/:handle`, "routes/blog-article.tsx"),
    ...movedBlog,
    route(collections, "routes/collections-list.tsx"),
    route(`${collections}/vendors`, "routes/vendors.tsx"),
    // Help, questions and the indexes.
    route("help.asp", "routes/help.tsx"),
    route("help_answer/:handle", "routes/help-answer.tsx"),
    route("questions", "routes/questions.tsx"),
    route("questions/Topic/:topicHandle/:topicId", "routes/questions-topic.tsx"),
    route("questions/:displayableId/:handle", "routes/questions-detail.tsx"),
    route("pindex.asp", "routes/index-products.tsx"),
    route("cindex.asp", "routes/index-categories.tsx"),
    route("productslist.asp", "routes/index-products-list.tsx"),
    // Generic pages and old .htm links: only paths no other route claims get here.
    route(":handle", "routes/page.tsx"),
    route(":handle/:file", "routes/page-htm.tsx"),
  ];
}
