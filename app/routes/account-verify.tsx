// /verify-account#token=...: the link from a confirmation e-mail (the account's address or its recovery
// address). The token sits after `#`, so it never reaches a server log; it is spent only when the owner
// presses the button, not when a mail scanner merely opens the link.
import { useState } from "react";
import { Link } from "react-router";
import { BusyButton } from "../components/ui/busy-button.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { apiJson } from "../features/account/account-api.ts";
import { AccountPage } from "../features/account/account-ui.tsx";
import { accountMeta, storeNameOf, useAsyncAction } from "../features/account/use-async-action.ts";
import { useFragmentToken } from "../features/account/use-fragment-token.ts";
import type { Route } from "./+types/account-verify";

/** What this page shows is the visitor's (loaded in the browser): the page cache never keeps it. */
export const handle = { personal: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta("Confirm your e-mail address", storeNameOf(matches));

export default function VerifyAccount() {
  const token = useFragmentToken();
  const [kind, setKind] = useState<"account" | "recovery" | null>(null);
  const action = useAsyncAction();

  async function confirm() {
    if (!token) return;
    await action.run(async () => {
      const answer = await apiJson<{ kind: "account" | "recovery"; message: string }>("/api/auth/verify-email", {
        method: "POST",
        body: { verificationToken: token },
      });
      setKind(answer.kind);
      return answer.message;
    });
  }

  return (
    <AccountPage title="Confirm your e-mail address" narrow>
      <div className="space-y-4 rounded-lg border border-line bg-white p-6 shadow-sm">
        {token === undefined ? <p className="text-muted">Loading...</p> : null}
        {token === null ? (
          <Notice tone="danger">
            This link is incomplete. Open it again from the e-mail, or{" "}
            <Link to="/start-verification" className="underline">
              ask for a new one
            </Link>
            .
          </Notice>
        ) : null}
        {action.error ? (
          <Notice tone="danger">
            {action.error}{" "}
            <Link to="/start-verification" className="underline">
              Ask for a new link
            </Link>
          </Notice>
        ) : null}
        {action.success ? <Notice tone="success">{action.success}</Notice> : null}
        {token && !action.success ? (
          <>
            <p className="text-muted">Press the button to confirm that this e-mail address is yours.</p>
            <BusyButton busy={action.busy} busyLabel="Confirming..." type="button" onClick={confirm}>
              Confirm my e-mail address
            </BusyButton>
          </>
        ) : null}
        {action.success && kind === "account" ? (
          <Link to="/login" className="btn-primary">
            Sign In
          </Link>
        ) : null}
        {action.success && kind === "recovery" ? (
          <Link to="/recovery-email" className="btn-secondary">
            Back to Recovery email
          </Link>
        ) : null}
      </div>
    </AccountPage>
  );
}
