// The shell's part of the root loader: header bar texts and links, the exit-intent offer, the seller
// reviews link and the footer's brands, categories and rating.
import { EMPTY_FOOTER, type FooterData, loadFooterData } from "../../../services/content/footer-data.ts";
import type { StoreServices } from "../../../services/store-services.ts";

export interface ShellData {
  rollingTexts: string[];
  headerLinks: { title: string; url: string }[];
  exitIntentOffer: { backgroundImageUrl: string; discountMessage: string; discountCode: string } | null;
  reviewsUrl: string;
  sealId: string;
  footer: FooterData;
}

export async function loadShellData(services: StoreServices): Promise<ShellData> {
  const store = services.config.store;
  const theme = store.themeConfig;
  let footer = EMPTY_FOOTER;
  try {
    footer = await loadFooterData(services.database.db, store.paths.collections);
  } catch (error) {
    // Spec §8: footer loading errors are only logged; the page renders without those lists.
    console.error("Footer data could not be loaded:", error);
  }
  return {
    rollingTexts: theme.headerRollingTexts,
    headerLinks: theme.additionalHeaderLinks,
    exitIntentOffer: theme.exitIntentPopUp ?? null,
    reviewsUrl: store.reviewsUrl,
    sealId: store.sealId,
    footer,
  };
}
