// What the back office's order pages use from services/ (the browser reaches services only through here).

export { NotFound } from "../../../../services/errors.ts";
export {
  type AdminOrderDetail,
  type AdminOrderRow,
  getAdminOrder,
  listAdminOrders,
} from "../../../../services/orders/admin/order-admin-queries.ts";
export { listReturns, type ReturnView } from "../../../../services/orders/returns.ts";
