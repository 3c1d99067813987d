// /unsubscribe?token=...: the unsubscribe link of every newsletter e-mail. One button, no sign-in, works
// without JavaScript.
import { data, Form, useNavigation } from "react-router";
import { Notice } from "../components/ui/notice.tsx";
import { appContext } from "../context.ts";
import { ServiceError, unsubscribe } from "../features/account/account-data.server.ts";
import { AccountPage } from "../features/account/account-ui.tsx";
import { forgetLinkToken, linkTokenOf, takeLinkToken } from "../features/account/link-token.server.ts";
import { accountMeta, storeNameOf } from "../features/account/use-async-action.ts";
import type { Route } from "./+types/account-unsubscribe";

const TOKEN_COOKIE = "store_newsletter_unsubscribe";

export function loader({ request, context }: Route.LoaderArgs) {
  // The token leaves the address bar (logs, analytics) for a cookie of this page; the page only says it has one.
  // What the page says depends on that cookie: it is never cached.
  context.get(appContext).page.markPersonal("link token cookie");
  return { hasToken: takeLinkToken(request, TOKEN_COOKIE) !== "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    await unsubscribe(context.get(appContext).services.database.db, linkTokenOf(request, form, TOKEN_COOKIE));
    return data(
      { ok: true as const, message: "You are unsubscribed. We will not send you the newsletter again." },
      { headers: { "set-cookie": forgetLinkToken(TOKEN_COOKIE) } },
    );
  } catch (error) {
    if (error instanceof ServiceError && error.status < 500) return { ok: false as const, message: error.message };
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Unsubscribe", storeNameOf(matches));

export default function Unsubscribe({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <AccountPage title="Unsubscribe from the newsletter" narrow>
      <div className="space-y-4 rounded-lg border border-line bg-white p-6 shadow-sm">
        {actionData ? <Notice tone={actionData.ok ? "success" : "danger"}>{actionData.message}</Notice> : null}
        {!actionData?.ok ? (
          <Form method="post" className="space-y-4">
            <p className="text-muted">Press the button and this address gets no more newsletters from us.</p>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? "Unsubscribing..." : "Unsubscribe"}
            </button>
          </Form>
        ) : null}
      </div>
    </AccountPage>
  );
}
