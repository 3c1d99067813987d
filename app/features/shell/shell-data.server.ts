// The shell's part of the root loader: header bar texts and links, the exit-intent offer, the seller
// reviews link and the footer's brands, categories and rating.
import type { Database } from "../../../db/client.ts";
import { getNavigation, type NavigationItem } from "../../../services/catalog/navigation.ts";
import { EMPTY_FOOTER, type FooterData, loadFooterData } from "../../../services/content/footer-data.ts";
import type { StoreServices } from "../../../services/store-services.ts";
import { reviewImageOrigins, sealImageUrl } from "../../../shared/review-seal.ts";
import type { AppLoadContext } from "../../context.ts";
import { createTtlCache } from "../catalog/catalog-data.server.ts";
import { loadStorefrontConfig } from "../content/store-content.server.ts";

export interface ShellData {
  rollingTexts: string[];
  headerLinks: { title: string; url: string }[];
  exitIntentOffer: { backgroundImageUrl: string; discountMessage: string; discountCode: string } | null;
  reviewsUrl: string;
  sealId: string;
  /** The review provider's seal image for the seller reviews badge (from sealId); null: the store's own badge. */
  sealUrl: string | null;
  /** Where the review provider's images (seal, reviewers' avatars) may come from. */
  reviewImageOrigins: string[];
  /** The store's favicon (storeFaviconUrl) and its media type when the extension tells it. */
  favicon: { href: string; type: string | undefined };
  /** The footer's copyright year in the store's time zone, so the server and the browser agree at New Year. */
  copyrightYear: number;
  footer: FooterData;
  /** The header's category bar: the main menu, two levels. */
  navigation: NavigationItem[];
}

/** The menu changes rarely and every page reads it: reused for a minute, like the catalog's shared data. */
const navigationCache = createTtlCache<NavigationItem[]>();

export function loadNavigation(db: Database, collectionUrlPrefix: string): Promise<NavigationItem[]> {
  return navigationCache(db, collectionUrlPrefix, () => getNavigation(db, { collectionUrlPrefix, depth: 2 }));
}

export async function loadShellData(services: StoreServices, logger: AppLoadContext["logger"]): Promise<ShellData> {
  const store = await loadStorefrontConfig(services);
  const theme = store.themeConfig;
  let footer = EMPTY_FOOTER;
  try {
    footer = await loadFooterData(services.database.readDb, store.paths.collections);
  } catch (error) {
    // Footer loading errors are only logged; the page renders without those lists.
    logger.error({ err: error }, "Footer data could not be loaded");
  }
  let navigation: NavigationItem[] = [];
  try {
    navigation = await loadNavigation(services.database.readDb, store.paths.collections);
  } catch (error) {
    // Like the footer: a page without the category bar is better than no page (the sidebar still has them).
    logger.error({ err: error }, "Navigation could not be loaded");
  }
  return {
    navigation,
    rollingTexts: theme.headerRollingTexts,
    headerLinks: theme.additionalHeaderLinks,
    exitIntentOffer: theme.exitIntentPopUp ?? null,
    reviewsUrl: store.reviewsUrl,
    sealId: store.sealId,
    sealUrl: sealImageUrl(store.sealId),
    reviewImageOrigins: reviewImageOrigins(store),
    favicon: { href: store.storeFaviconUrl, type: faviconType(store.storeFaviconUrl) },
    copyrightYear: yearIn(store.appTimeZone),
    footer,
  };
}

const FAVICON_TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
  gif: "image/gif",
  webp: "image/webp",
};

/** The favicon's media type from its extension; undefined lets the browser sniff it. */
export function faviconType(url: string): string | undefined {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase();
  return extension ? FAVICON_TYPES[extension] : undefined;
}

/** Year formatters by time zone: building one costs more than the rest of the shell data. */
const yearFormats = new Map<string, Intl.DateTimeFormat | null>();

/** The calendar year at `now` in the store's time zone (UTC when the zone is unknown). */
export function yearIn(timeZone: string, now: Date = new Date()): number {
  let format = yearFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone });
    } catch {
      format = null;
    }
    if (yearFormats.size < 100) yearFormats.set(timeZone, format);
  }
  return format ? Number(format.format(now)) : now.getUTCFullYear();
}
