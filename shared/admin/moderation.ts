// The review and question moderation screens (/admin/reviews, /admin/questions) and their API: one
// schema for the list's filters and one for each action.
import { z } from "zod";

export const moderationListQuerySchema = z.object({
  status: z
    .enum(["pending", "approved", "rejected"], { error: "must be pending, approved or rejected" })
    .default("pending"),
  q: z.string().trim().max(200, { error: "The search can be at most 200 characters." }).optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ModerationListQuery = z.output<typeof moderationListQuerySchema>;

export const reviewActionSchema = z.object({
  status: z.enum(["approved", "rejected"], { error: "Choose approve or reject." }),
});

export const questionActionSchema = z
  .object({
    answer: z.string().trim().max(5000, { error: "The answer can be at most 5,000 characters." }).optional(),
    status: z.enum(["approved", "rejected"], { error: "Choose approve or reject." }).optional(),
  })
  .refine((value) => value.answer !== undefined || value.status !== undefined, {
    error: "Send an answer, a decision (approve or reject), or both.",
  });
export type QuestionAction = z.output<typeof questionActionSchema>;
