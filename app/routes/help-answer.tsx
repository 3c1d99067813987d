// /help_answer/{handle}: one help answer, with the other answers of its topic beside it.
import { Link } from "react-router";
import { helpAnswerPath } from "../../shared/content-paths.ts";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../components/breadcrumbs.tsx";
import { RichText } from "../components/rich-text.tsx";
import { findHelpPage, listHelpCategories } from "../features/content/content-data.server.ts";
import { ContentErrorBoundary } from "../features/content/content-error-boundary.tsx";
import { notFound, storeOf } from "../features/content/content-route.server.ts";
import { plainText } from "../features/content/plain-text.ts";
import { absoluteUrl, notFoundMeta, pageMeta, rootMetaData } from "../features/shell/page-meta.ts";
import type { Route } from "./+types/help-answer";

function crumbsFor(title: string): Crumb[] {
  return [{ label: "Help Center", href: "/help.asp" }, { label: title }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = storeOf(context);
  const [page, categories] = await Promise.all([findHelpPage(db, params.handle), listHelpCategories(db)]);
  if (!page) notFound();
  const related =
    categories.find((group) => group.category === page.category)?.pages.filter((p) => p.id !== page.id) ?? [];
  return { page, related };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta(matches);
  const { page } = loaderData;
  const { publicUrl } = rootMetaData(matches);
  const path = helpAnswerPath(page.handle);
  const answer = plainText(page.bodyHtml);
  return pageMeta(matches, {
    title: page.title,
    description: plainText(page.bodyHtml, 160),
    path,
    jsonLd: [
      breadcrumbJsonLd(crumbsFor(page.title), publicUrl, absoluteUrl(path, publicUrl)),
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: [{ "@type": "Question", name: page.title, acceptedAnswer: { "@type": "Answer", text: answer } }],
      },
    ],
  });
};

export default function HelpAnswer({ loaderData }: Route.ComponentProps) {
  const { page, related } = loaderData;
  return (
    <div className="container-store py-6">
      <Breadcrumbs items={crumbsFor(page.title)} />
      <div className="mt-4 grid gap-8 desk:grid-cols-[1fr_300px]">
        <article>
          <p className="text-sm font-semibold uppercase tracking-wide text-aqua-600">{page.category}</p>
          <h1 className="mt-1 text-3xl font-extrabold text-water-900">{page.title}</h1>
          <RichText html={page.bodyHtml} className="mt-4" />
          <Link to="/help.asp" className="btn-secondary mt-4">
            All help topics
          </Link>
        </article>
        {related.length > 0 ? (
          <aside aria-labelledby="related-help" className="rounded-lg border border-line bg-white p-4 desk:self-start">
            <h2 id="related-help" className="font-bold text-water-900">
              More about {page.category}
            </h2>
            <ul className="mt-2 space-y-1">
              {related.map((other) => (
                <li key={other.id}>
                  <Link
                    to={helpAnswerPath(other.handle)}
                    className="inline-flex min-h-9 items-center text-aqua-600 hover:underline"
                  >
                    {other.title}
                  </Link>
                </li>
              ))}
            </ul>
          </aside>
        ) : null}
      </div>
    </div>
  );
}

export const ErrorBoundary = ContentErrorBoundary;
