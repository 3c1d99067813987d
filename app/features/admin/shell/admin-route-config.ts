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
    route("admin", "routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      route("import", "routes/admin/import.tsx"),
      // Each area adds its pages here, e.g. route("products", "routes/admin/products.tsx").
    ]),
  ];
}
