// Sign-out of the back office: the form in the top bar posts here; the session and its cookie end.
import { redirect } from "react-router";
import { endStaffPageSession } from "../../features/admin/admin-session.server.ts";
import type { Route } from "./+types/logout";

export async function action(args: Route.ActionArgs) {
  throw await endStaffPageSession(args);
}

export function loader() {
  return redirect("/admin");
}
