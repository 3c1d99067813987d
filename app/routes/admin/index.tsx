// The back office's first page: a welcome and the areas this member may open.
import { Link } from "react-router";
import { ROLE_LABELS, roleCan } from "../../../shared/admin/permissions.ts";
import { requireStaffPage } from "../../features/admin/admin-session.server.ts";
import { ADMIN_NAV } from "../../features/admin/shell/admin-nav.ts";
import { PageHeader, Panel } from "../../features/admin/ui/page-header.tsx";
import type { Route } from "./+types/index";

export async function loader(args: Route.LoaderArgs) {
  const { staff } = requireStaffPage(args);
  return { name: staff.name, role: staff.role, twoStepEnabled: staff.twoStepEnabled };
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Back office" }];

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const areas = ADMIN_NAV.filter(
    (item) => item.to !== "/admin" && (!item.permission || roleCan(loaderData.role, item.permission)),
  );
  return (
    <>
      <PageHeader
        title={`Welcome, ${loaderData.name}`}
        description={`You are signed in as ${ROLE_LABELS[loaderData.role].toLowerCase()}.`}
      />
      <Panel title="Where to go">
        {areas.length ? (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {areas.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="flex min-h-14 items-center gap-3 rounded-md border border-line px-4 font-semibold text-water-900 hover:border-aqua-500 hover:bg-surface"
                >
                  <item.icon aria-hidden="true" size={20} className="text-aqua-600" />
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">Nothing else is open to your role yet. Ask the store's owner if you need more.</p>
        )}
      </Panel>
    </>
  );
}
