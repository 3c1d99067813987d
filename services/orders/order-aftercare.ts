// What the shopper's order page shows after the order was placed: each shipment with its tracking link,
// the refunds made, the returns asked for and whether another return can be asked for.
import type { Database } from "../../db/client.ts";
import { listRefunds } from "./admin/order-refunds.ts";
import { listShipments } from "./fulfilment.ts";
import { type ReturnEligibility, type ReturnView, returnEligibility, returnsOfOrder } from "./returns.ts";

export interface OrderAftercare {
  shipments: Awaited<ReturnType<typeof listShipments>>;
  refunds: Array<{
    id: number;
    amount: number;
    createdAt: string;
    note: string | null;
    lines: Array<{ lineItemId: number; quantity: number }>;
  }>;
  returns: ReturnView[];
  returnEligibility: ReturnEligibility;
}

export async function getOrderAftercare(
  db: Pick<Database, "select">,
  orderId: number,
  options: { returnDays: number; now: Date },
): Promise<OrderAftercare> {
  const [shipments, refunds, returns, eligibility] = await Promise.all([
    listShipments(db, orderId),
    listRefunds(db, orderId),
    returnsOfOrder(db, orderId),
    returnEligibility(db, orderId, options.returnDays, options.now),
  ]);
  return {
    shipments,
    // Only money that went back; failed attempts are for staff.
    refunds: refunds
      .filter((refund) => refund.status === "succeeded")
      .map(({ id, amount, createdAt, note, lines }) => ({ id, amount, createdAt, note, lines })),
    returns,
    returnEligibility: eligibility,
  };
}
