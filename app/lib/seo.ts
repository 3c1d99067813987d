// Page metadata and structured data (page title with the store name, product structured data). Loaders compute a `PageSeo` on the server; each route's `meta`
// export turns it into tags with `seoMeta`, so the first HTML already carries title, description,
// canonical URL, robots, Open Graph and JSON-LD.
import type { MetaDescriptor } from "react-router";
import { imageUrlForWidth } from "../../shared/image-srcset.ts";

/** Open Graph image width. */
export const OG_IMAGE_WIDTH = 200;
/** Offers are declared valid for one week from the day the page is rendered. */
export const PRICE_VALID_DAYS = 7;
/** Used when the configuration has no merchantReturnDays. */
export const DEFAULT_RETURN_DAYS = 30;

/**
 * The contiguous ("mainland") United States: every state but Alaska and Hawaii, plus DC. Free shipping
 * and the offer's shipping details apply there only.
 */
export const MAINLAND_US_REGIONS = [
  "AL",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "DC",
  "FL",
  "GA",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
] as const;

export interface PageSeo {
  /** Final title, the store name already appended. */
  title: string;
  description: string;
  /** Absolute canonical URL. */
  canonical: string;
  indexed: boolean;
  /** Absolute image URL for Open Graph, or null. */
  image: string | null;
  ogType: "website" | "product" | "product.group";
  siteName: string;
  /** JSON-LD objects, each emitted as its own script tag. */
  jsonLd: readonly Record<string, unknown>[];
}

/** 'Title | Store' unless the title already names the store. */
export function withStoreName(title: string | null | undefined, storeName: string): string {
  const text = (title ?? "").trim();
  if (!text) return storeName;
  return text.toLowerCase().includes(storeName.toLowerCase()) ? text : `${text} | ${storeName}`;
}

/** An absolute URL on the store's public origin. Already absolute URLs are kept. */
export function absoluteUrl(pathOrUrl: string, publicUrl: string): string {
  return new URL(pathOrUrl, publicUrl.endsWith("/") ? publicUrl : `${publicUrl}/`).toString();
}

/** The Open Graph image: the smallest `_{width}x` variant at least 200 px wide when there is one. */
export function ogImageUrl(url: string | null | undefined, publicUrl: string): string | null {
  if (!url) return null;
  return absoluteUrl(imageUrlForWidth(url, OG_IMAGE_WIDTH) ?? url, publicUrl);
}

/** Plain text for a meta description: tags dropped, entities of the common kind decoded, one line, ≤ 160 chars. */
export function plainDescription(html: string | null | undefined, maxLength = 160): string {
  const text = (html ?? "")
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > maxLength / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

/** The canonical URL of a listing: its path plus only the parameters that change what is listed. */
export function canonicalListingUrl(
  pathname: string,
  params: URLSearchParams,
  keep: readonly string[],
  publicUrl: string,
): string {
  const canonical = new URLSearchParams();
  for (const name of keep) for (const value of params.getAll(name)) if (value !== "") canonical.append(name, value);
  const query = canonical.toString();
  return absoluteUrl(query ? `${pathname}?${query}` : pathname, publicUrl);
}

/** The meta tags of a page. */
export function seoMeta(seo: PageSeo): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    { property: "og:type", content: seo.ogType },
    { name: "twitter:card", content: "summary" },
  ];
  if (!seo.indexed) tags.push({ name: "robots", content: "noindex" });
  if (seo.image) {
    tags.push(
      { property: "og:image", content: seo.image },
      { property: "og:image:width", content: String(OG_IMAGE_WIDTH) },
    );
  }
  for (const data of seo.jsonLd) tags.push({ "script:ld+json": data });
  return tags;
}

/** Meta for a page whose loader failed (404 and other errors): a title and noindex. */
export function errorMeta(storeName: string | undefined, title = "404 Not Found"): MetaDescriptor[] {
  return [{ title: withStoreName(title, storeName ?? "Store") }, { name: "robots", content: "noindex" }];
}

export interface BreadcrumbLd {
  name: string;
  /** Absolute URL; the last crumb may leave it out (Google accepts that). */
  url?: string;
}

export function breadcrumbListLd(crumbs: readonly BreadcrumbLd[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      ...(crumb.url ? { item: crumb.url } : {}),
    })),
  };
}

export interface OrganizationInput {
  storeName: string;
  publicUrl: string;
  logoUrl: string;
  phone: string;
  email: string;
}

export function organizationLd(input: OrganizationInput): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: input.storeName,
    url: absoluteUrl("/", input.publicUrl),
    logo: absoluteUrl(input.logoUrl, input.publicUrl),
    contactPoint: {
      "@type": "ContactPoint",
      telephone: input.phone,
      email: input.email,
      contactType: "customer service",
      areaServed: "US",
      availableLanguage: "English",
    },
  };
}

/** WebSite with the sitelinks search box: Google sends searches to the results page. */
export function websiteLd(storeName: string, publicUrl: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: storeName,
    url: absoluteUrl("/", publicUrl),
    potentialAction: {
      "@type": "SearchAction",
      target: {
        "@type": "EntryPoint",
        urlTemplate: `${absoluteUrl("/searchresults.asp", publicUrl)}?q={search_term_string}`,
      },
      "query-input": "required name=search_term_string",
    },
  };
}

export interface ProductLdInput {
  name: string;
  description: string;
  url: string;
  images: readonly string[];
  sku: string | null;
  mpn: string | null;
  brand: string | null;
  price: number;
  currency: string;
  availableForSale: boolean;
  avgRating: number;
  totalReviews: number;
  /** merchantReturnDays from the configuration. */
  returnDays: number | null | undefined;
  storeName: string;
  /**
   * What one unit costs to ship to the mainland US, from the rate table (0 when it ships free); null
   * when unknown, and then no shipping details are claimed.
   */
  shippingRate: number | null;
  /** The day the offer is rendered; the price stays valid a week from it. */
  now: Date;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Product with its offer, rating, return policy and shipping to the mainland US. */
export function productLd(input: ProductLdInput): Record<string, unknown> {
  const validUntil = new Date(input.now.getTime() + PRICE_VALID_DAYS * 24 * 60 * 60 * 1000);
  const returnDays = input.returnDays && input.returnDays > 0 ? input.returnDays : DEFAULT_RETURN_DAYS;
  const offer: Record<string, unknown> = {
    "@type": "Offer",
    url: input.url,
    priceCurrency: input.currency,
    priceValidUntil: isoDay(validUntil),
    availability: input.availableForSale ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    itemCondition: "https://schema.org/NewCondition",
    seller: { "@type": "Organization", name: input.storeName },
    hasMerchantReturnPolicy: {
      "@type": "MerchantReturnPolicy",
      applicableCountry: "US",
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: returnDays,
      returnMethod: "https://schema.org/ReturnByMail",
      returnFees: "https://schema.org/RestockingFees",
    },
    price: input.price.toFixed(2),
  };
  if (input.shippingRate !== null && Number.isFinite(input.shippingRate) && input.shippingRate >= 0) {
    offer.shippingDetails = {
      "@type": "OfferShippingDetails",
      shippingDestination: {
        "@type": "DefinedRegion",
        addressCountry: "US",
        addressRegion: [...MAINLAND_US_REGIONS],
      },
      shippingRate: {
        "@type": "MonetaryAmount",
        value: Number(input.shippingRate.toFixed(2)),
        currency: input.currency,
      },
    };
  }
  const product: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: input.name,
    description: input.description,
    url: input.url,
    image: input.images,
  };
  // A zero price means "call for price": an offer needs a price, so none is claimed at all.
  if (input.price > 0) product.offers = offer;
  if (input.sku) product.sku = input.sku;
  if (input.mpn) product.mpn = input.mpn;
  if (input.brand) product.brand = { "@type": "Brand", name: input.brand };
  if (input.totalReviews > 0 && input.avgRating > 0) {
    product.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: Number(input.avgRating.toFixed(2)),
      reviewCount: input.totalReviews,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return product;
}

/** ItemList of the products on a listing page (helps crawlers find them without running scripts). */
export function itemListLd(urls: readonly string[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: urls.map((url, index) => ({ "@type": "ListItem", position: index + 1, url })),
  };
}
