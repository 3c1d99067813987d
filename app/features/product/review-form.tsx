// "Write a review" on the product page: stars, title, text, name and (optionally) e-mail. Checked with the
// same schema as the API; sent with a bot-check answer; the review shows after the store approves it.
import { Star } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { REVIEW_BODY_MAX, reviewFormSchema } from "../../../shared/product-feedback.ts";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { TextAreaField, TextField } from "../../components/ui/text-field.tsx";
import { useFeedbackForm } from "./feedback-api.ts";

const STAR_LABELS = ["Poor", "Fair", "Good", "Very good", "Excellent"];

export function ReviewForm({ productId, productTitle }: { productId: number; productTitle: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [stars, setStars] = useState(0);
  const { errors, busy, result, send } = useFeedbackForm("review", productId, reviewFormSchema);

  if (result?.tone === "success") {
    return <Notice tone="success">{result.text}</Notice>;
  }
  if (!open) {
    return (
      <button type="button" className="btn-secondary" onClick={() => setOpen(true)}>
        Write a review
      </button>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields = {
      starsRating: stars,
      title: String(form.get("title") ?? ""),
      body: String(form.get("body") ?? ""),
      authorName: String(form.get("authorName") ?? ""),
      email: String(form.get("email") ?? ""),
    };
    await send(fields);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="max-w-2xl space-y-4 rounded-lg border border-line bg-white p-4 desk:p-6"
    >
      <h3 className="text-lg font-bold text-water-900">Review {productTitle}</h3>
      <fieldset aria-describedby={errors.starsRating ? `${id}-stars-error` : undefined}>
        <legend className="mb-1 text-sm font-semibold text-ink">
          Your rating
          <span aria-hidden="true" className="text-sale">
            {" "}
            *
          </span>
        </legend>
        <div className="flex items-center gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded p-1 has-focus-visible:ring-3 has-focus-visible:ring-aqua-500"
            >
              <input
                type="radio"
                name="starsRating"
                value={value}
                checked={stars === value}
                onChange={() => setStars(value)}
                className="sr-only"
                aria-label={`${value} star${value === 1 ? "" : "s"}: ${STAR_LABELS[value - 1]}`}
              />
              <Star aria-hidden="true" size={30} className={value <= stars ? "fill-star text-star" : "text-line"} />
            </label>
          ))}
          <span className="ml-2 text-sm text-muted">{stars > 0 ? STAR_LABELS[stars - 1] : "Choose 1 to 5 stars"}</span>
        </div>
        {errors.starsRating ? (
          <p id={`${id}-stars-error`} className="mt-1 text-sm font-medium text-sale">
            {errors.starsRating}
          </p>
        ) : null}
      </fieldset>
      <TextField
        id={`${id}-title`}
        name="title"
        label="Title"
        required
        maxLength={120}
        error={errors.title}
        placeholder="Fit my pump perfectly"
      />
      <TextAreaField
        id={`${id}-body`}
        name="body"
        label="Your review"
        required
        rows={5}
        maxLength={REVIEW_BODY_MAX}
        error={errors.body}
        hint="How did it fit, and how has it held up? Mention your equipment model if you know it."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          name="authorName"
          label="Your name"
          required
          maxLength={60}
          autoComplete="name"
          error={errors.authorName}
          hint="Shown with your review."
        />
        <TextField
          id={`${id}-email`}
          name="email"
          type="email"
          label="E-mail"
          maxLength={254}
          autoComplete="email"
          error={errors.email}
          hint="Optional; never shown."
        />
      </div>
      {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
      <div className="flex flex-wrap gap-3">
        <BusyButton busy={busy} busyLabel="Sending...">
          Submit review
        </BusyButton>
        <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
