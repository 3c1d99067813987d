// The content screens of the back office (/admin/content): the storefront's editable theme parts
// (announcement bar, hero slides, featured products, footer links, exit-intent offer), articles and help
// pages. One schema per form, shared by the page and the API.
import { z } from "zod";

/** A link the storefront follows: a path on the store, or an https:// address. */
const href = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(500, { error: `${label} can be at most 500 characters.` })
    .refine((value) => /^\/(?!\/)/.test(value) || /^https:\/\/[^\s/]+/i.test(value), {
      error: `${label} must be a path on the store (starting with /) or an https:// address.`,
    });

const optionalHref = (label: string) =>
  z
    .string()
    .trim()
    .max(500)
    .refine((value) => value === "" || /^\/(?!\/)/.test(value) || /^https:\/\/[^\s/]+/i.test(value), {
      error: `${label} must be a path on the store (starting with /) or an https:// address.`,
    })
    .transform((value) => (value === "" ? undefined : value))
    .optional();

const shortText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} can be at most ${max} characters.` });

export const heroSlideSchema = z.object({
  url: href("The picture"),
  phoneUrl: optionalHref("The phone picture"),
  alt: shortText("The picture's description (alt text)", 200),
  link: optionalHref("The link"),
  title: z
    .string()
    .trim()
    .max(120)
    .transform((value) => (value === "" ? undefined : value))
    .optional(),
});

export const footerLinkSchema = z.object({
  title: shortText("The link's text", 60),
  url: href("The link's address"),
});

/** Each part of the storefront staff may edit; absent = the store's file (config/store.json) decides. */
export const storeContentSchema = z.object({
  announcement: z.string().trim().max(200, { error: "The announcement can be at most 200 characters." }),
  heroSlides: z.array(heroSlideSchema).max(10, { error: "The home page shows at most 10 slides." }),
  featuredProducts: z
    .object({ url: href("The featured products' link"), bannerUrl: href("The banner picture") })
    .nullable(),
  footerLinks: z.array(footerLinkSchema).max(20, { error: "The footer can list at most 20 links." }),
  exitIntent: z
    .object({
      backgroundImageUrl: href("The background picture"),
      discountMessage: shortText("The offer's message", 120),
      discountCode: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9][A-Z0-9_-]{2,39}$/, {
          error: "The code can use letters, digits, dashes and underscores (3 to 40).",
        }),
    })
    .nullable(),
});
export type StoreContent = z.output<typeof storeContentSchema>;
export type StoreContentKey = keyof StoreContent;
export const STORE_CONTENT_KEYS = Object.keys(storeContentSchema.shape) as StoreContentKey[];

/** A save of some parts; the others stay as they are. */
export const storeContentPatchSchema = storeContentSchema.partial().refine((value) => Object.keys(value).length > 0, {
  error: "Send at least one part to save: announcement, heroSlides, featuredProducts, footerLinks or exitIntent.",
});

const handle = z
  .string({ error: "The address is required." })
  .trim()
  .toLowerCase()
  .min(1, { error: "The address is required." })
  .max(120, { error: "The address can be at most 120 characters." })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: "The address can use lower-case letters, digits and single dashes, such as winterizing-your-pool.",
  });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters.` })
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .default(null);

export const articleFormSchema = z.object({
  title: shortText("The title", 200),
  handle,
  kind: z.enum(["blog", "info"], { error: "Choose blog post or information page." }).default("blog"),
  author: optionalText(100),
  imageUrl: z
    .string()
    .trim()
    .max(500)
    .refine((value) => value === "" || /^\/(?!\/)/.test(value) || /^https:\/\/[^\s/]+/i.test(value), {
      error: "The picture must be a path on the store or an https:// address.",
    })
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .default(null),
  excerpt: optionalText(500),
  bodyHtml: z.string().max(200_000, { error: "The text is too long (at most 200,000 characters of HTML)." }),
  seoTitle: optionalText(200),
  seoDescription: optionalText(320),
  published: z.boolean().default(false),
});
export type ArticleForm = z.output<typeof articleFormSchema>;
export type ArticleFormInput = z.input<typeof articleFormSchema>;

export const helpPageFormSchema = z.object({
  title: shortText("The title", 200),
  handle,
  category: optionalText(100),
  bodyHtml: z.string().max(200_000, { error: "The text is too long (at most 200,000 characters of HTML)." }),
  position: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type HelpPageForm = z.output<typeof helpPageFormSchema>;

export const contentListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ContentListQuery = z.output<typeof contentListQuerySchema>;

/** Pictures staff may upload for articles and help pages. */
export const CONTENT_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
