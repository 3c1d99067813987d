// The customer pages' way to the services.
export { getCustomer, listCustomers } from "../../../../services/customers/admin/customer-admin.ts";
