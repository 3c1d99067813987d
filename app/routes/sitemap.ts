// GET /sitemap.xml (see app/features/catalog/sitemap.server.ts for how it is split).
import { appContext } from "../context.ts";
import { mainSitemap, xmlResponse } from "../features/catalog/sitemap.server.ts";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const { paths } = services.config.store;
  return xmlResponse(
    await mainSitemap({
      db: services.database.readDb,
      publicUrl: services.config.publicUrl,
      productPath: paths.products,
      collectionPath: paths.collections,
      blogPath: paths.blog,
    }),
  );
}
