// Sign-out (/logout). A link from the store's own pages (or a typed address) signs out at once; a link
// from another site only shows a button, so no page elsewhere can sign a shopper out behind their back.
import { Form, redirectDocument } from "react-router";
import { appContext } from "../context.ts";
import { AccountPage } from "../features/account/account-ui.tsx";
import { accountMeta, storeNameOf } from "../features/account/use-async-action.ts";
import type { Route } from "./+types/account-logout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = request.headers.get("sec-fetch-site");
  if (site === "cross-site") return { confirm: true };
  await context.get(appContext).session.destroy();
  // A document load, not a client navigation: the header must be drawn again for a signed-out visitor.
  throw redirectDocument("/");
}

export async function action({ context }: Route.ActionArgs) {
  await context.get(appContext).session.destroy();
  throw redirectDocument("/");
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Sign Out", storeNameOf(matches));

export default function Logout() {
  return (
    <AccountPage title="Sign Out" narrow>
      <Form method="post" className="rounded-lg border border-line bg-white p-6 shadow-sm">
        <p className="mb-4 text-muted">Do you want to sign out of your account on this device?</p>
        <button type="submit" className="btn-primary">
          Sign Out
        </button>
      </Form>
    </AccountPage>
  );
}
