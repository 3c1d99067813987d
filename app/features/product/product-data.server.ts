// What the product page's loader, the recently-viewed resource route and the product components' types use
// from services/: the browser bundle reaches services only through this module.

export { findRenamedProductHandle } from "../../../services/catalog/admin/handle-redirects.ts";
export { loadProductCards } from "../../../services/catalog/product-cards.ts";
export {
  getProductByHandle,
  getProductPage,
  type ProductDetail,
  type ProductReview,
  type ProductShippingFacts,
  type ProductVariant,
} from "../../../services/catalog/product-detail.ts";
export { isProductEligibleForFreeShipping, NO_FREE_SHIPPING } from "../../../services/catalog/shipping-policy.ts";
export { resolveProductDetailsLink } from "../../../services/content/legacy-links.ts";
export { NotFound } from "../../../services/errors.ts";
export { productShippingCents, productWeightGrams } from "../../../services/shipping/product-shipping-estimate.ts";
export { loadShippingPolicy } from "../../../services/shipping/shipping-policy-store.ts";
