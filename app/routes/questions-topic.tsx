// /questions/Topic/{topicHandle}/{topicId}: the questions of one topic. The id decides; a stale handle
// moves permanently to the current one.

import { topicPath } from "../../shared/content-paths.ts";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../components/breadcrumbs.tsx";
import { findQuestionTopic, listQuestions, listQuestionTopics } from "../features/content/content-data.server.ts";
import { ContentErrorBoundary } from "../features/content/content-error-boundary.tsx";
import { movedPermanently, notFound, pageOf, requestUrl, storeOf } from "../features/content/content-route.server.ts";
import { PrevNextNav, pagedPath } from "../features/content/prev-next-nav.tsx";
import { QuestionsList, QuestionTopics } from "../features/content/questions-list.tsx";
import { absoluteUrl, notFoundMeta, pageMeta, rootMetaData } from "../features/shell/page-meta.ts";
import type { Route } from "./+types/questions-topic";

function crumbsFor(title: string): Crumb[] {
  return [{ label: "Questions & Answers", href: "/questions" }, { label: title }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, store } = storeOf(context);
  const id = /^\d{1,9}$/.test(params.topicId) ? Number(params.topicId) : 0;
  const topic = await findQuestionTopic(db, id);
  if (!topic) notFound();
  const url = requestUrl(request);
  if (params.topicHandle !== topic.handle) movedPermanently(`${topicPath(topic)}${url.search}`);
  const page = pageOf(request);
  const [list, topics] = await Promise.all([listQuestions(db, { page, topicId: topic.id }), listQuestionTopics(db)]);
  if (page > 0 && page >= list.pageInfo.totalPages) notFound();
  return { ...list, topic, topics, page, timeZone: store.appTimeZone };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta(matches);
  const { topic, page } = loaderData;
  const { publicUrl } = rootMetaData(matches);
  const path = pagedPath(topicPath(topic), page);
  return pageMeta(matches, {
    title: `${topic.title} Questions${page > 0 ? ` - Page ${page + 1}` : ""}`,
    description: `${topic.questionCount} answered questions about ${topic.title.toLowerCase()} from pool and spa owners.`,
    path,
    jsonLd: [breadcrumbJsonLd(crumbsFor(topic.title), publicUrl, absoluteUrl(path, publicUrl))],
  });
};

export default function QuestionsTopic({ loaderData }: Route.ComponentProps) {
  const { questions, pageInfo, topic, topics, page, timeZone } = loaderData;
  return (
    <div className="container-store py-6">
      <Breadcrumbs items={crumbsFor(topic.title)} />
      <h1 className="mt-4 text-3xl font-extrabold text-water-900">{topic.title}</h1>
      <p className="tabular mt-1 text-sm text-muted">
        {topic.questionCount} {topic.questionCount === 1 ? "question" : "questions"}
      </p>
      <div className="mt-6 grid gap-6 desk:grid-cols-[260px_1fr]">
        <aside>
          <QuestionTopics topics={topics} currentId={topic.id} />
        </aside>
        <section aria-label={`${topic.title} questions`}>
          <QuestionsList questions={questions} timeZone={timeZone} />
          <PrevNextNav
            page={page}
            totalPages={pageInfo.totalPages}
            hrefFor={(target) => pagedPath(topicPath(topic), target)}
            label="Question pages"
          />
        </section>
      </div>
    </div>
  );
}

export const ErrorBoundary = ContentErrorBoundary;
