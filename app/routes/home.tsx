// Home page: feature strip, hero slideshow, top categories, the Best
// Sellers grid (16, best selling), the SELLER REVIEWS carousel of the shell, 'From Our Blog' (10 articles),
// about-us questions and answers, and on phones a link to the blog. Everything is in the first HTML.
import { ArrowRight, BadgeCheck, Check, Headset, type LucideIcon, RotateCcw, Truck } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { parseCatalogQuery } from "../../shared/catalog-query.ts";
import { displayCurrency } from "../../shared/store-config.ts";
import { sellerReviews } from "../components/deferred-seller-reviews.tsx";
import { HeroSlideshow } from "../components/hero-slideshow.tsx";
import { SELLER_REVIEWS_LIMIT } from "../components/seller-reviews.tsx";
import { toast } from "../components/toasts.tsx";
import { appContext } from "../context.ts";
import { createTtlCache, type ListingResult, loadListing } from "../features/catalog/catalog-data.server.ts";
import { ProductGrid } from "../features/catalog/product-grid.tsx";
import { listArticles, listSiteReviews, suggestCollections } from "../features/content/content-data.server.ts";
import { loadStorefrontConfig } from "../features/content/store-content.server.ts";
import { DeferredHydration } from "../lib/deferred-hydration.tsx";
import { formatShortUtcDate } from "../lib/format-date.ts";
import { absoluteUrl, organizationLd, type PageSeo, seoMeta, websiteLd, withStoreName } from "../lib/seo.ts";
import type { Route } from "./+types/home";

/** The home grid shows 16 products, the blog preview 10 articles. */
export const HOME_GRID_SIZE = 16;
export const HOME_ARTICLES = 10;
export const BEST_SELLERS_TITLE = "Best Sellers";
export const BLOG_TITLE = "From Our Blog";
export const BEST_SELLERS_ERROR = "We couldn't load our best sellers. Please refresh the page.";

interface TopCategory {
  title: string;
  handle: string;
  imageUrl: string | null;
  productCount: number;
}

// The home page's catalog data is the same for every visitor and changes slowly: a minute's reuse
// spares the database most of the work under load.
const bestSellersCache = createTtlCache<ListingResult>();
const categoriesCache = createTtlCache<TopCategory[]>();

export async function loader({ context }: Route.LoaderArgs) {
  const { services, logger, page } = context.get(appContext);
  // Catalog and content only: from the read replica when DATABASE_READ_URL names one.
  const db = services.database.readDb;
  const store = await loadStorefrontConfig(services);
  const theme = store.themeConfig;
  const publicUrl = services.config.publicUrl;

  const query = parseCatalogQuery({ limit: String(HOME_GRID_SIZE), sortBy: "best_selling" });
  const [bestSellers, articles, topCategories, reviews] = await Promise.all([
    bestSellersCache(db, "best", () => loadListing(db, query))
      .then((listing) => listing.products)
      .catch((error: unknown) => {
        // The home grid's failure is an error toast; the rest of the page still renders.
        logger.error({ err: error }, "Home best sellers failed");
        page.markUncacheable("best sellers failed");
        return null;
      }),
    listArticles(db, { page: 0, limit: HOME_ARTICLES, sortBy: "CREATED", order: "DESC" })
      .then((result) => result.articles)
      // A failure to load the recent articles is silent: the section is left out.
      .catch(() => []),
    categoriesCache(db, theme.topCategories.join(","), async () => {
      const found = await Promise.all(
        theme.topCategories.map((handle) =>
          suggestCollections(db, {
            handle,
            limit: 1,
            fields: ["title", "handle", "imageUrl", "productCount"],
          }),
        ),
      );
      return found.flatMap((rows) => rows.slice(0, 1)) as unknown as TopCategory[];
    }).catch(() => []),
    // The seller reviews carousel is server-rendered here; on a failure it fetches them itself.
    listSiteReviews(db, { page: 0, limit: SELLER_REVIEWS_LIMIT })
      .then((result) => result.siteReviews)
      .catch((error: unknown) => {
        logger.error({ err: error }, "Seller reviews could not be loaded");
        return null;
      }),
  ]);

  // The best sellers change with any product change (a new one, a sale); their prices and stock by id.
  page.tag("listing");
  page.tagProducts((bestSellers ?? []).map((product) => product.id));

  const seo: PageSeo = {
    title: withStoreName(theme.seoTitle, store.storeName),
    description: theme.seoDescription,
    canonical: absoluteUrl("/", publicUrl),
    indexed: true,
    image: absoluteUrl(store.storeLogoUrl, publicUrl),
    ogType: "website",
    siteName: store.storeName,
    jsonLd: [
      organizationLd({
        storeName: store.storeName,
        publicUrl,
        logoUrl: store.storeLogoUrl,
        phone: store.contactPhoneNumber,
        email: store.storeEmail,
      }),
      websiteLd(store.storeName, publicUrl),
    ],
  };

  return {
    seo,
    features: theme.features,
    slides: theme.heroSection.images,
    topCategories,
    bestSellers,
    reviews,
    articles: articles.map(({ id, handle, title, author, imageUrl, createdAt, excerpt }) => ({
      id,
      handle,
      title,
      author,
      imageUrl,
      createdAt,
      excerpt,
    })),
    aboutUs: theme.aboutUs.descriptions,
    currency: displayCurrency(store),
    productPath: store.paths.products,
    collectionPath: store.paths.collections,
    blogPath: store.paths.blog,
    noImageUrl: theme.productNoImageUrl,
    storeName: store.storeName,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seoMeta(loaderData.seo) : []);

const FEATURE_ICONS: Record<string, LucideIcon> = {
  truck: Truck,
  "badge-check": BadgeCheck,
  headset: Headset,
  "rotate-ccw": RotateCcw,
};

/** Desktop columns by number of top categories: one row, no holes. */
const CATEGORY_COLUMNS: Record<number, string> = {
  1: "desk:grid-cols-3",
  2: "desk:grid-cols-3",
  3: "desk:grid-cols-3",
  4: "desk:grid-cols-4",
  5: "desk:grid-cols-5",
  6: "desk:grid-cols-6",
};

const sectionTitle = "text-xl font-extrabold text-water-900 desk:text-2xl";

export default function Home({ loaderData }: Route.ComponentProps) {
  const {
    features,
    slides,
    topCategories,
    bestSellers,
    reviews,
    articles,
    aboutUs,

    currency,
    productPath,
    collectionPath,
    blogPath,
    noImageUrl,
    storeName,
  } = loaderData;

  useEffect(() => {
    if (bestSellers === null) toast.error(BEST_SELLERS_ERROR);
  }, [bestSellers]);

  return (
    <>
      <h1 className="sr-only">{storeName}: pool and spa parts</h1>

      {features.length > 0 ? (
        <section aria-label="Why shop with us" className="border-b border-line bg-surface">
          <ul className="container-store grid grid-cols-2 gap-x-4 gap-y-3 py-3 desk:grid-cols-4">
            {features.map((feature) => {
              const Icon = FEATURE_ICONS[feature.icon] ?? Check;
              return (
                <li key={feature.title} className="flex items-center gap-3">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-aqua-600 shadow-sm">
                    <Icon aria-hidden="true" size={20} />
                  </span>
                  <span className="min-w-0 text-sm leading-tight">
                    <span className="block font-bold text-water-900">{feature.title}</span>
                    <span className="hidden text-muted sm:block">{feature.text}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <div className="container-store pt-4 desk:pt-6">
        <HeroSlideshow slides={slides} label="Featured offers" />
      </div>

      {topCategories.length > 0 ? (
        <section aria-labelledby="top-categories" className="container-store pt-8 desk:pt-10">
          <h2 id="top-categories" className={sectionTitle}>
            Shop by Category
          </h2>
          <ul
            className={`mt-4 grid grid-cols-3 gap-2 sm:gap-3 desk:gap-4 ${CATEGORY_COLUMNS[topCategories.length] ?? "desk:grid-cols-6"}`}
          >
            {topCategories.map((category) => (
              <li key={category.handle}>
                <Link
                  to={`${collectionPath}/${category.handle}`}
                  className="group flex h-full flex-col items-center rounded-lg border border-line bg-white p-2 text-center transition-shadow hover:border-aqua-500 hover:shadow-md desk:p-3"
                >
                  <img
                    src={category.imageUrl ?? noImageUrl}
                    alt=""
                    width={160}
                    height={160}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square w-full max-w-20 object-contain desk:max-w-32"
                  />
                  <span className="mt-2 text-sm font-semibold leading-tight text-water-900 group-hover:text-aqua-600 desk:text-base">
                    {category.title}
                  </span>
                  {category.productCount > 0 ? (
                    <span className="tabular mt-0.5 text-xs text-muted">{category.productCount} parts</span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="best-sellers" className="container-store pt-8 desk:pt-10">
        <h2 id="best-sellers" className={sectionTitle}>
          {BEST_SELLERS_TITLE}
        </h2>
        {bestSellers === null ? (
          <p role="alert" className="mt-4 rounded-md border border-line bg-surface p-4 text-muted">
            {BEST_SELLERS_ERROR}
          </p>
        ) : (
          <ProductGrid
            products={bestSellers}
            productPath={productPath}
            currency={currency}
            noImageUrl={noImageUrl}
            label={BEST_SELLERS_TITLE}
            className="mt-4"
          />
        )}
      </section>

      <DeferredHydration
        part={sellerReviews}
        props={{
          reviews: reviews ?? undefined,
          className: "render-when-near [--near-height-desk:320px] [--near-height:402px]",
        }}
      />

      {articles.length > 0 ? (
        <section
          aria-labelledby="from-our-blog"
          className="render-when-near container-store pt-10 [--near-height-desk:365px] [--near-height:397px]"
        >
          <div className="flex items-end justify-between gap-4">
            <h2 id="from-our-blog" className={sectionTitle}>
              {BLOG_TITLE}
            </h2>
            <Link
              to={blogPath}
              className="hidden items-center gap-1 font-semibold text-aqua-600 hover:underline desk:flex"
            >
              All articles <ArrowRight aria-hidden="true" size={16} />
            </Link>
          </div>
          {/* A scroll-snapping row: native scrolling, no carousel script to download. */}
          <ul className="-mx-4 mt-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-3 desk:gap-4">
            {articles.map((article) => (
              <li key={article.id} className="w-64 shrink-0 snap-start desk:w-72">
                <Link
                  to={`${blogPath}/${article.handle}`}
                  className="group flex h-full flex-col overflow-hidden rounded-lg border border-line bg-white hover:shadow-md"
                >
                  <img
                    src={article.imageUrl ?? noImageUrl}
                    alt=""
                    width={288}
                    height={144}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[2/1] w-full bg-surface object-cover object-left"
                  />
                  <span className="flex flex-1 flex-col p-3">
                    <span className="line-clamp-2 font-semibold text-ink group-hover:text-aqua-600">
                      {article.title}
                    </span>
                    {article.excerpt ? (
                      <span className="mt-1 line-clamp-3 text-sm text-muted">{article.excerpt}</span>
                    ) : null}
                    <span className="mt-auto pt-2 text-xs text-muted">
                      {article.author ? `${article.author} · ` : ""}
                      <time dateTime={article.createdAt}>{formatShortUtcDate(article.createdAt)}</time>
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {/* Phones also get a blog link (desktop has 'All articles' by the heading). */}
          <div className="mt-2 desk:hidden">
            <Link to={blogPath} className="btn-secondary w-full">
              Visit our blog
            </Link>
          </div>
        </section>
      ) : (
        <div className="container-store pt-8 desk:hidden">
          <Link to={blogPath} className="btn-secondary w-full">
            Visit our blog
          </Link>
        </div>
      )}

      {aboutUs.length > 0 ? (
        <section aria-labelledby="about-us" className="container-store py-10">
          <h2 id="about-us" className={sectionTitle}>
            About Us
          </h2>
          <div className="mt-4 grid gap-4 desk:grid-cols-3">
            {aboutUs.map((entry) => (
              <div key={entry.question} className="rounded-lg border border-line bg-surface p-5">
                <h3 className="text-lg font-bold text-water-900">{entry.question}</h3>
                <p className="mt-2 text-ink">{entry.answer}</p>
              </div>
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
