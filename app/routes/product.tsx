// Product detail page: {productPath}/{handle} and
// {collectionPath}/{collectionHandle}/{productPath}/{handle}; ?variant= preselects a variant by id.
import { lazy, Suspense, useEffect, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigate,
} from "react-router";
import { FREE_SHIPPING_HIDDEN } from "../../shared/price-display.ts";
import { recordRecentlyViewed } from "../../shared/recently-viewed.ts";
import { displayCurrency } from "../../shared/store-config.ts";
import { initialSelection } from "../../shared/variant-selection.ts";
import { Breadcrumbs, type Crumb } from "../components/breadcrumbs.tsx";
import { StarRating } from "../components/star-rating.tsx";
import { NotFoundView } from "../components/status-views.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { appContext } from "../context.ts";
import {
  cachedCollectionIndex,
  cachedFreeShippingAmount,
  collectionChain,
  loadErrorMessage,
} from "../features/catalog/catalog-data.server.ts";
import { FitsYourBadge } from "../features/equipment/fits-your-badge.tsx";
import { ProductFits } from "../features/equipment/product-fits.tsx";
import { LazySection } from "../features/product/lazy-section.tsx";
import {
  findRenamedProductHandle,
  getProductPage,
  loadShippingPolicy,
  NO_FREE_SHIPPING,
  NotFound,
  type ProductDetail,
  type ProductShippingFacts,
  type ProductVariant,
  productShippingCents,
} from "../features/product/product-data.server.ts";
import { ProductGallery } from "../features/product/product-gallery.tsx";
import { ProductPurchase } from "../features/product/product-purchase.tsx";
import { NO_DESCRIPTION_TEXT, ProductTabs, type Specification } from "../features/product/product-tabs.tsx";
import { RecommendationsPlaceholder } from "../features/product/recommendations-placeholder.tsx";
import {
  absoluteUrl,
  breadcrumbListLd,
  errorMeta,
  ogImageUrl,
  type PageSeo,
  plainDescription,
  productLd,
  seoMeta,
  withStoreName,
} from "../lib/seo.ts";
import type { Route } from "./+types/product";

// Both carousels sit below the fold and load their data after the page: their code (Embla, the
// product cards) is fetched then too, not with the page.
const ProductRecommendations = lazy(() =>
  import("../features/product/product-recommendations.tsx").then((module) => ({
    default: module.ProductRecommendations,
  })),
);
const RecentlyViewed = lazy(() =>
  import("../features/product/recently-viewed.tsx").then((module) => ({ default: module.RecentlyViewed })),
);
// The reviews and questions blocks fetch their entries when they show: their code (with the forms'
// rules, zod among them) comes then too.
const ProductReviews = lazy(() =>
  import("../features/product/product-reviews.tsx").then((module) => ({ default: module.ProductReviews })),
);
const ProductQuestions = lazy(() =>
  import("../features/product/product-questions.tsx").then((module) => ({ default: module.ProductQuestions })),
);

/** The product as the page needs it: reviews are fetched when their block shows, not sent with the page. */
type PageProduct = Omit<ProductDetail, "Reviews">;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, logger, page } = context.get(appContext);
  // Catalog only: from the read replica when DATABASE_READ_URL names one.
  const db = services.database.readDb;
  const store = services.config.store;
  const publicUrl = services.config.publicUrl;
  const handle = params.handle ?? "";
  let detail: ProductDetail;
  let shippingFacts: ProductShippingFacts;
  try {
    // One statement: the product, its variants, stock, media and categories, and its shipping facts.
    // The page loads the reviews when their block shows; they are not read here.
    ({ detail, shipping: shippingFacts } = await getProductPage(db, handle, { reviews: false }));
  } catch (error) {
    if (error instanceof NotFound) {
      // A product renamed in the back office: its old address moves permanently to the new one.
      const renamed = await findRenamedProductHandle(db, handle);
      if (renamed) {
        const moved = new URL(request.url);
        const segments = moved.pathname.split("/");
        segments[segments.length - 1] = encodeURIComponent(renamed);
        throw redirect(`${segments.join("/")}${moved.search}`, 301);
      }
      throw data({ storeName: store.storeName }, { status: 404 });
    }
    throw error;
  }
  const url = new URL(request.url);
  const selection = initialSelection(detail.Variants, url.searchParams.get("variant"));
  const price = selection.variant?.price ?? detail.price;
  // Hierarchy and free-shipping-amount failures show danger messages; the page still renders
  // (without the category path, without the free-shipping banner).
  const [shipping, hierarchy, policy] = await Promise.all([
    cachedFreeShippingAmount(db).then(
      (amount) => ({ amount, error: null as string | null }),
      (error: unknown) => ({
        amount: FREE_SHIPPING_HIDDEN,
        error: `Error loading the free-shipping amount: ${loadErrorMessage(logger, "Free-shipping amount", error)}`,
      }),
    ),
    cachedCollectionIndex(db).then(
      (entries) => ({ index: entries, error: null as string | null }),
      (error: unknown) => ({
        index: [],
        error: `Error loading the category path: ${loadErrorMessage(logger, "Collection hierarchy", error)}`,
      }),
    ),
    // For the offer's shipping rate (structured data); unknown (no shipping details) on failure.
    price > 0
      ? loadShippingPolicy(db).catch((error: unknown) => {
          logger.error({ err: error }, "Shipping estimate failed");
          return undefined;
        })
      : undefined,
  ]);
  // Free shipping needs an eligible, normal-sized product and a policy with a threshold.
  const eligibleForFreeShipping = shippingFacts.freeShippingEligible && shipping.amount !== NO_FREE_SHIPPING;
  // One unit's weight: the chosen variant's when set, else the product's.
  const weightGrams =
    (selection.variant ? shippingFacts.variantWeightGrams.get(selection.variant.id) : undefined) ??
    shippingFacts.weightGrams ??
    0;
  const parcel = policy === undefined ? null : ([policy, weightGrams] as const);
  const freeShippingAmount = shipping.amount;
  const index = hierarchy.index;
  const loadErrors = [hierarchy.error, shipping.error].filter((message): message is string => message !== null);
  // The page cache: this product's changes (price, stock, the product itself) drop the page; a page
  // showing a load error is not kept.
  page.tagProducts([detail.id]);
  page.tag("equipment");
  if (loadErrors.length > 0) page.markUncacheable("a part of the product page failed to load");
  const { Reviews: _reviews, ...product } = detail;

  // The collection in the URL when it is a real one, else the product's most specific collection.
  const wanted = params.collectionHandle && index.some((entry) => entry.handle === params.collectionHandle);
  const chain = collectionChain(
    index,
    wanted ? (params.collectionHandle ?? "") : (product.Collections[0]?.handle ?? ""),
  );
  const collectionPath = store.paths.collections;
  const productPath = store.paths.products;
  const crumbs: Crumb[] = [
    ...chain.map((entry) => ({ label: entry.title, href: `${collectionPath}/${entry.handle}` })),
    { label: product.title },
  ];

  const canonical = absoluteUrl(`${productPath}/${product.handle}`, publicUrl);
  const currency = displayCurrency(store);
  const title = withStoreName(product.seoTitle || product.title, store.storeName);
  const description =
    product.seoDescription?.trim() ||
    plainDescription(product.descriptionHtml) ||
    `${product.title}${product.vendor ? ` by ${product.vendor}` : ""}. ${NO_DESCRIPTION_TEXT}`;
  // The offer's shipping rate from the same table as the cart.
  const shippingRate = parcel
    ? productShippingCents(parcel[0], {
        priceCents: Math.round(price * 100),
        weightGrams: parcel[1],
        freeShippingEligible: eligibleForFreeShipping,
      }) / 100
    : null;
  const seo: PageSeo = {
    title,
    description,
    canonical,
    indexed: product.isIndexed,
    image: ogImageUrl(product.imageUrl, publicUrl),
    ogType: "product",
    siteName: store.storeName,
    jsonLd: [
      productLd({
        name: product.title,
        description,
        url: canonical,
        images: product.Images.slice(0, 6).map((image) => absoluteUrl(image.url, publicUrl)),
        sku: product.sku,
        mpn: product.productCode,
        brand: product.vendor,
        price,
        currency,
        availableForSale: product.availableForSale,
        avgRating: product.avgRating,
        totalReviews: product.totalReviews,
        returnDays: store.merchantReturnDays,
        storeName: store.storeName,
        shippingRate,
        now: new Date(),
      }),
      breadcrumbListLd([
        { name: "Home", url: absoluteUrl("/", publicUrl) },
        ...chain.map((entry) => ({
          name: entry.title,
          url: absoluteUrl(`${collectionPath}/${entry.handle}`, publicUrl),
        })),
        { name: product.title, url: canonical },
      ]),
    ],
  };

  return {
    product: product satisfies PageProduct,
    collection: chain.at(-1) ? { title: chain.at(-1)?.title ?? "", handle: chain.at(-1)?.handle ?? "" } : null,
    collectionId: chain.at(-1)?.id ?? product.Collections[0]?.id ?? null,
    crumbs,
    initialVariantId: selection.variant?.id ?? null,
    eligibleForFreeShipping,
    freeShippingAmount,
    loadErrors,
    currency,
    productPath,
    collectionPath,
    noImageUrl: store.themeConfig.productNoImageUrl,
    phone: store.contactPhoneNumber,
    seo,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (loaderData) return seoMeta(loaderData.seo);
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { store?: { storeName: string } }
    | undefined;
  return errorMeta(root?.store?.storeName);
};

/** Choosing a variant only rewrites ?variant=: the product is already on the page. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("variant");
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  // A new product is a new page: its selection, gallery and quantity start over.
  return <ProductView key={loaderData.product.id} {...loaderData} />;
}

type ViewProps = Route.ComponentProps["loaderData"];

function specificationsOf(product: PageProduct): Specification[] {
  const specs: Specification[] = [];
  if (product.vendor) specs.push({ label: "Brand", value: product.vendor });
  if (product.productCode) specs.push({ label: "Part Number", value: product.productCode, partNumber: true });
  if (product.sku) specs.push({ label: "SKU", value: product.sku, partNumber: true });
  if (product.productType) specs.push({ label: "Part Type", value: product.productType });
  if (product.supersededPartNumbers.length > 0) {
    specs.push({ label: "Replaces", value: product.supersededPartNumbers.join(", "), partNumber: true });
  }
  return specs;
}

function ProductView({
  product,
  collection,
  collectionId,
  crumbs,
  initialVariantId,
  eligibleForFreeShipping,
  freeShippingAmount,
  loadErrors,
  currency,
  productPath,
  collectionPath,
  noImageUrl,
  phone,
}: ViewProps) {
  const navigate = useNavigate();
  const location = useLocation();
  // Recorded as soon as the page is in the browser; the carousel that shows the others loads later.
  const [history, setHistory] = useState<number[]>([]);
  useEffect(() => {
    let storage: Storage | undefined;
    try {
      storage = window.localStorage;
    } catch {
      storage = undefined;
    }
    setHistory(recordRecentlyViewed(storage, product.id).filter((id) => id !== product.id));
  }, [product.id]);
  const initialVariant: ProductVariant | null =
    product.Variants.find((variant) => variant.id === initialVariantId) ?? null;
  const initial = initialSelection(product.Variants, initialVariantId === null ? null : String(initialVariantId));

  function onVariantChange(variant: ProductVariant | null) {
    const params = new URLSearchParams(location.search);
    if (variant) params.set("variant", String(variant.id));
    else params.delete("variant");
    const search = params.toString();
    navigate({ search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
  }

  return (
    <>
      <div className="container-store py-4 desk:py-6">
        <Breadcrumbs items={crumbs} />
        {loadErrors.map((message) => (
          <Notice key={message} tone="danger" className="mt-3">
            {message}
          </Notice>
        ))}
        <div className="mt-4 grid gap-x-10 gap-y-5 desk:grid-cols-2 desk:grid-rows-[auto_1fr]">
          <div className="desk:col-start-2">
            {collection ? (
              <Link
                to={`${collectionPath}/${collection.handle}`}
                className="text-sm font-semibold tracking-wide text-aqua-600 uppercase hover:underline"
              >
                {collection.title}
              </Link>
            ) : null}
            <h1 className="mt-1 text-2xl leading-tight font-extrabold text-water-900 desk:text-3xl">{product.title}</h1>
            <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              {product.vendor ? (
                <span>
                  by{" "}
                  <Link
                    to={`/searchresults.asp?v=${encodeURIComponent(product.vendor)}`}
                    className="font-semibold text-aqua-600 hover:underline"
                  >
                    {product.vendor}
                  </Link>
                </span>
              ) : null}
              <a href="#reviews" className="hover:underline">
                <StarRating rating={product.avgRating} count={product.totalReviews} />
              </a>
              <FitsYourBadge productId={product.id} />
            </div>
          </div>
          <div className="min-w-0 desk:col-start-1 desk:row-span-2 desk:row-start-1">
            <ProductGallery
              images={product.Images}
              models={product.Model3Ds}
              title={product.title}
              noImageUrl={noImageUrl}
            />
          </div>
          <div className="desk:col-start-2">
            <ProductPurchase
              product={product}
              currency={currency}
              freeShippingAmount={freeShippingAmount}
              eligibleForFreeShipping={eligibleForFreeShipping}
              initialVariant={initialVariant}
              initialSelected={initial.selected}
              onVariantChange={onVariantChange}
            />
          </div>
        </div>

        <div className="mt-10">
          <ProductTabs descriptionHtml={product.descriptionHtml} specifications={specificationsOf(product)} />
        </div>

        <ProductFits productHandle={product.handle} models={product.fitsEquipment} />

        <LazySection
          id="reviews"
          labelledBy="reviews-heading"
          minHeight={240}
          className="mt-10 scroll-mt-4"
          heading={
            <h2 id="reviews-heading" className="mb-4 text-xl font-extrabold text-water-900 desk:text-2xl">
              Customer Reviews
            </h2>
          }
        >
          {() => (
            <Suspense fallback={<div style={{ minHeight: 240 }} />}>
              <ProductReviews
                productId={product.id}
                productTitle={product.title}
                handle={product.handle}
                avgRating={product.avgRating}
                totalReviews={product.totalReviews}
              />
            </Suspense>
          )}
        </LazySection>

        <LazySection
          labelledBy="questions-heading"
          minHeight={140}
          className="mt-10"
          heading={
            <h2 id="questions-heading" className="mb-4 text-xl font-extrabold text-water-900 desk:text-2xl">
              Questions &amp; Answers
            </h2>
          }
        >
          {() => (
            <Suspense fallback={<div style={{ minHeight: 140 }} />}>
              <ProductQuestions productId={product.id} title={product.title} phone={phone} />
            </Suspense>
          )}
        </LazySection>

        <LazySection minHeight={420} className="mt-10" placeholder={<RecommendationsPlaceholder />}>
          {() => (
            <Suspense fallback={<RecommendationsPlaceholder />}>
              <ProductRecommendations
                productId={product.id}
                collectionId={collectionId}
                vendor={product.vendor}
                productPath={productPath}
                currency={currency}
              />
            </Suspense>
          )}
        </LazySection>
      </div>
      <Suspense fallback={null}>
        {history.length > 0 ? <RecentlyViewed ids={history} productPath={productPath} currency={currency} /> : null}
      </Suspense>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  const message = isRouteErrorResponse(error)
    ? error.statusText || "This product could not be loaded."
    : error instanceof Error
      ? error.message
      : "This product could not be loaded.";
  return (
    <section
      role="alert"
      className="container-store flex min-h-[40vh] flex-col items-center justify-center py-16 text-center"
    >
      <h1 className="text-2xl font-extrabold text-water-900">We could not show this product</h1>
      <p className="mt-3 text-muted">{message}</p>
      <p className="mt-1 text-muted">Please try again in a moment, or search for the part by its number.</p>
      <Link to="/" className="btn-secondary mt-6">
        Back to the home page
      </Link>
    </section>
  );
}
