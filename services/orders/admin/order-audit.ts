// Every staff action on an order goes to the store's audit log (who, when, what, before and after), in the
// same transaction as the change.
import { recordAudit } from "../../audit/audit-log.ts";
import type { Actor, Tx } from "../order-progress.ts";

export interface OrderAuditEntry {
  action: string;
  entity: string;
  entityId: number | string;
  before?: unknown;
  after?: unknown;
}

export async function auditOrderAction(tx: Tx, actor: Actor, entry: OrderAuditEntry): Promise<void> {
  // The shopper's own steps (a return request) are in the order's timeline, not the staff audit log.
  if (actor.staffId === null) return;
  await recordAudit(tx, {
    staffId: actor.staffId,
    staffEmail: actor.email ?? null,
    requestId: actor.requestId ?? null,
    ipAddress: actor.ipAddress ?? null,
    ...entry,
  });
}
