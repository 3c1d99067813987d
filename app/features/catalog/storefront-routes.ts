// The storefront's route table entries (home lives in app/routes.ts). Product and category URLs start
// with the base paths of config/store.json (`paths.products`, `paths.collections`), read once when
// React Router builds its route table; STORE_CONFIG points at another configuration file, as for the server.
import { readFileSync } from "node:fs";
import { type RouteConfigEntry, route } from "@react-router/dev/routes";
import { storeConfigSchema } from "../../../shared/store-config.ts";

export function storefrontPaths(file = process.env.STORE_CONFIG ?? "config/store.json") {
  const raw = JSON.parse(readFileSync(file, "utf8")) as { paths?: unknown };
  const paths = storeConfigSchema.shape.paths.parse(raw.paths);
  return { products: paths.products.slice(1), collections: paths.collections.slice(1) };
}

export function storefrontRoutes(): RouteConfigEntry[] {
  const { products, collections } = storefrontPaths();
  return [
    route(`${products}/:handle`, "routes/product.tsx"),
    route(`${collections}/:collectionHandle/${products}/:handle`, "routes/product.tsx", {
      id: "routes/product-in-collection",
    }),
    // The optional last segment is a tag filter written prefix_value.
    route(`${collections}/:handle/:tagFilter?`, "routes/category.tsx"),
    route("searchresults.asp", "routes/search-results.tsx"),
    route("recently-viewed", "routes/recently-viewed.ts"),
    route("sitemap.xml", "routes/sitemap.ts"),
    route("sitemaps/:file", "routes/sitemap-part.ts"),
    route("robots.txt", "routes/robots.ts"),
  ];
}
