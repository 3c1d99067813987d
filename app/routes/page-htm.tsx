// /{handle}/{id}.htm: the old site's article and product addresses (also its -p/, -s/ and -a/ forms).
// Each moves permanently to the page it became; anything else two segments long is the 404 page.

import { resolveHtmLink } from "../features/content/content-data.server.ts";
import { ContentErrorBoundary } from "../features/content/content-error-boundary.tsx";
import { movedPermanently, notFound, storeOf } from "../features/content/content-route.server.ts";
import type { Route } from "./+types/page-htm";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, store } = storeOf(context);
  if (!/\.html?$/i.test(params.file) || params.handle.length > 200 || params.file.length > 120) notFound();
  const target = await resolveHtmLink(db, params.handle, params.file, store.paths);
  if (!target) notFound();
  movedPermanently(target);
}

// The loader always answers with a redirect or the 404 page.
export default function LegacyHtmLink() {
  return null;
}

export const ErrorBoundary = ContentErrorBoundary;
