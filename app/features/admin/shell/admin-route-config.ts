// The back office's pages: one place, one line per page. Pages that need a signed-in member sit under
// the layout route (app/routes/admin/layout.tsx: its loader requires a staff session); the sign-in
// steps sit beside it. React Router gives each route module its own chunk, and no storefront module
// imports anything under app/features/admin or app/routes/admin (checked by `npm run check:imports`),
// so a shopper's page never loads back-office code.
import { index, type RouteConfigEntry, route } from "@react-router/dev/routes";

export function adminRoutes(): RouteConfigEntry[] {
  return [
    route("admin/login", "routes/admin/login.tsx"),
    route("admin/logout", "routes/admin/logout.tsx"),
    route("admin/two-step-setup", "routes/admin/login-two-step-setup.tsx"),
    route("admin/set-password", "routes/admin/login-set-password.tsx"),
    // Printable order documents: outside the shell, a page of their own.
    route("admin/orders/:id/packing-slip", "routes/admin/orders-print.tsx", { id: "routes/admin/orders-packing-slip" }),
    route("admin/orders/:id/invoice", "routes/admin/orders-print.tsx", { id: "routes/admin/orders-invoice" }),
    route("admin", "routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("customers", "routes/admin/customers.tsx"),
      route("customers/:id", "routes/admin/customers.detail.tsx"),
      route("discounts", "routes/admin/discounts.tsx"),
      route("discounts/:id", "routes/admin/discounts.edit.tsx"),
      route("reviews", "routes/admin/reviews.tsx"),
      route("questions", "routes/admin/questions.tsx"),
      route("content", "routes/admin/content.tsx"),
      route("content/articles/:id", "routes/admin/content.article.tsx"),
      route("content/help/:id", "routes/admin/content.help.tsx"),
      route("import", "routes/admin/import.tsx"),
      // Each area adds its pages here, e.g. route("products", "routes/admin/products.tsx").
      route("staff", "routes/admin/staff.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("account", "routes/admin/staff-account.tsx"),
      route("products", "routes/admin/products.tsx"),
      route("products/new", "routes/admin/products-edit.tsx", { id: "routes/admin/products-new" }),
      route("products/:id", "routes/admin/products-edit.tsx"),
      route("categories", "routes/admin/categories.tsx"),
      route("brands", "routes/admin/brands.tsx"),
      route("stock", "routes/admin/stock.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("orders/:id", "routes/admin/orders-detail.tsx"),
      route("returns", "routes/admin/returns.tsx"),
      route("equipment", "routes/admin/equipment.tsx"),
      route("settings/shipping", "routes/admin/settings.shipping.tsx"),
      route("settings/tax", "routes/admin/settings.tax.tsx"),
    ]),
  ];
}
