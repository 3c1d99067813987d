import { MessageCircleQuestion } from "lucide-react";
import { Link } from "react-router";
import { questionPath, topicPath } from "../../../shared/content-paths.ts";
import { formatStoreDate } from "../../lib/format-date.ts";

export interface QuestionListItem {
  id: number;
  displayableId: string;
  handle: string;
  title: string;
  answerPreview: string;
  askedBy: string | null;
  createdAt: string;
  topic: { id: number; handle: string; title: string } | null;
}

export interface TopicItem {
  id: number;
  handle: string;
  title: string;
  questionCount: number;
}

/** The topics, each with its number of questions; the current one marked. */
export function QuestionTopics({ topics, currentId }: { topics: readonly TopicItem[]; currentId?: number }) {
  return (
    <nav aria-labelledby="question-topics" className="rounded-lg border border-line bg-white">
      <h2
        id="question-topics"
        className="rounded-t-lg bg-water-900 px-3 py-2 text-sm font-bold tracking-wide text-white"
      >
        TOPICS
      </h2>
      <ul className="py-1">
        <li>
          <Link
            to="/questions"
            aria-current={currentId === undefined ? "page" : undefined}
            className={`flex min-h-11 items-center px-3 text-sm hover:bg-surface desk:min-h-9 ${currentId === undefined ? "font-bold text-water-900" : ""}`}
          >
            All questions
          </Link>
        </li>
        {topics.map((topic) => (
          <li key={topic.id}>
            <Link
              to={topicPath(topic)}
              aria-current={topic.id === currentId ? "page" : undefined}
              className={`flex min-h-11 items-center justify-between gap-2 px-3 text-sm hover:bg-surface desk:min-h-9 ${
                topic.id === currentId ? "font-bold text-water-900" : ""
              }`}
            >
              {topic.title}
              <span className="tabular text-xs text-muted">{topic.questionCount}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function QuestionsList({ questions, timeZone }: { questions: readonly QuestionListItem[]; timeZone: string }) {
  if (questions.length === 0) {
    return <p className="rounded-md bg-surface px-4 py-6 text-center text-muted">No questions here yet.</p>;
  }
  return (
    <ul className="divide-y divide-line rounded-lg border border-line bg-white">
      {questions.map((question) => (
        <li key={question.id} className="flex gap-3 p-4" data-testid="question-item">
          <MessageCircleQuestion aria-hidden="true" size={22} className="mt-0.5 shrink-0 text-aqua-600" />
          <div className="min-w-0">
            <h2 className="font-bold leading-snug">
              <Link to={questionPath(question)} className="text-water-900 hover:text-aqua-600 hover:underline">
                {question.title}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-ink">{question.answerPreview}</p>
            <p className="mt-1 text-xs text-muted">
              {question.askedBy ? `Asked by ${question.askedBy} · ` : ""}
              <time dateTime={question.createdAt}>{formatStoreDate(question.createdAt, timeZone)}</time>
              {question.topic ? (
                <>
                  {" · "}
                  <Link to={topicPath(question.topic)} className="text-aqua-600 underline">
                    {question.topic.title}
                  </Link>
                </>
              ) : null}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
