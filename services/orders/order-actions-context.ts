// What an action on an order needs from the store: the database, the card processor, the change feed
// (stock that comes back), and the store's name and address for the e-mails. Built from StoreServices.
import type { Database } from "../../db/client.ts";
import type { StoreChangeFeed } from "../changes/store-changes.ts";
import type { PaymentGateway } from "../payments/payment-gateway.ts";
import type { StoreServices } from "../store-services.ts";

export interface OrderActionContext {
  db: Database;
  gateway: PaymentGateway;
  changes: StoreChangeFeed;
  publicUrl: string;
  storeName: string;
  /** Where returns are sent (the store's address). */
  returnAddress: string;
  /** Days after the last shipment within which a shopper may ask for a return. */
  returnDays: number;
  now(): Date;
}

export function orderActionContext(services: StoreServices): OrderActionContext {
  const store = services.config.store;
  return {
    db: services.database.db,
    gateway: services.paymentGateway,
    changes: services.changes,
    publicUrl: services.config.publicUrl,
    storeName: store.storeName,
    returnAddress: [store.storeName, store.storeAddress].filter(Boolean).join(", "),
    returnDays: store.merchantReturnDays,
    now: () => services.clock.now(),
  };
}
