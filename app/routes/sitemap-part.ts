// GET /sitemaps/{collections|articles|products-N}.xml: the parts a large catalog's /sitemap.xml lists.
import { appContext } from "../context.ts";
import { sitemapPart, xmlResponse } from "../features/catalog/sitemap.server.ts";
import type { Route } from "./+types/sitemap-part";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const { paths } = services.config.store;
  return xmlResponse(
    await sitemapPart(
      {
        db: services.database.readDb,
        publicUrl: services.config.publicUrl,
        productPath: paths.products,
        collectionPath: paths.collections,
        blogPath: paths.blog,
      },
      params.file ?? "",
    ),
  );
}
