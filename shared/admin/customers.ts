// The customer screens of the back office (/admin/customers) and their API.
import { z } from "zod";

export const customerListQuerySchema = z.object({
  q: z.string().trim().max(200, { error: "The search can be at most 200 characters." }).optional(),
  kind: z
    .enum(["all", "registered", "guest", "disabled"], { error: "must be all, registered, guest or disabled" })
    .default("all"),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

export const customerAccessSchema = z.object({
  disabled: z.boolean({ error: "Say whether the account is disabled (true or false)." }),
});
