// What the account pages' loaders and actions (and the account components' types) use from services/:
// the browser bundle reaches services only through this module.
export { getUserSummary } from "../../../services/account/account-service.ts";
export { loadProductCards } from "../../../services/catalog/product-cards.ts";
export {
  type CustomerView,
  getCustomerIdForUser,
  listMailingAddresses,
  type MailingAddressView,
} from "../../../services/customers/customer-service.ts";
export { NotFound, ServiceError } from "../../../services/errors.ts";
export { confirmSubscription, unsubscribe } from "../../../services/newsletter/newsletter-service.ts";
export { withSessionOrder } from "../../../services/orders/order-access.ts";
export { findVisibleOrderId, getOrderDetail, listCustomerOrders } from "../../../services/orders/order-queries.ts";
export { findOrderRelatedProductIds } from "../../../services/orders/order-related.ts";
export type { PaymentMethodView, TransactionView } from "../../../services/wallet/wallet-service.ts";
