// /admin/two-step-setup: a member signed in with their password, whom the owner requires to use two-step
// sign-in and who has none yet, sets it up here before anything else opens.
import { Store } from "lucide-react";
import { redirect } from "react-router";
import { safeAdminPath } from "../../../shared/admin/staff-forms.ts";
import { staffSessionOf, storeNameOf } from "../../features/admin/admin-session.server.ts";
import { TwoStepSetup } from "../../features/admin/staff/two-step-setup.tsx";
import type { Route } from "./+types/login-two-step-setup";

export async function loader(args: Route.LoaderArgs) {
  const next = safeAdminPath(new URL(args.request.url).searchParams.get("next"));
  const session = staffSessionOf(args);
  if (session?.stage === "active") throw redirect(next);
  if (session?.stage !== "enrol") throw redirect(`/admin/login?next=${encodeURIComponent(next)}`);
  return { next, name: session.staff.name, storeName: storeNameOf(args) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Set up two-step sign-in | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function TwoStepSetupPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="flex min-h-screen items-start justify-center bg-surface px-4 py-12">
      <div className="w-full max-w-lg">
        <p className="mb-6 flex items-center justify-center gap-2 text-lg font-bold text-water-900">
          <Store aria-hidden="true" size={24} />
          {loaderData.storeName}
        </p>
        <div className="space-y-4 rounded-lg border border-line bg-white p-6 shadow-sm">
          <h1 className="text-2xl font-bold text-water-900">Set up two-step sign-in</h1>
          <p className="text-muted">
            Hello {loaderData.name}. The store's owner requires two-step sign-in for everyone: set it up to continue.
          </p>
          <TwoStepSetup
            doneLabel="Continue to the back office"
            onDone={() => window.location.assign(loaderData.next)}
          />
        </div>
        <form method="post" action="/admin/logout" className="mt-4 text-center">
          <button type="submit" className="min-h-11 text-sm text-aqua-600 hover:underline">
            Sign out
          </button>
        </form>
      </div>
    </main>
  );
}
