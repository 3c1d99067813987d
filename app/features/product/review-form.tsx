// "Write a review" on the product page: stars, title, text, name and (optionally) e-mail. Checked with the
// same schema as the API; sent with a bot-check answer; the review shows after the store approves it.
import { Star } from "lucide-react";
import { useState } from "react";
import { REVIEW_BODY_MAX, reviewFormSchema } from "../../../shared/product-feedback.ts";
import { TextAreaField, TextField } from "../../components/ui/text-field.tsx";
import { formFields } from "../../lib/form-fields.ts";
import { FeedbackForm } from "./feedback-form.tsx";

const STAR_LABELS = ["Poor", "Fair", "Good", "Very good", "Excellent"];

export function ReviewForm({ productId, productTitle }: { productId: number; productTitle: string }) {
  const [stars, setStars] = useState(0);
  return (
    <FeedbackForm
      kind="review"
      productId={productId}
      schema={reviewFormSchema}
      openLabel="Write a review"
      heading={`Review ${productTitle}`}
      submitLabel="Submit review"
      nameField={{ name: "authorName", hint: "Shown with your review." }}
      // The chosen stars as a number (the radio buttons' value is text).
      read={(form) => ({ ...formFields(form), starsRating: stars })}
    >
      {(errors, id) => (
        <>
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
              <span className="ml-2 text-sm text-muted">
                {stars > 0 ? STAR_LABELS[stars - 1] : "Choose 1 to 5 stars"}
              </span>
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
        </>
      )}
    </FeedbackForm>
  );
}
