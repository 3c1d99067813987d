// The list query of the reviews and questions pages from their URL (?status=, ?q=, ?page=): a value the
// schema refuses falls back to the first page of those waiting.
import { type ModerationListQuery, moderationListQuerySchema } from "../../../../shared/admin/moderation.ts";
import { tableParams } from "../ui/data-table.tsx";

export function moderationQuery(url: URL, pageSize: number): ModerationListQuery {
  const parsed = moderationListQuerySchema.safeParse({
    status: url.searchParams.get("status") ?? undefined,
    q: url.searchParams.get("q") || undefined,
    page: tableParams(url).page - 1,
    pageSize,
  });
  return parsed.success ? parsed.data : moderationListQuerySchema.parse({ pageSize });
}
