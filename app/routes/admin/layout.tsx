// The back office's layout route (/admin/*): requires a signed-in staff member (otherwise to
// /admin/login?next=...), and frames every page under it in the admin shell.
import { isRouteErrorResponse, Link, Outlet, useRouteError, useRouteLoaderData } from "react-router";
import { requireStaffPage, storeNameOf, storeTimeZoneOf } from "../../features/admin/admin-session.server.ts";
import { AdminShell } from "../../features/admin/shell/admin-shell.tsx";
import type { Route } from "./+types/layout";

export async function loader(args: Route.LoaderArgs) {
  const { staff } = requireStaffPage(args);
  return {
    staff: { name: staff.name, email: staff.email, role: staff.role },
    storeName: storeNameOf(args),
    timeZone: storeTimeZoneOf(args),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Back office | ${loaderData?.storeName ?? "Store"}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell staff={loaderData.staff} storeName={loaderData.storeName}>
      <Outlet />
    </AdminShell>
  );
}

/** A page that failed or is not allowed, inside the shell when the member is known. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { message?: unknown })?.message === "string"
      ? (error.data as { message: string }).message
      : null;
  const body = (
    <div className="mx-auto max-w-xl rounded-lg border border-line bg-white p-6 text-center shadow-sm">
      <h1 className="mb-2 text-2xl font-bold text-water-900">
        {status === 403 ? "Not allowed" : status === 404 ? "Page not found" : "Something went wrong"}
      </h1>
      <p className="mb-4 text-muted">
        {message ??
          (status === 404
            ? "There is no back-office page at this address."
            : "The page could not be shown. Try again in a moment; if it keeps failing, tell the store's developer.")}
      </p>
      <Link to="/admin" className="btn-secondary">
        Back to the dashboard
      </Link>
    </div>
  );
  if (!data) return <main className="p-6">{body}</main>;
  return (
    <AdminShell staff={data.staff} storeName={data.storeName}>
      {body}
    </AdminShell>
  );
}
