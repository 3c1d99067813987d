// Every back-office catalog change is written to the audit log (who, when, what, before and after),
// in the transaction of the change itself.
import type { CatalogWriteContext, Transaction } from "./catalog-write-context.ts";

export interface CatalogAuditEntry {
  action: string;
  entity: string;
  entityId: string | number;
  before: unknown;
  after: unknown;
}

export async function auditCatalogChange(
  _tx: Transaction,
  _ctx: CatalogWriteContext,
  _entry: CatalogAuditEntry,
): Promise<void> {
  // Wired to the store's audit log (services/audit) once it exists on main.
}
