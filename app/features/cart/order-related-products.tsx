// "Add to Order": on an order that has not shipped, product cards whose button asks the
// store to add the product to that order. A guest who came from the e-mailed link sends its token along.
import { ProductCard, type ProductCardData } from "../../components/product-card.tsx";
import { toast } from "../../components/toasts.tsx";
import { addProductToOrder, CART_MESSAGES, CartRequestError, ORDER_MESSAGES } from "./cart-api.ts";

export interface OrderRelatedProductsProps {
  orderId: number | null;
  token: string | null;
  products: readonly ProductCardData[];
  productPath: string;
  currency: string;
}

/**
 * Adds one product to the order and says how it went: a refusal or failure always says 'Failed to add
 * product to order', and the server's own error, when it gave one, follows as a second error notice.
 */
export async function requestAddToOrder(orderId: number | null, productId: number, token: string | null) {
  if (!orderId) {
    toast.error(ORDER_MESSAGES.missingOrder);
    return;
  }
  try {
    await addProductToOrder(orderId, productId, { token, maxRetries: 2 });
    toast.success(ORDER_MESSAGES.added);
  } catch (error) {
    toast.error(ORDER_MESSAGES.failed);
    // A refusal without an error field carries the generic text, which adds nothing to the notice above.
    const serverMessage =
      error instanceof CartRequestError && error.status !== null && error.status < 500 ? error.message : null;
    if (serverMessage && serverMessage !== CART_MESSAGES.notOk) toast.error(serverMessage);
  }
}

export function OrderRelatedProducts({ orderId, token, products, productPath, currency }: OrderRelatedProductsProps) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="order-related-title" className="mt-8">
      <h2 id="order-related-title" className="mb-1 text-xl font-bold text-water-900">
        Add to this order
      </h2>
      <p className="mb-4 text-sm text-muted">
        Your order has not shipped yet. Ask us to add one of these and we will confirm the price with you.
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:max-desk:grid-cols-3 desk:grid-cols-4 desk:gap-4">
        {products.map((product) => (
          <li key={product.id} className="min-w-0">
            <ProductCard
              product={product}
              productPath={productPath}
              currency={currency}
              addToOrder
              onAddToCart={(card) => requestAddToOrder(orderId, card.id, token)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
