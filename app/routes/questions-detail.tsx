// /questions/{displayableId}/{handle}: one question and its answer (QAPage structured data). The id
// decides; a stale handle moves permanently to the current one.
import { Link } from "react-router";
import { productPath, questionPath, topicPath } from "../../shared/content-paths.ts";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../components/breadcrumbs.tsx";
import { RichText } from "../components/rich-text.tsx";
import { findQuestion } from "../features/content/content-data.server.ts";
import { ContentErrorBoundary } from "../features/content/content-error-boundary.tsx";
import { movedPermanently, notFound, storeOf } from "../features/content/content-route.server.ts";
import { plainText } from "../features/content/plain-text.ts";
import { absoluteUrl, notFoundMeta, pageMeta, rootMetaData } from "../features/shell/page-meta.ts";
import { formatStoreDate } from "../lib/format-date.ts";
import type { Route } from "./+types/questions-detail";

function crumbsFor(question: { title: string; topic: { id: number; handle: string; title: string } | null }): Crumb[] {
  const crumbs: Crumb[] = [{ label: "Questions & Answers", href: "/questions" }];
  if (question.topic) crumbs.push({ label: question.topic.title, href: topicPath(question.topic) });
  crumbs.push({ label: question.title });
  return crumbs;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, store } = storeOf(context);
  const question = await findQuestion(db, params.displayableId);
  if (!question) notFound();
  if (params.handle !== question.handle) movedPermanently(questionPath(question));
  return { question, timeZone: store.appTimeZone, paths: store.paths };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta(matches);
  const { question } = loaderData;
  const { publicUrl, storeName } = rootMetaData(matches);
  const path = questionPath(question);
  const answer = plainText(question.answerHtml);
  return pageMeta(matches, {
    title: question.title,
    description: plainText(question.answerHtml, 160),
    path,
    jsonLd: [
      breadcrumbJsonLd(crumbsFor(question), publicUrl, absoluteUrl(path, publicUrl)),
      {
        "@context": "https://schema.org",
        "@type": "QAPage",
        mainEntity: {
          "@type": "Question",
          name: question.title,
          ...(question.bodyHtml ? { text: plainText(question.bodyHtml) } : { text: question.title }),
          dateCreated: question.createdAt,
          answerCount: answer ? 1 : 0,
          ...(question.askedBy ? { author: { "@type": "Person", name: question.askedBy } } : {}),
          ...(answer
            ? {
                acceptedAnswer: {
                  "@type": "Answer",
                  text: answer,
                  url: absoluteUrl(path, publicUrl),
                  author: question.answeredBy
                    ? { "@type": "Person", name: question.answeredBy }
                    : { "@type": "Organization", name: storeName },
                },
              }
            : {}),
        },
      },
    ],
  });
};

export default function QuestionDetail({ loaderData }: Route.ComponentProps) {
  const { question, timeZone, paths } = loaderData;
  return (
    <div className="container-store py-6">
      <Breadcrumbs items={crumbsFor(question)} />
      <article className="mx-auto mt-4 max-w-3xl">
        <h1 className="text-3xl font-extrabold leading-tight text-water-900">{question.title}</h1>
        <p className="mt-2 text-sm text-muted">
          {question.askedBy ? `Asked by ${question.askedBy} on ` : "Asked on "}
          <time dateTime={question.createdAt}>{formatStoreDate(question.createdAt, timeZone)}</time>
          {question.topic ? (
            <>
              {" in "}
              <Link to={topicPath(question.topic)} className="text-aqua-600 underline">
                {question.topic.title}
              </Link>
            </>
          ) : null}
        </p>
        {question.bodyHtml ? <RichText html={question.bodyHtml} className="mt-4" /> : null}
        <section aria-labelledby="answer-heading" className="mt-6 rounded-lg border-l-4 border-aqua-500 bg-surface p-5">
          <h2 id="answer-heading" className="text-lg font-bold text-water-900">
            Answer{question.answeredBy ? ` from ${question.answeredBy}` : ""}
          </h2>
          {question.answerHtml ? (
            <RichText html={question.answerHtml} className="mt-2" />
          ) : (
            <p className="mt-2 text-muted">Our experts are working on an answer.</p>
          )}
        </section>
        {question.product ? (
          <p className="mt-6">
            About the product:{" "}
            <Link to={productPath(question.product.handle, paths)} className="font-semibold text-aqua-600 underline">
              {question.product.title}
            </Link>
          </p>
        ) : null}
        <Link to="/questions" className="btn-secondary mt-6">
          All questions
        </Link>
      </article>
    </div>
  );
}

export const ErrorBoundary = ContentErrorBoundary;
