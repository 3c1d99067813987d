// The audit log's filters, read from the page's address and the API's query string alike.
import { z } from "zod";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date as YYYY-MM-DD" })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: "Not a real date" });

export const auditQuerySchema = z
  .object({
    staffId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    entity: z.string().trim().min(1).max(50).optional(),
    entityId: z.string().trim().min(1).max(100).optional(),
    action: z.string().trim().min(1).max(100).optional(),
    /** First day shown (UTC). */
    from: day.optional(),
    /** Last day shown (UTC), included. */
    to: day.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .transform(({ from, to, ...rest }) => ({
    ...rest,
    from: from ? new Date(`${from}T00:00:00Z`) : undefined,
    to: to ? new Date(Date.parse(`${to}T00:00:00Z`) + 24 * 60 * 60 * 1000) : undefined,
  }));

/** The query as the page's address carries it (dates as typed). */
export function auditSearchParams(url: URL) {
  const read = (name: string) => url.searchParams.get(name) || undefined;
  return {
    staffId: read("staffId"),
    entity: read("entity"),
    entityId: read("entityId"),
    action: read("action"),
    from: read("from"),
    to: read("to"),
    page: read("page"),
  };
}
