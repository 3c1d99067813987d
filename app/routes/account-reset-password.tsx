// /reset-password#token=...: choose a new password from the e-mailed link. Every session of the account
// ends; the shopper signs in again with the new password.
import { useState } from "react";
import { Link } from "react-router";
import { PASSWORD_MIN_LENGTH, passwordProblem } from "../../shared/account-forms.ts";
import { BusyButton } from "../components/ui/busy-button.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { apiJson } from "../features/account/account-api.ts";
import { AccountPage } from "../features/account/account-ui.tsx";
import { getBotToken } from "../features/account/bot-token.ts";
import { NoScriptNotice } from "../features/account/no-script-notice.tsx";
import { accountMeta, storeNameOf, useAsyncAction } from "../features/account/use-async-action.ts";
import { useFragmentToken } from "../features/account/use-fragment-token.ts";
import type { Route } from "./+types/account-reset-password";

/** What this page shows is the visitor's (loaded in the browser): the page cache never keeps it. */
export const handle = { personal: true };

export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Choose a new password", storeNameOf(matches));

export default function ResetPassword() {
  const resetToken = useFragmentToken();
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = useAsyncAction();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!resetToken) return;
    const problem = passwordProblem(password);
    const next = {
      ...(problem ? { password: problem } : {}),
      ...(repeat !== password ? { repeat: "The two passwords are not the same." } : {}),
    };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    await action.run(async () => {
      const token = await getBotToken("reset_password");
      const answer = await apiJson<{ message: string }>("/api/auth/reset-password", {
        method: "POST",
        body: { resetToken, password, token },
      });
      return answer.message;
    });
  }

  return (
    <AccountPage title="Choose a new password" narrow>
      <NoScriptNotice />
      {resetToken === null ? (
        <Notice tone="danger">
          This link is incomplete. Open it again from the e-mail, or{" "}
          <Link to="/recover-account" className="underline">
            ask for a new one
          </Link>
          .
        </Notice>
      ) : null}
      {action.success ? (
        <div className="space-y-4">
          <Notice tone="success">{action.success}</Notice>
          <Link to="/login" className="btn-primary">
            Sign In
          </Link>
        </div>
      ) : resetToken ? (
        <form noValidate onSubmit={submit} className="space-y-4 rounded-lg border border-line bg-white p-6 shadow-sm">
          {action.error ? <Notice tone="danger">{action.error}</Notice> : null}
          <TextField
            id="reset-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
            valid={password !== "" && passwordProblem(password) === null}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong, memorable password.`}
          />
          <TextField
            id="reset-password-repeat"
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            required
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
            error={errors.repeat}
          />
          <BusyButton busy={action.busy} busyLabel="Saving...">
            Save the new password
          </BusyButton>
        </form>
      ) : null}
    </AccountPage>
  );
}
