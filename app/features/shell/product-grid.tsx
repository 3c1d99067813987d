import {
  type ApiProductCard,
  EAGER_CARD_COUNT,
  ProductCard,
  toProductCardData,
} from "../../components/product-card.tsx";
import { useAddToCart } from "../cart/cart-context.tsx";

/** A grid of product cards with working Add to Cart (brand page, product list). */
export function ProductGrid({
  products,
  productPath,
  currency,
  noImageUrl,
}: {
  products: readonly ApiProductCard[];
  productPath: string;
  currency: string;
  noImageUrl: string;
}) {
  const { onCardAddToCart, busy, quantityInCart } = useAddToCart();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:max-desk:grid-cols-3 desk:grid-cols-4 desk:gap-4">
      {products.map((product, index) => {
        const card = toProductCardData(product);
        return (
          <li key={product.id}>
            <ProductCard
              product={card}
              productPath={productPath}
              currency={currency}
              eager={index < EAGER_CARD_COUNT}
              onAddToCart={onCardAddToCart}
              cartBusy={busy}
              quantityInCart={quantityInCart(card.inventoryLevelId)}
              noImageUrl={noImageUrl}
            />
          </li>
        );
      })}
    </ul>
  );
}
