// The store configuration pages render with: config/store.json with the parts staff edited in the back
// office laid over it (services/content/store-content.ts). When the database cannot be read the file's
// values are used, so a page still renders.
import { storefrontConfig } from "../../../services/content/store-content.ts";
import type { StoreServices } from "../../../services/store-services.ts";
import type { StoreConfig } from "../../../shared/store-config.ts";

export async function loadStorefrontConfig(services: StoreServices): Promise<StoreConfig> {
  try {
    return await storefrontConfig(services.database.readDb, services.config.store);
  } catch (error) {
    services.logger.error({ err: error }, "The store's edited content could not be read; showing the file's");
    return services.config.store;
  }
}
