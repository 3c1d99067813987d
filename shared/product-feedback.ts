// The shopper's review and question forms on the product page: one schema each, used by the form (instant
// feedback) and by the API (the judge). Texts are plain: the store shows them escaped, never as HTML.
import { z } from "zod";

/** Drops control characters other than tab and line breaks (pasted from elsewhere, never meant). */
function withoutControlCharacters(value: string): string {
  let result = "";
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code === 9 || code === 10 || code === 13 || (code >= 32 && code !== 127)) result += char;
  }
  return result;
}

/** Trimmed text with one space between words, at most `max` characters. */
const plainText = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .transform((value) => withoutControlCharacters(value).trim())
    .pipe(
      z
        .string()
        .min(min, { error: min <= 1 ? `${label} is required.` : `${label} needs at least ${min} characters.` })
        .max(max, { error: `${label} can be at most ${max} characters.` }),
    );

const optionalEmail = z
  .string()
  .trim()
  .max(254, { error: "The e-mail address is too long." })
  .transform((value) => value.toLowerCase())
  .pipe(z.union([z.literal(""), z.email({ error: "Enter a valid e-mail address, such as name@example.com." })]))
  .optional()
  .transform((value) => (value ? value : undefined));

/** A bot-check answer (the store's proof of work, or a reCAPTCHA token). */
const botToken = z.string().max(20_000).optional();

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 5000;

export const reviewFormSchema = z.object({
  starsRating: z.coerce
    .number({ error: "Choose a rating from 1 to 5 stars." })
    .int({ error: "Choose a rating from 1 to 5 stars." })
    .min(1, { error: "Choose a rating from 1 to 5 stars." })
    .max(5, { error: "Choose a rating from 1 to 5 stars." }),
  title: plainText("The title", 1, REVIEW_TITLE_MAX),
  body: plainText("The review", 10, REVIEW_BODY_MAX),
  authorName: plainText("Your name", 1, 60),
  email: optionalEmail,
  token: botToken,
});
export type ReviewForm = z.input<typeof reviewFormSchema>;
export type ReviewSubmission = z.output<typeof reviewFormSchema>;

export const QUESTION_MAX = 300;

export const questionFormSchema = z.object({
  question: plainText("Your question", 10, QUESTION_MAX),
  details: plainText("The details", 0, 2000).optional(),
  askedBy: plainText("Your name", 1, 60),
  email: optionalEmail,
  token: botToken,
});
export type QuestionForm = z.input<typeof questionFormSchema>;
export type QuestionSubmission = z.output<typeof questionFormSchema>;

/** What the shopper is told once the form is sent. */
export const REVIEW_THANKS = "Thank you! Your review will appear once our team has checked it.";
export const QUESTION_THANKS = "Thank you! Our pool techs will answer your question, usually within one business day.";
