// /Articles.asp?ID={legacyId}: the old site's article addresses, still linked from the footer (257
// shipping details), the search page (355 expert assistance) and help answers. Info articles are shown
// here; a blog post that had an old id moves permanently to its blog address.

import { articlePath } from "../../shared/content-paths.ts";
import type { Crumb } from "../components/breadcrumbs.tsx";
import { articleMeta } from "../features/content/article-meta.ts";
import { ArticleView } from "../features/content/article-view.tsx";
import { findArticleByLegacyId, readingTimeMinutes } from "../features/content/content-data.server.ts";
import { ContentErrorBoundary } from "../features/content/content-error-boundary.tsx";
import { movedPermanently, notFound, requestUrl, storeOf } from "../features/content/content-route.server.ts";
import { notFoundMeta } from "../features/shell/page-meta.ts";
import type { Route } from "./+types/article-legacy";

function crumbsFor(title: string): Crumb[] {
  return [{ label: title }];
}

/** `ID` as the old site wrote it, or any other letter case. */
function legacyIdOf(url: URL): number | null {
  for (const [key, value] of url.searchParams) {
    if (key.toLowerCase() === "id" && /^\d{1,9}$/.test(value.trim())) return Number(value.trim());
  }
  return null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, store } = storeOf(context);
  const url = requestUrl(request);
  const legacyId = legacyIdOf(url);
  const article = legacyId === null ? null : await findArticleByLegacyId(db, legacyId);
  if (!article) notFound();
  const canonical = articlePath(article, store.paths);
  // Other letter cases of the address go to the one spelling; extra parameters (campaign tags) may stay.
  const atCanonical = url.pathname === "/Articles.asp" && url.searchParams.get("ID") === String(legacyId);
  if (article.kind === "blog" || !atCanonical) movedPermanently(canonical);
  return {
    article: { ...article, readingMinutes: readingTimeMinutes(article.bodyHtml) },
    path: canonical,
    timeZone: store.appTimeZone,
    storeLogoUrl: store.storeLogoUrl,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta(matches);
  const { article, path, storeLogoUrl } = loaderData;
  return articleMeta(matches, { article, path, crumbs: crumbsFor(article.title), storeLogoUrl });
};

export default function LegacyArticle({ loaderData }: Route.ComponentProps) {
  const { article, timeZone } = loaderData;
  return <ArticleView article={article} crumbs={crumbsFor(article.title)} timeZone={timeZone} showDate={false} />;
}

export const ErrorBoundary = ContentErrorBoundary;
