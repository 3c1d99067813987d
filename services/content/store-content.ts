// The storefront's editable parts (announcement bar, hero slides, featured products, footer links,
// exit-intent offer): what staff saved in the back office (table store_settings, keys `content.<part>`),
// and for every part nobody saved, config/store.json. Read through a one-minute cache that any store
// change empties, so a save shows on the next page.
import { like } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { storeSettings } from "../../db/schema/content.ts";
import { STORE_CONTENT_KEYS, type StoreContent, storeContentSchema } from "../../shared/admin/content.ts";
import type { StoreConfig } from "../../shared/store-config.ts";
import { createTtlCache } from "../ttl-cache.ts";

export const CONTENT_KEY_PREFIX = "content.";

const savedCache = createTtlCache<Partial<StoreContent>>();

/** The parts staff saved; a row that no longer passes the schema is left out (the file decides). */
export async function loadSavedContent(db: Database): Promise<Partial<StoreContent>> {
  return savedCache(db, "saved", async () => {
    const rows = await db
      .select({ key: storeSettings.key, value: storeSettings.value })
      .from(storeSettings)
      .where(like(storeSettings.key, `${CONTENT_KEY_PREFIX}%`));
    const saved: Partial<StoreContent> = {};
    for (const row of rows) {
      const key = row.key.slice(CONTENT_KEY_PREFIX.length) as keyof StoreContent;
      if (!STORE_CONTENT_KEYS.includes(key)) continue;
      const parsed = storeContentSchema.shape[key].safeParse(row.value);
      if (parsed.success) (saved as Record<string, unknown>)[key] = parsed.data;
    }
    return saved;
  });
}

/** The parts as the file has them (the default of a new store). */
export function contentFromFile(store: StoreConfig): StoreContent {
  const theme = store.themeConfig;
  return {
    announcement: store.storefrontAnnouncement,
    heroSlides: theme.heroSection.images,
    featuredProducts: theme.featuredProducts ?? null,
    footerLinks: theme.footerNavLinks.information,
    exitIntent: theme.exitIntentPopUp ?? null,
  };
}

/** The store configuration with the saved parts laid over the file's. */
export function applyContent(store: StoreConfig, saved: Partial<StoreContent>): StoreConfig {
  const content = { ...contentFromFile(store), ...saved };
  return {
    ...store,
    storefrontAnnouncement: content.announcement,
    themeConfig: {
      ...store.themeConfig,
      heroSection: { ...store.themeConfig.heroSection, images: content.heroSlides },
      featuredProducts: content.featuredProducts ?? undefined,
      footerNavLinks: { ...store.themeConfig.footerNavLinks, information: content.footerLinks },
      exitIntentPopUp: content.exitIntent ?? undefined,
    },
  };
}

/** What the storefront shows: config/store.json with what staff saved over it. */
export async function storefrontConfig(db: Database, store: StoreConfig): Promise<StoreConfig> {
  return applyContent(store, await loadSavedContent(db));
}
