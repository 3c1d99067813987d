// /admin/questions: shoppers' questions from product pages. Staff write the answer and approve it (the
// question then shows on the product page and in the store's Q&A), or reject it.
import { useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { requireStaffPage } from "../../features/admin/admin-session.server.ts";
import { listQuestionsForModeration } from "../../features/admin/reviews/moderation-data.server.ts";
import { ModerationDelete } from "../../features/admin/reviews/moderation-delete.tsx";
import { moderationQuery } from "../../features/admin/reviews/moderation-query.ts";
import { StatusTabs } from "../../features/admin/reviews/status-tabs.tsx";
import { adminApi, messageOf } from "../../features/admin/ui/admin-api.ts";
import { adminColumns, DataTable } from "../../features/admin/ui/data-table.tsx";
import { PageHeader } from "../../features/admin/ui/page-header.tsx";
import { toast } from "../../features/admin/ui/toast.ts";
import type { Route } from "./+types/questions";

const PAGE_SIZE = 20;

export async function loader(args: Route.LoaderArgs) {
  const { services } = requireStaffPage(args, "reviews:write");
  const query = moderationQuery(new URL(args.request.url), PAGE_SIZE);
  const result = await listQuestionsForModeration(services.database.db, query);
  return { ...result, status: query.status, productPath: services.config.store.paths.products };
}

export const meta: Route.MetaFunction = () => [{ title: "Questions | Back office" }];

type Row = Route.ComponentProps["loaderData"]["questions"][number];

/** The stored answer (escaped paragraphs) back as the plain text staff typed. */
function answerText(html: string | null): string {
  if (!html) return "";
  return html
    .replace(/<br>/g, "\n")
    .replace(/<\/p><p>/g, "\n\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

function QuestionAnswer({ question }: { question: Row }) {
  const id = useId();
  const revalidator = useRevalidator();
  const [answer, setAnswer] = useState(() => answerText(question.answerHtml));
  const [busy, setBusy] = useState(false);
  async function save(status?: "approved" | "rejected") {
    setBusy(true);
    try {
      await adminApi(`/api/admin/questions/${question.id}`, {
        method: "POST",
        body: status === "rejected" ? { status } : { answer, ...(status ? { status } : {}) },
      });
      toast.success(
        status === "approved"
          ? "Answer published: the question shows on the product page."
          : status === "rejected"
            ? "Question rejected: it will not be shown."
            : "Answer saved.",
      );
      await revalidator.revalidate();
    } catch (error) {
      toast.error(messageOf(error, "The question could not be changed. Please try again."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-2 sm:min-w-72">
      <label htmlFor={`${id}-answer`} className="block text-sm font-semibold text-ink">
        Answer
      </label>
      <textarea
        id={`${id}-answer`}
        value={answer}
        onChange={(event) => setAnswer(event.target.value)}
        rows={4}
        maxLength={5000}
        className="w-full rounded-md border border-line bg-white px-3 py-2 text-sm"
        placeholder="Plain text; a blank line starts a new paragraph."
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary min-h-9 px-3"
          disabled={busy || answer.trim() === ""}
          onClick={() => save("approved")}
        >
          {question.status === "approved" ? "Save answer" : "Answer and approve"}
        </button>
        {question.status !== "approved" ? (
          <button type="button" className="btn-secondary min-h-9 px-3" disabled={busy} onClick={() => save()}>
            Save draft
          </button>
        ) : null}
        {question.status !== "rejected" ? (
          <button type="button" className="btn-secondary min-h-9 px-3" disabled={busy} onClick={() => save("rejected")}>
            Reject
          </button>
        ) : null}
        <ModerationDelete
          kind="question"
          id={question.id}
          description="The question and its answer are removed for good."
          disabled={busy}
        />
      </div>
    </div>
  );
}

function columnsFor(productPath: string) {
  return adminColumns<Row>((c) => [
    c.accessor("question", {
      enableSorting: false,
      header: "Question",
      cell: (info) => {
        const question = info.row.original;
        return (
          <div className="max-w-md sm:min-w-56">
            <p className="font-semibold text-ink">{question.question}</p>
            <p className="mt-1 text-xs text-muted">
              {question.askedBy ?? "A shopper"}
              {question.email ? ` · ${question.email}` : ""} ·{" "}
              <time dateTime={question.createdAt}>{new Date(question.createdAt).toLocaleString("en-US")}</time>
            </p>
            {question.productTitle && question.productHandle ? (
              <Link
                to={`${productPath}/${encodeURIComponent(question.productHandle)}`}
                target="_blank"
                rel="noreferrer"
                className="mt-1 inline-block text-sm text-aqua-600 hover:underline"
              >
                {question.productTitle}
              </Link>
            ) : null}
          </div>
        );
      },
    }),
    c.accessor("id", {
      id: "answer",
      enableSorting: false,
      header: "Answer and decision",
      cell: (info) => <QuestionAnswer question={info.row.original} />,
    }),
  ]);
}

let cachedColumns: { path: string; columns: ReturnType<typeof columnsFor> } | null = null;

export default function AdminQuestions({ loaderData }: Route.ComponentProps) {
  if (cachedColumns?.path !== loaderData.productPath) {
    cachedColumns = { path: loaderData.productPath, columns: columnsFor(loaderData.productPath) };
  }
  return (
    <>
      <PageHeader
        title="Questions"
        description="Answer shoppers' questions; approved answers show on the product page and in Questions & Answers."
      />
      <StatusTabs counts={loaderData.counts} searchLabel="Search questions" />
      <DataTable
        caption="Shoppers' questions"
        mode="server"
        stacked
        columns={cachedColumns.columns}
        data={loaderData.questions}
        rowId={(row) => `${row.id}-${row.status}-${row.answeredAt ?? ""}`}
        total={loaderData.total}
        pageSize={PAGE_SIZE}
        empty={loaderData.status === "pending" ? "No questions are waiting for an answer." : "No questions here."}
      />
    </>
  );
}
