import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { adminRoutes } from "./features/admin/shell/admin-route-config.ts";
import { storefrontRoutes } from "./features/catalog/storefront-routes.ts";
import { contentRoutes } from "./features/content/content-routes.ts";

export default [
  index("routes/home.tsx"),
  route("default.asp", "routes/home.tsx", { id: "routes/home-legacy" }),
  // Content and old-site addresses: brands, blog, help, questions, indexes, pages (before the storefront's
  // routes: the case-sensitive /SearchResults.asp must win its tie with the search page).
  ...contentRoutes(),
  // Storefront: product, category, search results, sitemaps, robots.txt (paths from config/store.json).
  ...storefrontRoutes(),
  // Accounts: credential flows, account home, address book, wallet, recovery e-mail, newsletter links.
  route("login", "routes/login.tsx"),
  route("login.asp", "routes/login.tsx", { id: "routes/login-legacy" }),
  route("register", "routes/register.tsx"),
  route("logout", "routes/account-logout.tsx"),
  route("start-verification", "routes/account-start-verification.tsx"),
  route("verify-account", "routes/account-verify.tsx"),
  route("recover-account", "routes/account-recover.tsx"),
  route("reset-password", "routes/account-reset-password.tsx"),
  route("change-password", "routes/account-change-password.tsx"),
  route("myaccount.asp", "routes/account-home.tsx"),
  route("address.asp", "routes/address-book.tsx"),
  route("wallet", "routes/wallet.tsx"),
  route("wallet/add-card", "routes/wallet-add-card.tsx"),
  route("recovery-email", "routes/recovery-email.tsx"),
  route("recovery-email/undo", "routes/recovery-email-undo.tsx"),
  route("confirm-subscription", "routes/confirm-subscription.tsx"),
  route("unsubscribe", "routes/account-unsubscribe.tsx"),
  // Equipment: find parts by the model on the label, exploded diagrams.
  route("equipment", "routes/equipment.tsx"),
  route("equipment/:handle", "routes/equipment-model.tsx"),
  // Cart, checkout and orders.
  route("shoppingcart.asp", "routes/cart.tsx"),
  route("checkout/:checkoutId", "routes/checkout.tsx"),
  route("orders.asp", "routes/orders.tsx"),
  route("account/orders/:orderId", "routes/order-detail.tsx"),
  // The back office under /admin (its own layout, navigation and chunks: features/admin/shell/admin-route-config.ts).
  ...adminRoutes(),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
