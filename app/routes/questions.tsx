// /questions: the store's questions and answers, newest first, with the topics beside them.
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../components/breadcrumbs.tsx";
import { listQuestions, listQuestionTopics } from "../features/content/content-data.server.ts";
import { ContentErrorBoundary } from "../features/content/content-error-boundary.tsx";
import { notFound, pageOf, storeOf } from "../features/content/content-route.server.ts";
import { PrevNextNav, pagedPath } from "../features/content/prev-next-nav.tsx";
import { QuestionsList, QuestionTopics } from "../features/content/questions-list.tsx";
import { absoluteUrl, notFoundMeta, pageMeta, rootMetaData } from "../features/shell/page-meta.ts";
import type { Route } from "./+types/questions";

const CRUMBS: Crumb[] = [{ label: "Questions & Answers" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, store } = storeOf(context);
  const page = pageOf(request);
  const [list, topics] = await Promise.all([listQuestions(db, { page }), listQuestionTopics(db)]);
  if (page > 0 && page >= list.pageInfo.totalPages) notFound();
  return { ...list, topics, page, timeZone: store.appTimeZone };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta(matches);
  const { publicUrl } = rootMetaData(matches);
  const path = pagedPath("/questions", loaderData.page);
  return pageMeta(matches, {
    title: loaderData.page > 0 ? `Questions & Answers - Page ${loaderData.page + 1}` : "Questions & Answers",
    description:
      "Pool and spa owners' questions about pumps, filters, heaters, cleaners and spas, answered by our techs.",
    path,
    jsonLd: [breadcrumbJsonLd(CRUMBS, publicUrl, absoluteUrl(path, publicUrl))],
  });
};

export default function Questions({ loaderData }: Route.ComponentProps) {
  const { questions, pageInfo, topics, page, timeZone } = loaderData;
  return (
    <div className="container-store py-6">
      <Breadcrumbs items={CRUMBS} />
      <h1 className="mt-4 text-3xl font-extrabold text-water-900">Questions &amp; Answers</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Real questions from pool and spa owners, answered by our parts experts.
      </p>
      <div className="mt-6 grid gap-6 desk:grid-cols-[260px_1fr]">
        <aside className="desk:order-none">
          <QuestionTopics topics={topics} />
        </aside>
        <section aria-label="Questions">
          <QuestionsList questions={questions} timeZone={timeZone} />
          <PrevNextNav
            page={page}
            totalPages={pageInfo.totalPages}
            hrefFor={(target) => pagedPath("/questions", target)}
            label="Question pages"
          />
        </section>
      </div>
    </div>
  );
}

export const ErrorBoundary = ContentErrorBoundary;
