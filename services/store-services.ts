import type { DatabaseHandle } from "../db/client.ts";
import type { ServerConfig } from "../server/config.ts";
import type { MailDelivery } from "./email/mailer.ts";
import { createPaymentGateway } from "./payments/gateway-from-config.ts";
import type { PaymentGateway } from "./payments/payment-gateway.ts";

/**
 * Everything a request handler or a page loader may call. Built once per process by the server
 * and handed to React Router loaders through the load context, so pages and the REST API share
 * one database pool and one set of services.
 */
export interface StoreServices {
  database: DatabaseHandle;
  config: ServerConfig;
  mail: MailDelivery;
  /** The card processor the configuration names (Stripe, or the test gateway). */
  paymentGateway: PaymentGateway;
}

export function createStoreServices(
  database: DatabaseHandle,
  config: ServerConfig,
  mail: MailDelivery,
  paymentGateway: PaymentGateway = createPaymentGateway(config.payments),
): StoreServices {
  return { database, config, mail, paymentGateway };
}
