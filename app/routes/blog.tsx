// /blog: the blog's posts, newest first, 10 a page.
import { Link } from "react-router";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../components/breadcrumbs.tsx";
import { listArticles } from "../features/content/content-data.server.ts";
import { ContentErrorBoundary } from "../features/content/content-error-boundary.tsx";
import { notFound, pageOf, storeOf } from "../features/content/content-route.server.ts";
import { PrevNextNav, pagedPath } from "../features/content/prev-next-nav.tsx";
import { absoluteUrl, notFoundMeta, pageMeta, rootMetaData } from "../features/shell/page-meta.ts";
import { formatStoreDate } from "../lib/format-date.ts";
import type { Route } from "./+types/blog";

export const BLOG_PAGE_SIZE = 10;
const CRUMBS: Crumb[] = [{ label: "Blog" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, store } = storeOf(context);
  const page = pageOf(request);
  const { articles, pageInfo } = await listArticles(db, {
    page,
    limit: BLOG_PAGE_SIZE,
    sortBy: "CREATED",
    order: "DESC",
  });
  if (page > 0 && page >= pageInfo.totalPages) notFound();
  return {
    articles,
    pageInfo,
    page,
    blogPath: store.paths.blog,
    description: store.themeConfig.blogDescription,
    timeZone: store.appTimeZone,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta(matches);
  const { publicUrl } = rootMetaData(matches);
  const path = pagedPath(loaderData.blogPath, loaderData.page);
  return pageMeta(matches, {
    title: loaderData.page > 0 ? `Blog - Page ${loaderData.page + 1}` : "Blog",
    description: loaderData.description,
    path,
    jsonLd: [
      breadcrumbJsonLd(CRUMBS, publicUrl, absoluteUrl(path, publicUrl)),
      {
        "@context": "https://schema.org",
        "@type": "Blog",
        name: "Blog",
        url: absoluteUrl(loaderData.blogPath, publicUrl),
        blogPost: loaderData.articles.map((article) => ({
          "@type": "BlogPosting",
          headline: article.title,
          url: absoluteUrl(`${loaderData.blogPath}/${encodeURIComponent(article.handle)}`, publicUrl),
          datePublished: article.createdAt,
          ...(article.author ? { author: { "@type": "Person", name: article.author } } : {}),
        })),
      },
    ],
  });
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { articles, pageInfo, page, blogPath, description, timeZone } = loaderData;
  return (
    <div className="container-store py-6">
      <Breadcrumbs items={CRUMBS} />
      <h1 className="mt-4 text-3xl font-extrabold text-water-900">Blog</h1>
      {description ? <p className="mt-2 max-w-2xl text-muted">{description}</p> : null}
      {articles.length === 0 ? (
        <p className="mt-8 rounded-md bg-surface px-4 py-6 text-center text-muted">No articles yet. Check back soon.</p>
      ) : (
        <ul className="mt-6 grid gap-6 sm:max-desk:grid-cols-2 desk:grid-cols-3">
          {articles.map((article, index) => {
            const href = `${blogPath}/${encodeURIComponent(article.handle)}`;
            return (
              <li key={article.id}>
                <article className="flex h-full flex-col overflow-hidden rounded-lg border border-line bg-white shadow-sm">
                  <Link to={href} tabIndex={-1} aria-hidden="true" className="block bg-surface">
                    {article.imageUrl ? (
                      <img
                        src={article.imageUrl}
                        alt=""
                        width={800}
                        height={200}
                        loading={index < 3 ? "eager" : "lazy"}
                        className="aspect-[4/1] h-auto w-full object-cover"
                      />
                    ) : (
                      <div className="aspect-[4/1]" />
                    )}
                  </Link>
                  <div className="flex flex-1 flex-col p-4">
                    <h2 className="text-lg font-bold leading-snug">
                      <Link to={href} className="text-water-900 hover:text-aqua-600 hover:underline">
                        {article.title}
                      </Link>
                    </h2>
                    <p className="mt-1 text-sm text-muted">
                      {article.author ? `${article.author} · ` : ""}
                      <time dateTime={article.createdAt}>{formatStoreDate(article.createdAt, timeZone)}</time>
                    </p>
                    <p className="mt-3 line-clamp-3 flex-1 text-sm">{article.excerpt}</p>
                    <Link
                      to={href}
                      className="mt-3 text-sm font-semibold text-aqua-600 hover:underline"
                      aria-hidden="true"
                      tabIndex={-1}
                    >
                      Read more »
                    </Link>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <PrevNextNav
        page={page}
        totalPages={pageInfo.totalPages}
        hrefFor={(target) => pagedPath(blogPath, target)}
        label="Blog pages"
      />
    </div>
  );
}

export const ErrorBoundary = ContentErrorBoundary;
