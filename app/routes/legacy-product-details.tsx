// /ProductDetails.asp?ProductCode=X: the old site's product address moves permanently to the product page.

import { ContentErrorBoundary } from "../features/content/content-error-boundary.tsx";
import { movedPermanently, notFound, requestUrl, storeOf } from "../features/content/content-route.server.ts";
import { resolveProductDetailsLink } from "../features/product/product-data.server.ts";
import type { Route } from "./+types/legacy-product-details";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, store } = storeOf(context);
  const target = await resolveProductDetailsLink(db, requestUrl(request).searchParams, store.paths);
  if (!target) notFound();
  movedPermanently(target);
}

export default function LegacyProductDetails() {
  return null;
}

export const ErrorBoundary = ContentErrorBoundary;
