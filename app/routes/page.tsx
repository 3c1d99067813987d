// /{handle}: a page of the `pages` table (contact, accessibility, price match...). An article's handle
// works too: info articles without an old id are shown here, others move to their own address.
// Only single-segment paths no other route claims reach this route; anything unknown is the 404 page.
import { articlePath } from "../../shared/content-paths.ts";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../components/breadcrumbs.tsx";
import { RichText } from "../components/rich-text.tsx";
import { articleMeta } from "../features/content/article-meta.ts";
import { ArticleView } from "../features/content/article-view.tsx";
import { findArticleByHandle, findPageByHandle, readingTimeMinutes } from "../features/content/content-data.server.ts";
import { ContentErrorBoundary } from "../features/content/content-error-boundary.tsx";
import { movedPermanently, notFound, storeOf } from "../features/content/content-route.server.ts";
import { absoluteUrl, notFoundMeta, pageMeta, rootMetaData } from "../features/shell/page-meta.ts";
import type { Route } from "./+types/page";

const HANDLE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, store } = storeOf(context);
  const handle = params.handle;
  if (!HANDLE.test(handle)) notFound();
  const page = await findPageByHandle(db, handle);
  if (page) return { kind: "page" as const, page, path: `/${encodeURIComponent(page.handle)}` };
  const article = await findArticleByHandle(db, handle);
  if (!article) notFound();
  const canonical = articlePath(article, store.paths);
  if (canonical !== `/${encodeURIComponent(handle)}`) movedPermanently(canonical);
  return {
    kind: "article" as const,
    article: { ...article, readingMinutes: readingTimeMinutes(article.bodyHtml) },
    path: canonical,
    timeZone: store.appTimeZone,
    storeLogoUrl: store.storeLogoUrl,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta(matches);
  if (loaderData.kind === "article") {
    const { article, path, storeLogoUrl } = loaderData;
    return articleMeta(matches, { article, path, crumbs: [{ label: article.title }], storeLogoUrl });
  }
  const { page, path } = loaderData;
  const { publicUrl } = rootMetaData(matches);
  const crumbs: Crumb[] = [{ label: page.title }];
  return pageMeta(matches, {
    title: page.seoTitle || page.title,
    description: page.seoDescription,
    path,
    noindex: !page.isIndexed,
    jsonLd: [breadcrumbJsonLd(crumbs, publicUrl, absoluteUrl(path, publicUrl))],
  });
};

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "article") {
    const { article, timeZone } = loaderData;
    return <ArticleView article={article} crumbs={[{ label: article.title }]} timeZone={timeZone} showDate={false} />;
  }
  const { page } = loaderData;
  return (
    <div className="container-store py-6">
      <Breadcrumbs items={[{ label: page.title }]} />
      <article className="mx-auto mt-4 max-w-3xl">
        <h1 className="text-3xl font-extrabold text-water-900">{page.title}</h1>
        <RichText html={page.bodyHtml} className="mt-4" />
      </article>
    </div>
  );
}

export const ErrorBoundary = ContentErrorBoundary;
