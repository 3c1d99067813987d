// Every back-office catalog change is written to the audit log (who, when, what, before and after),
// in the transaction of the change itself: a change that rolls back leaves no entry.
import { recordAudit } from "../../audit/audit-log.ts";
import type { CatalogWriteContext, Transaction } from "./catalog-write-context.ts";

export interface CatalogAuditEntry {
  action: string;
  entity: string;
  entityId: string | number;
  before: unknown;
  after: unknown;
}

export async function auditCatalogChange(
  tx: Transaction,
  ctx: CatalogWriteContext,
  entry: CatalogAuditEntry,
): Promise<void> {
  const actor = ctx.actor;
  await recordAudit(tx, {
    staffId: actor?.staffId ?? null,
    staffEmail: actor?.staffEmail ?? null,
    requestId: actor?.requestId ?? null,
    ipAddress: actor?.ipAddress ?? null,
    ...entry,
  });
}
