import type { DatabaseHandle } from "../db/client.ts";
import type { ServerConfig } from "../server/config.ts";
import type { MailDelivery } from "./email/mailer.ts";

/**
 * Everything a request handler or a page loader may call. Built once per process by the server
 * and handed to React Router loaders through the load context, so pages and the REST API share
 * one database pool and one set of services.
 */
export interface StoreServices {
  database: DatabaseHandle;
  config: ServerConfig;
  mail: MailDelivery;
}

export function createStoreServices(database: DatabaseHandle, config: ServerConfig, mail: MailDelivery): StoreServices {
  return { database, config, mail };
}
