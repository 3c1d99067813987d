// /recovery-email/undo#token=...: the link of the notice sent to an account's own address when its recovery
// e-mail changes. Pressing the button puts the previous recovery e-mail back, signs the account out
// everywhere and ends open reset links. The token sits after `#`, so it never reaches a server log.
import { Link } from "react-router";
import { BusyButton } from "../components/ui/busy-button.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { apiJson } from "../features/account/account-api.ts";
import { AccountPage } from "../features/account/account-ui.tsx";
import { accountMeta, storeNameOf, useAsyncAction } from "../features/account/use-async-action.ts";
import { useFragmentToken } from "../features/account/use-fragment-token.ts";
import type { Route } from "./+types/recovery-email-undo";

/** What this page shows is the visitor's (loaded in the browser): the page cache never keeps it. */
export const handle = { personal: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta("Undo the recovery email change", storeNameOf(matches));

export default function UndoRecoveryEmail() {
  const token = useFragmentToken();
  const action = useAsyncAction();

  async function undo() {
    if (!token) return;
    await action.run(async () => {
      const answer = await apiJson<{ message: string }>("/api/user/recoveryEmail/undo", {
        method: "POST",
        body: { undoToken: token },
      });
      return answer.message;
    });
  }

  return (
    <AccountPage title="Undo the recovery email change" narrow>
      <div className="space-y-4 rounded-lg border border-line bg-white p-6 shadow-sm">
        {token === undefined ? <p className="text-muted">Loading...</p> : null}
        {token === null ? <Notice tone="danger">This link is incomplete. Open it again from the e-mail.</Notice> : null}
        {action.error ? <Notice tone="danger">{action.error}</Notice> : null}
        {action.success ? <Notice tone="success">{action.success}</Notice> : null}
        {token && !action.success ? (
          <>
            <p className="text-muted">
              Did someone else change the recovery email of your account? Press the button: the previous recovery email
              comes back, every session of your account is signed out and open password reset links stop working.
            </p>
            <BusyButton busy={action.busy} busyLabel="Undoing..." type="button" onClick={undo}>
              Undo the change
            </BusyButton>
          </>
        ) : null}
        {action.success ? (
          <Link to="/recover-account" className="btn-primary">
            Choose a new password
          </Link>
        ) : null}
      </div>
    </AccountPage>
  );
}
