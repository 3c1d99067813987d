// /recover-account: "Forgot your password?". Works with the account's address or with its confirmed
// recovery e-mail (when the account's own mailbox is lost). The answer is the same for any address.
import { useState } from "react";
import { Link } from "react-router";
import { emailRequestSchema } from "../../shared/account-forms.ts";
import { BusyButton } from "../components/ui/busy-button.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { apiJson } from "../features/account/account-api.ts";
import { AccountPage, fieldErrors } from "../features/account/account-ui.tsx";
import { getBotToken } from "../features/account/bot-token.ts";
import { NoScriptNotice } from "../features/account/no-script-notice.tsx";
import { accountMeta, storeNameOf, useAsyncAction } from "../features/account/use-async-action.ts";
import type { Route } from "./+types/account-recover";

export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Reset your password", storeNameOf(matches));

export default function RecoverAccount() {
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = useAsyncAction();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = emailRequestSchema.safeParse({ email });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    await action.run(async () => {
      const token = await getBotToken("recover");
      const answer = await apiJson<{ message: string }>("/api/auth/recover", {
        method: "POST",
        body: { email: parsed.data.email, token },
      });
      return answer.message;
    });
  }

  return (
    <AccountPage title="Reset your password" narrow>
      <NoScriptNotice />
      <p className="mb-4 text-muted">
        Enter your account's e-mail address, or the recovery e-mail you confirmed, and we will send a link to choose a
        new password.
      </p>
      <form noValidate onSubmit={submit} className="space-y-4 rounded-lg border border-line bg-white p-6 shadow-sm">
        {action.error ? <Notice tone="danger">{action.error}</Notice> : null}
        {action.success ? <Notice tone="success">{action.success}</Notice> : null}
        <TextField
          id="recover-email"
          label="E-mail address"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <BusyButton busy={action.busy} busyLabel="Sending...">
          Send the link
        </BusyButton>
      </form>
      <p className="mt-6 text-center text-muted">
        Remembered it?{" "}
        <Link to="/login" className="font-semibold text-aqua-600 hover:underline">
          Sign in
        </Link>
      </p>
    </AccountPage>
  );
}
