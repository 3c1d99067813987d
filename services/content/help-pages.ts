// The help centre: /help.asp lists the answers by category, /help_answer/{handle} shows one.
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { helpPages } from "../../db/schema/content.ts";

export interface HelpPageSummary {
  id: number;
  handle: string;
  title: string;
  category: string;
}

export interface HelpCategory {
  category: string;
  pages: HelpPageSummary[];
}

export interface HelpPage extends HelpPageSummary {
  bodyHtml: string;
  updatedAt: string;
}

/** Pages without a category are grouped under this name. */
export const GENERAL_HELP_CATEGORY = "General";

/** Every help page, grouped by category; categories in the order of their first page. */
export async function listHelpCategories(db: Database): Promise<HelpCategory[]> {
  const rows = await db
    .select({ id: helpPages.id, handle: helpPages.handle, title: helpPages.title, category: helpPages.category })
    .from(helpPages)
    .orderBy(asc(helpPages.position), asc(helpPages.id));
  const groups = new Map<string, HelpPageSummary[]>();
  for (const row of rows) {
    const category = row.category?.trim() || GENERAL_HELP_CATEGORY;
    const list = groups.get(category) ?? [];
    list.push({ ...row, category });
    groups.set(category, list);
  }
  return [...groups].map(([category, pages]) => ({ category, pages }));
}

export async function findHelpPage(db: Database, handle: string): Promise<HelpPage | null> {
  const [row] = await db
    .select({
      id: helpPages.id,
      handle: helpPages.handle,
      title: helpPages.title,
      category: helpPages.category,
      bodyHtml: helpPages.bodyHtml,
      updatedAt: helpPages.updatedAt,
    })
    .from(helpPages)
    .where(eq(helpPages.handle, handle))
    .limit(1);
  if (!row) return null;
  return {
    ...row,
    category: row.category?.trim() || GENERAL_HELP_CATEGORY,
    bodyHtml: row.bodyHtml ?? "",
    updatedAt: row.updatedAt.toISOString(),
  };
}
