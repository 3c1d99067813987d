// Recently viewed products: the product page records its product in
// localStorage (ids, newest first, at most 25) and shows the others as a history carousel whose items
// can be removed. The cards come from the storefront's /recently-viewed resource route.
import { useEffect, useState } from "react";
import { forgetRecentlyViewed, type KeyValueStorage } from "../../../shared/recently-viewed.ts";
import type { ProductCardData } from "../../components/product-card.tsx";
import { ProductCarousel } from "../../components/product-carousel.tsx";
import { useAddToCart } from "../cart/cart-context.tsx";

export const RECENTLY_VIEWED_TITLE = "Recently Viewed";
export const RECENTLY_VIEWED_ROUTE = "/recently-viewed";

export function browserStorage(): KeyValueStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function RecentlyViewed({
  ids,
  productPath,
  currency,
}: {
  /** The history to show, newest first (the page has already recorded its own product). */
  ids: readonly number[];
  productPath: string;
  currency: string;
}) {
  const [products, setProducts] = useState<ProductCardData[]>([]);
  const cart = useAddToCart();

  const key = ids.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids' contents, not the array's identity.
  useEffect(() => {
    if (ids.length === 0) {
      setProducts([]);
      return;
    }
    const controller = new AbortController();
    fetch(`${RECENTLY_VIEWED_ROUTE}?ids=${key}`, {
      headers: { Accept: "application/json" },
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.json() : { products: [] }))
      .then((body: { products?: ProductCardData[] }) => setProducts(body.products ?? []))
      // History is a nicety: if it cannot load, the page simply has no history block.
      .catch(() => undefined);
    return () => controller.abort();
  }, [key]);

  function remove(id: number) {
    forgetRecentlyViewed(browserStorage(), id);
    setProducts((current) => current.filter((product) => product.id !== id));
  }

  if (products.length === 0) return null;
  return (
    <ProductCarousel
      title={RECENTLY_VIEWED_TITLE}
      products={products}
      mode="history"
      onRemove={remove}
      productPath={productPath}
      currency={currency}
      onAddToCart={cart.onCardAddToCart}
      cartBusy={cart.busy}
      quantityInCart={(product) => cart.quantityInCart(product.inventoryLevelId)}
      className="container-store py-8"
    />
  );
}
