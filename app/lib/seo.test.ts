import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  breadcrumbListLd,
  canonicalListingUrl,
  MAINLAND_US_REGIONS,
  ogImageUrl,
  type PageSeo,
  plainDescription,
  productLd,
  seoMeta,
  websiteLd,
  withStoreName,
} from "./seo.ts";

const STORE = "Blue Lagoon Pool & Spa Parts";

describe("withStoreName (spec §2: the store name is appended when missing)", () => {
  it("appends the store name", () => {
    expect(withStoreName("Pool Pumps", STORE)).toBe(`Pool Pumps | ${STORE}`);
  });
  it("leaves a title that already names the store, in any case", () => {
    expect(withStoreName(`Pumps at ${STORE.toUpperCase()}`, STORE)).toBe(`Pumps at ${STORE.toUpperCase()}`);
  });
  it("is the store name alone for an empty title", () => {
    expect(withStoreName("  ", STORE)).toBe(STORE);
    expect(withStoreName(null, STORE)).toBe(STORE);
  });
});

describe("URLs", () => {
  it("makes absolute URLs on the public origin", () => {
    expect(absoluteUrl("/products/x", "https://shop.example")).toBe("https://shop.example/products/x");
    expect(absoluteUrl("https://cdn.example/a.png", "https://shop.example")).toBe("https://cdn.example/a.png");
  });
  it("uses the 240 px variant (the first at least 200 px) of a demo image for Open Graph", () => {
    expect(ogImageUrl("/img/demo/pump/hayward/SP2610X15.svg", "https://shop.example")).toBe(
      "https://shop.example/img/demo/pump/hayward/SP2610X15_240x.webp",
    );
    expect(ogImageUrl(null, "https://shop.example")).toBeNull();
  });
  it("keeps only the listing parameters that change what is listed in a canonical URL", () => {
    const params = new URLSearchParams("q=pump&sortBy=price_asc&limit=48&page=2&v=Hayward");
    expect(canonicalListingUrl("/searchresults.asp", params, ["q", "v", "page"], "https://shop.example")).toBe(
      "https://shop.example/searchresults.asp?q=pump&v=Hayward&page=2",
    );
  });
});

describe("plainDescription", () => {
  it("drops tags and entities and cuts at a word within 160 characters", () => {
    expect(plainDescription("<p>Fits <b>Hayward</b> &amp; Pentair</p>")).toBe("Fits Hayward & Pentair");
    const long = plainDescription(`<p>${"word ".repeat(60)}</p>`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith("word…")).toBe(true);
  });
});

describe("productLd (spec §9)", () => {
  const now = new Date("2026-03-02T12:00:00Z");
  const base = {
    name: "Hayward Super Pump",
    description: "A pump.",
    url: "https://shop.example/products/hayward-super-pump",
    images: ["https://shop.example/img/a.svg"],
    sku: "SP2610X15",
    mpn: "SP2610X15",
    brand: "Hayward",
    price: 629.99,
    currency: "USD",
    availableForSale: true,
    avgRating: 4.3,
    totalReviews: 28,
    returnDays: 30,
    storeName: STORE,
    shippingRate: 0,
    now,
  };
  it("has an offer valid one week, its availability, a return policy and shipping to the mainland US", () => {
    const ld = productLd(base) as {
      offers: Record<string, unknown>;
      aggregateRating: Record<string, unknown>;
      brand: unknown;
    };
    expect(ld.offers).toMatchObject({
      price: "629.99",
      priceCurrency: "USD",
      priceValidUntil: "2026-03-09",
      availability: "https://schema.org/InStock",
      hasMerchantReturnPolicy: {
        merchantReturnDays: 30,
        returnMethod: "https://schema.org/ReturnByMail",
        returnFees: "https://schema.org/RestockingFees",
        applicableCountry: "US",
      },
    });
    const shipping = ld.offers.shippingDetails as {
      shippingDestination: { addressRegion: string[] };
      shippingRate: unknown;
    };
    expect(shipping.shippingDestination.addressRegion).toEqual([...MAINLAND_US_REGIONS]);
    expect(shipping.shippingDestination.addressRegion).not.toContain("AK");
    expect(shipping.shippingRate).toEqual({ "@type": "MonetaryAmount", value: 0, currency: "USD" });
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.3, reviewCount: 28 });
    expect(ld.brand).toEqual({ "@type": "Brand", name: "Hayward" });
  });
  it("falls back to the default return window, and claims no rating without reviews", () => {
    const ld = productLd({
      ...base,
      returnDays: 0,
      totalReviews: 0,
      availableForSale: false,
    }) as {
      offers: Record<string, unknown>;
      aggregateRating?: unknown;
    };
    expect((ld.offers.hasMerchantReturnPolicy as { merchantReturnDays: number }).merchantReturnDays).toBe(30);
    expect(ld.offers.availability).toBe("https://schema.org/OutOfStock");
    expect(ld.aggregateRating).toBeUndefined();
  });
  it("has no offer at all for a call-for-price product", () => {
    const ld = productLd({ ...base, price: 0 });
    expect(ld.offers).toBeUndefined();
    expect(ld.name).toBe("Hayward Super Pump");
  });
  it("states the paid rate when shipping is not free, and no shipping details when the rate is unknown", () => {
    const paid = productLd({ ...base, price: 49.99, shippingRate: 12.95 }) as { offers: Record<string, unknown> };
    expect(paid.offers.shippingDetails).toMatchObject({
      "@type": "OfferShippingDetails",
      shippingRate: { "@type": "MonetaryAmount", value: 12.95, currency: "USD" },
    });
    const unknown = productLd({ ...base, shippingRate: null }) as { offers: Record<string, unknown> };
    expect(unknown.offers.shippingDetails).toBeUndefined();
    expect(unknown.offers.price).toBe("629.99");
  });
});

describe("seoMeta", () => {
  const seo: PageSeo = {
    title: `Pool Pumps | ${STORE}`,
    description: "Pumps.",
    canonical: "https://shop.example/collections/pool-pumps",
    indexed: false,
    image: "https://shop.example/img/a_240x.webp",
    ogType: "website",
    siteName: STORE,
    jsonLd: [
      breadcrumbListLd([{ name: "Home", url: "https://shop.example/" }, { name: "Pool Pumps" }]),
      websiteLd(STORE, "https://shop.example"),
    ],
  };
  it("emits title, description, canonical, robots noindex, Open Graph with a 200 px image, and each JSON-LD", () => {
    const tags = seoMeta(seo);
    expect(tags).toContainEqual({ title: seo.title });
    expect(tags).toContainEqual({ name: "description", content: "Pumps." });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: seo.canonical });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags).toContainEqual({ property: "og:site_name", content: STORE });
    expect(tags).toContainEqual({ property: "og:image:width", content: "200" });
    expect(tags.filter((tag) => "script:ld+json" in tag)).toHaveLength(2);
  });
  it("says nothing about robots for an indexed page", () => {
    expect(seoMeta({ ...seo, indexed: true }).some((tag) => "name" in tag && tag.name === "robots")).toBe(false);
  });
});
