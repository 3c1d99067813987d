// What the cart page, the root loader (the header's cart count) and the cart components' types use from
// services/: the browser bundle reaches services only through this module.
export { getFreeShippingAmount } from "../../../services/catalog/shipping-policy.ts";
export type { CheckoutDto, LineItemDto } from "../../../services/checkout/checkout-dto.ts";
export { countSessionCartItems, getVisitorCart } from "../../../services/checkout/visitor-cart.ts";
