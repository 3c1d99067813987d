// /SearchResults.asp (this exact spelling: the lower-case /searchresults.asp is the search page itself):
// the old site's category links (?Cat=N) move permanently to the category, its searches to the search page.

import { resolveSearchResultsLink } from "../features/content/content-data.server.ts";
import { movedPermanently, requestUrl, storeOf } from "../features/content/content-route.server.ts";
import type { Route } from "./+types/legacy-search-results";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, store } = storeOf(context);
  movedPermanently(await resolveSearchResultsLink(db, requestUrl(request).searchParams, store.paths));
}

export default function LegacySearchResults() {
  return null;
}
