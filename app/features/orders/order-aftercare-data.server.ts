// What the shopper's order page uses from services/ for shipments, refunds and returns.
export { orderActionContext } from "../../../services/orders/order-actions-context.ts";
export { getOrderAftercare, type OrderAftercare } from "../../../services/orders/order-aftercare.ts";
export { requestReturn } from "../../../services/orders/returns.ts";
