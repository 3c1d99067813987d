// Every back-office API route module, registered under /api/admin. Each area adds its module here
// (one line). Every route declares `config: { permission }` (see admin-guard.ts); the scope checks it.
import type { FastifyInstance } from "fastify";
import type { StoreServices } from "../../../services/store-services.ts";
import { guardAdminScope } from "./admin-guard.ts";
import { auditRoutes } from "./audit-routes.ts";
import { catalogImportRoutes } from "./catalog-import-routes.ts";
import { catalogAdminRoutes } from "./catalog-routes.ts";
import { contentAdminRoutes } from "./content-routes.ts";
import { customerAdminRoutes } from "./customer-routes.ts";
import { discountAdminRoutes } from "./discount-routes.ts";
import { equipmentAdminRoutes } from "./equipment-admin-routes.ts";
import { orderAdminRoutes } from "./order-admin-routes.ts";
import { reviewAdminRoutes } from "./review-routes.ts";
import { settingsAdminRoutes } from "./settings-routes.ts";
import { staffAccountRoutes } from "./staff-account-routes.ts";
import { staffAuthRoutes } from "./staff-auth-routes.ts";
import { staffRoutes } from "./staff-routes.ts";

export async function adminRoutes(admin: FastifyInstance, { services }: { services: StoreServices }) {
  guardAdminScope(admin);
  await admin.register(staffAuthRoutes, { services });
  await admin.register(reviewAdminRoutes, { services });
  await admin.register(discountAdminRoutes, { services });
  await admin.register(customerAdminRoutes, { services });
  await admin.register(contentAdminRoutes, { services });
  await admin.register(staffAccountRoutes, { services });
  await admin.register(staffRoutes, { services });
  await admin.register(auditRoutes, { services });
  await admin.register(catalogAdminRoutes, { services });
  await admin.register(orderAdminRoutes, { services });
  await admin.register(equipmentAdminRoutes, { services });
  await admin.register(catalogImportRoutes, { services });
  await admin.register(settingsAdminRoutes, { services });
}
