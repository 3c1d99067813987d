// /admin/audit (owners): every change made in the back office, newest first, filtered by member, kind
// of record and day, with what each change did field by field.
import { useMemo } from "react";
import { Form, Link } from "react-router";
import { Notice } from "../../components/ui/notice.tsx";
import { SelectField, TextField } from "../../components/ui/text-field.tsx";
import { requireStaffPage } from "../../features/admin/admin-session.server.ts";
import { loadAuditPage } from "../../features/admin/staff/staff-data.server.ts";
import { ChangeDiff } from "../../features/admin/ui/change-diff.tsx";
import { adminColumns, DataTable } from "../../features/admin/ui/data-table.tsx";
import { formatDateTime, useAdminTimeZone } from "../../features/admin/ui/format.ts";
import { PageHeader } from "../../features/admin/ui/page-header.tsx";
import type { Route } from "./+types/audit";

export async function loader(args: Route.LoaderArgs) {
  const { services } = requireStaffPage(args, "audit:read");
  return loadAuditPage(services, new URL(args.request.url));
}

export const meta: Route.MetaFunction = () => [{ title: "Audit log | Back office" }];

type Entry = Awaited<ReturnType<typeof loader>>["entries"][number];

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const timeZone = useAdminTimeZone();
  const { filter } = loaderData;
  const columns = useMemo(
    () =>
      adminColumns<Entry>((c) => [
        c.accessor("at", {
          header: "When",
          enableSorting: false,
          cell: (info) => (
            <span className="tabular whitespace-nowrap">{formatDateTime(info.getValue(), timeZone)}</span>
          ),
        }),
        c.accessor((row) => row.staffName ?? row.staffEmail ?? "The store", {
          id: "who",
          header: "Who",
          enableSorting: false,
          cell: (info) => (
            <div>
              <p className="font-medium text-ink">{info.getValue()}</p>
              {info.row.original.ipAddress ? (
                <p className="text-xs text-muted tabular">{info.row.original.ipAddress}</p>
              ) : null}
            </div>
          ),
        }),
        c.accessor("action", {
          header: "Action",
          enableSorting: false,
          cell: (info) => <code className="text-xs whitespace-nowrap">{info.getValue()}</code>,
        }),
        c.accessor((row) => `${row.entity}${row.entityId ? ` #${row.entityId}` : ""}`, {
          id: "record",
          header: "Record",
          enableSorting: false,
          cell: (info) => (
            <Link
              to={`/admin/audit?entity=${encodeURIComponent(info.row.original.entity)}${
                info.row.original.entityId ? `&entityId=${encodeURIComponent(info.row.original.entityId)}` : ""
              }`}
              className="whitespace-nowrap text-aqua-600 hover:underline"
              title="Every change to this record"
            >
              {info.getValue()}
            </Link>
          ),
        }),
        c.display({
          id: "changes",
          header: "Before → after",
          cell: (info) => <ChangeDiff before={info.row.original.before} after={info.row.original.after} />,
        }),
      ]),
    [timeZone],
  );
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made in the back office: who, when, and what it changed."
      />
      <Form
        method="get"
        className="mb-4 grid gap-3 rounded-lg border border-line bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5"
      >
        <SelectField id="audit-staff" name="staffId" label="Staff member" defaultValue={filter.staffId ?? ""}>
          <option value="">Everyone</option>
          {loaderData.staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name} ({member.email})
            </option>
          ))}
        </SelectField>
        <SelectField id="audit-entity" name="entity" label="Record" defaultValue={filter.entity ?? ""}>
          <option value="">Any</option>
          {loaderData.entities.map((entity) => (
            <option key={entity} value={entity}>
              {entity}
            </option>
          ))}
        </SelectField>
        <TextField id="audit-from" name="from" type="date" label="From" defaultValue={filter.from ?? ""} />
        <TextField id="audit-to" name="to" type="date" label="To" defaultValue={filter.to ?? ""} />
        {filter.entityId ? <input type="hidden" name="entityId" value={filter.entityId} /> : null}
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-primary flex-1">
            Filter
          </button>
          <Link to="/admin/audit" className="btn-secondary">
            Clear
          </Link>
        </div>
      </Form>
      {loaderData.filterError ? (
        <Notice tone="danger" className="mb-4">
          {loaderData.filterError} Showing everything instead.
        </Notice>
      ) : null}
      {filter.entityId ? (
        <p className="mb-2 text-sm text-muted">
          Showing {filter.entity} #{filter.entityId} only.
        </p>
      ) : null}
      <DataTable
        caption="Audit log entries"
        mode="server"
        columns={columns}
        data={loaderData.entries}
        total={loaderData.total}
        pageSize={loaderData.pageSize}
        rowId={(row) => String(row.id)}
        empty="No changes match these filters."
      />
    </>
  );
}
