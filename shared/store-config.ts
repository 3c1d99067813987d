import { z } from "zod";

// The app and theme configuration of the store (config/store.json). Everything here is
// public: it is sent to the browser as part of the root loader data.

const link = z.object({ title: z.string().min(1), url: z.string().min(1) });
const path = z.string().regex(/^\/[a-z0-9-]+$/i, "must be a single path segment such as /products");

export const themeConfigSchema = z.object({
  defaultLimitPerPage: z.number().int().positive().default(24),
  storeCurrency: z.string().length(3).default("USD"),
  seoTitle: z.string().default(""),
  seoDescription: z.string().default(""),
  blogDescription: z.string().default(""),
  productNoImageUrl: z.string().default("/img/no-image.svg"),
  features: z.array(z.object({ title: z.string(), text: z.string(), icon: z.string().default("check") })).default([]),
  topCategories: z.array(z.string()).default([]),
  heroSection: z
    .object({
      images: z.array(
        z.object({
          url: z.string(),
          /** The slide for phones (art direction): a taller picture whose lettering reads at 390 px. */
          phoneUrl: z.string().optional(),
          alt: z.string(),
          link: z.string().optional(),
          title: z.string().optional(),
        }),
      ),
    })
    .default({ images: [] }),
  aboutUs: z
    .object({ descriptions: z.array(z.object({ question: z.string(), answer: z.string() })) })
    .default({ descriptions: [] }),
  featuredProducts: z.object({ url: z.string(), bannerUrl: z.string() }).optional(),
  footerNavLinks: z.object({ information: z.array(link) }).default({ information: [] }),
  imagePlacements: z
    .object({
      collection: z.object({
        topBanner: z.string(),
        /** The category banner's phone version (its own picture, like the hero's phoneUrl). */
        topBannerPhone: z.string().default("topBannerPhone"),
        menuImage: z.string(),
      }),
    })
    .default({ collection: { topBanner: "topBanner", topBannerPhone: "topBannerPhone", menuImage: "menuImage" } }),
  headerRollingTexts: z.array(z.string()).default([]),
  exitIntentPopUp: z
    .object({ backgroundImageUrl: z.string(), discountMessage: z.string(), discountCode: z.string() })
    .optional(),
  additionalHeaderLinks: z.array(link).default([]),
});

/**
 * The support chat (spec shopping §1: support is advertised with chat): the chat provider's script and
 * the store's id with it. Both empty: no chat entry. The script loads only when a shopper opens the
 * chat; `{id}` in the URL is replaced by the id, which the script also finds in its data-chat-id.
 */
export const supportChatSchema = z
  .object({
    scriptUrl: z
      .string()
      .trim()
      .refine((url) => url === "" || /^https:\/\/[^/\s]+\/\S*$/i.test(url), "must be an https:// URL (or empty)")
      .default(""),
    id: z.string().trim().max(200).default(""),
  })
  .refine((chat) => (chat.scriptUrl === "") === (chat.id === ""), "give both scriptUrl and id, or neither")
  .default({ scriptUrl: "", id: "" });

export const storeConfigSchema = z.object({
  storeName: z.string().min(1),
  storeLogoUrl: z.string().min(1),
  storeFaviconUrl: z.string().default("/favicon.svg"),
  contactPhoneNumber: z.string().min(1),
  storeEmail: z.email(),
  storeAddress: z.string().default(""),
  gTagId: z.string().default(""),
  storeCurrency: z.string().length(3).default("USD"),
  appTimeZone: z.string().default("America/Los_Angeles"),
  merchantReturnDays: z.number().int().nonnegative().default(30),
  /** A variant with at most this many in stock is on the back office's low-stock list (unless it sets its own). */
  lowStockThreshold: z.number().int().nonnegative().default(5),
  recaptchaSiteKey: z.string().default(""),
  storefrontAnnouncement: z.string().default(""),
  sealId: z.string().default(""),
  reviewsUrl: z.string().default(""),
  supportChat: supportChatSchema,
  paths: z
    .object({
      products: path.default("/products"),
      collections: path.default("/collections"),
      blog: path.default("/blog"),
    })
    .default({ products: "/products", collections: "/collections", blog: "/blog" }),
  themeConfig: themeConfigSchema,
});

export type StoreConfig = z.infer<typeof storeConfigSchema>;
export type ThemeConfig = z.infer<typeof themeConfigSchema>;

/** The currency prices are shown in (the theme's storeCurrency), the app config's as a fallback. */
export function displayCurrency(store: Pick<StoreConfig, "storeCurrency" | "themeConfig">): string {
  return store.themeConfig.storeCurrency || store.storeCurrency;
}

/** The page-size options shared by the API and the pages. */
export const PAGE_SIZE_OPTIONS = [8, 16, 24, 48, 64, 76] as const;
