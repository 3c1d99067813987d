// /admin/import: the catalog as CSV. Export (a download) for every role that reads the catalog; dry runs
// and imports of an uploaded file for roles that write it. The run's id goes into the address, so a
// reload (or another tab) follows the same run; its problems come as a table of row, column, message.
import { requireStaffPage, staffCan } from "../../features/admin/admin-session.server.ts";
import { loadImportPage } from "../../features/admin/import/import-page.server.ts";
import { ImportPage } from "../../features/admin/import/import-page.tsx";
import type { Route } from "./+types/import";

export async function loader(args: Route.LoaderArgs) {
  const { staff, services } = requireStaffPage(args, "catalog:read");
  const url = new URL(args.request.url);
  const { runs, current } = await loadImportPage(services.database.db, url.searchParams.get("run"));
  return { canImport: staffCan(staff, "catalog:write"), runs, current };
}

export const meta: Route.MetaFunction = () => [{ title: "Import and export | Back office" }];

export default function AdminImport({ loaderData }: Route.ComponentProps) {
  return <ImportPage canImport={loaderData.canImport} runs={loaderData.runs} initialRun={loaderData.current} />;
}
