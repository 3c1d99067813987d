// What the staff and audit pages load (server only).
import { auditEntities, listAudit } from "../../../../services/audit/audit-log.ts";
import {
  getStaffAccessSettings,
  listStaffMembers,
  remainingRecoveryCodes,
} from "../../../../services/staff/staff-accounts.ts";
import type { StoreServices } from "../../../../services/store-services.ts";
import { auditQuerySchema, auditSearchParams } from "../../../../shared/admin/audit-query.ts";

export async function loadStaffPage(services: StoreServices) {
  const db = services.database.db;
  const [staff, settings] = await Promise.all([listStaffMembers(db), getStaffAccessSettings(db)]);
  return {
    staff: staff.map((member) => ({
      ...member,
      lastSignInAt: member.lastSignInAt?.toISOString() ?? null,
      createdAt: member.createdAt.toISOString(),
    })),
    settings,
  };
}

export const AUDIT_PAGE_SIZE = 50;

export async function loadAuditPage(services: StoreServices, url: URL) {
  const db = services.database.db;
  const raw = auditSearchParams(url);
  const parsed = auditQuerySchema.safeParse({ ...raw, pageSize: AUDIT_PAGE_SIZE });
  const filter = parsed.success ? parsed.data : { page: 1, pageSize: AUDIT_PAGE_SIZE };
  const [result, entities, staff] = await Promise.all([listAudit(db, filter), auditEntities(db), listStaffMembers(db)]);
  return {
    filter: raw,
    filterError: parsed.success ? null : (parsed.error.issues[0]?.message ?? "That filter is not valid."),
    entries: result.entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    total: result.total,
    pageSize: result.pageSize,
    entities,
    staff: staff.map((member) => ({ id: member.id, name: member.name, email: member.email })),
  };
}

export async function loadOwnAccount(services: StoreServices, staffId: number) {
  const db = services.database.db;
  const [settings, recoveryCodesLeft] = await Promise.all([
    getStaffAccessSettings(db),
    remainingRecoveryCodes(db, staffId),
  ]);
  return { requireTwoStep: settings.requireTwoStep, recoveryCodesLeft };
}
