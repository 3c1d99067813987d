// Recommendations below the product (loaded lazily): the best sellers of the product's own
// category, else of its brand, from GET /api/products/filter.
import { useEffect, useState } from "react";
import { type ApiProductCard, type ProductCardData, toProductCardData } from "../../components/product-card.tsx";
import { ProductCarousel } from "../../components/product-carousel.tsx";
import { useAddToCart } from "../cart/cart-context.tsx";
import { RECOMMENDATIONS_TITLE, RecommendationsPlaceholder } from "./recommendations-placeholder.tsx";

const RECOMMENDATION_LIMIT = 16;

export function recommendationsUrl(collectionId: number | null, vendor: string | null): string | null {
  const params = new URLSearchParams({ limit: String(RECOMMENDATION_LIMIT), sortBy: "best_selling" });
  if (collectionId !== null) params.set("c", String(collectionId));
  else if (vendor && vendor.length >= 3) params.set("v", vendor);
  else return null;
  return `/api/products/filter?${params.toString()}`;
}

export function ProductRecommendations({
  productId,
  collectionId,
  vendor,
  productPath,
  currency,
}: {
  productId: number;
  collectionId: number | null;
  vendor: string | null;
  productPath: string;
  currency: string;
}) {
  const [products, setProducts] = useState<ProductCardData[] | null>(null);
  const cart = useAddToCart();
  useEffect(() => {
    const url = recommendationsUrl(collectionId, vendor);
    if (!url) {
      setProducts([]);
      return;
    }
    const controller = new AbortController();
    fetch(url, { headers: { Accept: "application/json" }, signal: controller.signal })
      .then((response) => (response.ok ? response.json() : { products: [] }))
      .then((body: { products?: ApiProductCard[] }) =>
        setProducts((body.products ?? []).filter((card) => card.id !== productId).map(toProductCardData)),
      )
      // Recommendations are a nicety: a failure leaves the block out.
      .catch(() => {
        if (!controller.signal.aborted) setProducts([]);
      });
    return () => controller.abort();
  }, [collectionId, vendor, productId]);

  if (products === null || products.length === 0) return <RecommendationsPlaceholder empty={products !== null} />;
  return (
    <ProductCarousel
      title={RECOMMENDATIONS_TITLE}
      products={products}
      productPath={productPath}
      currency={currency}
      onAddToCart={cart.onCardAddToCart}
      cartBusy={cart.busy}
      quantityInCart={(product) => cart.quantityInCart(product.inventoryLevelId)}
    />
  );
}
