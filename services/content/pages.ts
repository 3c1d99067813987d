// Generic pages served at /{handle} (contact, accessibility, price match...).
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { pages } from "../../db/schema/content.ts";

export interface ContentPage {
  id: number;
  handle: string;
  title: string;
  bodyHtml: string;
  seoTitle: string | null;
  seoDescription: string | null;
  isIndexed: boolean;
  updatedAt: string;
}

export async function findPageByHandle(db: Database, handle: string): Promise<ContentPage | null> {
  const [row] = await db.select().from(pages).where(eq(pages.handle, handle)).limit(1);
  if (!row) return null;
  return { ...row, bodyHtml: row.bodyHtml ?? "", updatedAt: row.updatedAt.toISOString() };
}
