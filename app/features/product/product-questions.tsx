// The Q&A block below the product: its answered questions (fetched when the block first shows), a form to
// ask one (answered and approved by the store's staff before it shows), and the phone line.
import { MessageCircleQuestion, Phone } from "lucide-react";
import { useEffect, useState } from "react";
import { questionPath } from "../../../shared/content-paths.ts";
import { QUESTION_MAX, questionFormSchema } from "../../../shared/product-feedback.ts";
import { TextAreaField } from "../../components/ui/text-field.tsx";
import { formFields } from "../../lib/form-fields.ts";
import { RICH_TEXT } from "../catalog/rich-text.ts";
import { FeedbackForm } from "./feedback-form.tsx";

function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

interface AnsweredQuestion {
  id: number;
  displayableId: string;
  handle: string;
  question: string;
  answerHtml: string | null;
  askedBy: string | null;
  answeredBy: string | null;
}

type State = { status: "loading" } | { status: "loaded"; questions: AnsweredQuestion[] } | { status: "error" };

export function ProductQuestions({ productId, title, phone }: { productId: number; title: string; phone: string }) {
  const [state, setState] = useState<State>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/products/${productId}/questions`, {
      headers: { Accept: "application/json" },
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((body: { questions?: AnsweredQuestion[] }) =>
        setState({ status: "loaded", questions: body.questions ?? [] }),
      )
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "error" });
      });
    return () => controller.abort();
  }, [productId]);

  return (
    <div className="space-y-6">
      {state.status === "loaded" && state.questions.length > 0 ? (
        <ul className="divide-y divide-line rounded-lg border border-line bg-white" aria-label="Answered questions">
          {state.questions.map((question) => (
            <li key={question.id} className="p-4">
              <p className="font-semibold text-ink">
                <span aria-hidden="true" className="mr-2 font-extrabold text-aqua-600">
                  Q
                </span>
                <a href={questionPath(question)} className="hover:underline">
                  {question.question}
                </a>
              </p>
              {question.answerHtml ? (
                <div className="mt-2 flex gap-2">
                  <span aria-hidden="true" className="font-extrabold text-water-900">
                    A
                  </span>
                  <div>
                    <div
                      className={RICH_TEXT}
                      // Staff answers, stored as escaped paragraphs (services/reviews/product-questions.ts).
                      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped on the server.
                      dangerouslySetInnerHTML={{ __html: question.answerHtml }}
                    />
                    <p className="mt-1 text-sm text-muted">
                      {question.answeredBy ? `Answered by ${question.answeredBy}` : "Answered by our team"}
                      {question.askedBy ? ` · asked by ${question.askedBy}` : ""}
                    </p>
                  </div>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {state.status === "error" ? (
        <p className="text-muted">Questions could not be loaded right now. Please try again later.</p>
      ) : null}
      <div className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4 desk:flex-row desk:items-center desk:justify-between desk:p-6">
        <div className="flex items-start gap-3">
          <MessageCircleQuestion aria-hidden="true" size={28} className="mt-0.5 shrink-0 text-aqua-600" />
          <div>
            <p className="font-semibold text-ink">Not sure {title} fits your equipment?</p>
            <p className="text-muted">
              Have the model and serial number from the label ready: our pool techs answer parts questions every day.
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <a href="/questions" className="btn-secondary bg-white">
            Browse questions
          </a>
          <a href={telHref(phone)} className="btn-secondary bg-white">
            <Phone aria-hidden="true" size={18} /> {phone}
          </a>
        </div>
      </div>
      <AskQuestionForm productId={productId} />
    </div>
  );
}

function AskQuestionForm({ productId }: { productId: number }) {
  return (
    <FeedbackForm
      kind="question"
      productId={productId}
      schema={questionFormSchema}
      openLabel="Ask a question"
      heading="Ask about this part"
      submitLabel="Send question"
      nameField={{ name: "askedBy" }}
      read={formFields}
    >
      {(errors, id) => (
        <TextAreaField
          id={`${id}-question`}
          name="question"
          label="Your question"
          required
          rows={3}
          maxLength={QUESTION_MAX}
          error={errors.question}
          hint="Include your pump, filter or heater model so we can check the fit."
        />
      )}
    </FeedbackForm>
  );
}
