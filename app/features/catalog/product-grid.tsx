import { lazy, Suspense, useState } from "react";
import { EAGER_CARD_COUNT, ProductCard, type ProductCardData } from "../../components/product-card.tsx";
import { useMobileAgent } from "../../lib/use-mobile-agent.ts";
import { useAddToCart } from "../cart/cart-context.tsx";
import { FitsYourBadge } from "../equipment/fits-your-badge.tsx";

// The quick view is a dialog with its own data fetch: it is downloaded the first time a shopper opens it.
const QuickView = lazy(() => import("../product/quick-view.tsx").then((module) => ({ default: module.QuickView })));

export interface ProductGridProps {
  products: readonly ProductCardData[];
  productPath: string;
  currency: string;
  layout?: "grid" | "list";
  /** On the results page a zero price also disables Add to Cart. */
  onSearchPage?: boolean;
  noImageUrl?: string;
  /** Accessible name of the list. */
  label?: string;
  /** Cards offer a quick view (the listings and the home page; not the brand and product-list pages). */
  quickView?: boolean;
  className?: string;
}

const GRID = "grid grid-cols-2 gap-3 sm:grid-cols-3 desk:grid-cols-4 desk:gap-4";

/** The store's one product list: cards wired to the cart and (unless turned off) the quick view. */
export function ProductGrid({
  products,
  productPath,
  currency,
  layout = "grid",
  onSearchPage = false,
  noImageUrl,
  label,
  quickView: withQuickView = true,
  className = "",
}: ProductGridProps) {
  const { onCardAddToCart, busy, quantityInCart } = useAddToCart();
  // Desktop visitors get the first 5 images eagerly; phones load every card image lazily.
  const eagerImages = !useMobileAgent();
  const [quickView, setQuickView] = useState<string | null>(null);
  const list = layout === "list";
  return (
    <>
      <ul aria-label={label} className={list ? `flex flex-col gap-3 ${className}` : `${GRID} ${className}`}>
        {products.map((product, index) => (
          <li key={product.id} className="render-when-near relative min-w-0">
            <ProductCard
              product={product}
              productPath={productPath}
              currency={currency}
              eager={eagerImages && index < EAGER_CARD_COUNT}
              onAddToCart={onCardAddToCart}
              onQuickView={withQuickView ? setQuickView : undefined}
              cartBusy={busy}
              quantityInCart={quantityInCart(product.inventoryLevelId)}
              onSearchPage={onSearchPage}
              noImageUrl={noImageUrl}
              layout={layout}
            />
            <FitsYourBadge
              productId={product.id}
              className="pointer-events-none absolute top-2 left-2 z-10 shadow-sm"
            />
          </li>
        ))}
      </ul>
      {quickView ? (
        <Suspense fallback={null}>
          <QuickView
            handle={quickView}
            productPath={productPath}
            currency={currency}
            onClose={() => setQuickView(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
