// {blogPath}/{handle}: one blog post with its author, date, image and reading time; Article structured data.
import type { Crumb } from "../components/breadcrumbs.tsx";
import { articleMeta } from "../features/content/article-meta.ts";
import { ArticleView } from "../features/content/article-view.tsx";
import { getBlogArticle, NotFound, readingTimeMinutes } from "../features/content/content-data.server.ts";
import { ContentErrorBoundary } from "../features/content/content-error-boundary.tsx";
import { notFound, storeOf } from "../features/content/content-route.server.ts";
import { notFoundMeta } from "../features/shell/page-meta.ts";
import type { Route } from "./+types/blog-article";

function crumbsFor(title: string, blogPath: string): Crumb[] {
  return [{ label: "Blog", href: blogPath }, { label: title }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, store } = storeOf(context);
  try {
    const article = await getBlogArticle(db, params.handle);
    return {
      article: { ...article, readingMinutes: readingTimeMinutes(article.bodyHtml) },
      blogPath: store.paths.blog,
      timeZone: store.appTimeZone,
      storeLogoUrl: store.storeLogoUrl,
    };
  } catch (error) {
    if (error instanceof NotFound) notFound();
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta(matches);
  const { article, blogPath, storeLogoUrl } = loaderData;
  return articleMeta(matches, {
    article,
    path: `${blogPath}/${encodeURIComponent(article.handle)}`,
    crumbs: crumbsFor(article.title, blogPath),
    storeLogoUrl,
  });
};

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { article, blogPath, timeZone } = loaderData;
  return <ArticleView article={article} crumbs={crumbsFor(article.title, blogPath)} timeZone={timeZone} />;
}

export const ErrorBoundary = ContentErrorBoundary;
