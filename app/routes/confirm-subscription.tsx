// /confirm-subscription?token=...: the newsletter's double opt-in. Opening the link shows a button; the
// subscription is confirmed when it is pressed (mail scanners open links too). Works without JavaScript.
import { data, Form, useNavigation } from "react-router";
import { Notice } from "../components/ui/notice.tsx";
import { appContext } from "../context.ts";
import { confirmSubscription, ServiceError } from "../features/account/account-data.server.ts";
import { AccountPage } from "../features/account/account-ui.tsx";
import { forgetLinkToken, linkTokenOf, takeLinkToken } from "../features/account/link-token.server.ts";
import { accountMeta, storeNameOf } from "../features/account/use-async-action.ts";
import type { Route } from "./+types/confirm-subscription";

const TOKEN_COOKIE = "store_newsletter_confirm";

export function loader({ request, context }: Route.LoaderArgs) {
  // The token leaves the address bar (logs, analytics) for a cookie of this page; the page only says it has one.
  // What the page says depends on that cookie: it is never cached.
  context.get(appContext).page.markPersonal("link token cookie");
  return { hasToken: takeLinkToken(request, TOKEN_COOKIE) !== "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  const form = await request.formData();
  try {
    const { email } = await confirmSubscription(
      {
        db: services.database.db,
        publicUrl: services.config.publicUrl,
        storeName: services.config.store.storeName,
        secret: services.config.sessionSecret,
      },
      linkTokenOf(request, form, TOKEN_COOKIE),
    );
    return data(
      { ok: true as const, message: `Thank you: ${email} is subscribed to our newsletter.` },
      { headers: { "set-cookie": forgetLinkToken(TOKEN_COOKIE) } },
    );
  } catch (error) {
    if (error instanceof ServiceError && error.status < 500) return { ok: false as const, message: error.message };
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Newsletter confirmation", storeNameOf(matches));

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <AccountPage title="Newsletter confirmation" narrow>
      <div className="space-y-4 rounded-lg border border-line bg-white p-6 shadow-sm">
        {actionData ? <Notice tone={actionData.ok ? "success" : "danger"}>{actionData.message}</Notice> : null}
        {!actionData?.ok && loaderData.hasToken ? (
          <Form method="post" className="space-y-4">
            <p className="text-muted">Please confirm that you want to receive our newsletter.</p>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? "Confirming..." : "Confirm my subscription"}
            </button>
          </Form>
        ) : null}
        {!loaderData.hasToken ? (
          <Notice tone="danger">This link is incomplete. Open it again from the e-mail.</Notice>
        ) : null}
      </div>
    </AccountPage>
  );
}
