// GET /recently-viewed?ids=3,1,2: the product cards of the shopper's history,
// in the order asked. The ids live in the browser's storage, so the cards are fetched after the page loads.
import { parseRecentlyViewed } from "../../shared/recently-viewed.ts";
import { appContext } from "../context.ts";
import { compactCard } from "../features/catalog/catalog-data.server.ts";
import { loadProductCards } from "../features/product/product-data.server.ts";
import type { Route } from "./+types/recently-viewed";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  // At most 25 ids, positive integers only (the storage rules), whatever the URL says.
  const ids = parseRecentlyViewed(new URL(request.url).searchParams.get("ids"));
  const cards = ids.length > 0 ? await loadProductCards(services.database.readDb, ids) : [];
  return Response.json(
    { products: cards.map(compactCard) },
    { headers: { "Cache-Control": "private, max-age=60", "X-Robots-Tag": "noindex" } },
  );
}
