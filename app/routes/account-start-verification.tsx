// /start-verification: ask for a new confirmation link. The answer never says whether the address has
// an account.
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
import type { Route } from "./+types/account-start-verification";

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta("Confirm your e-mail address", storeNameOf(matches));

export default function StartVerification() {
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = useAsyncAction();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = emailRequestSchema.safeParse({ email });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    await action.run(async () => {
      const token = await getBotToken("verification");
      const answer = await apiJson<{ message: string }>("/api/auth/verification", {
        method: "POST",
        body: { email: parsed.data.email, token },
      });
      return answer.message;
    });
  }

  return (
    <AccountPage title="Confirm your e-mail address" narrow>
      <NoScriptNotice />
      <p className="mb-4 text-muted">
        Enter the address you signed up with and we will send a new confirmation link. The link works once, for 24
        hours.
      </p>
      <form noValidate onSubmit={submit} className="space-y-4 rounded-lg border border-line bg-white p-6 shadow-sm">
        {action.error ? <Notice tone="danger">{action.error}</Notice> : null}
        {action.success ? <Notice tone="success">{action.success}</Notice> : null}
        <TextField
          id="verification-email"
          label="E-mail address"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <BusyButton busy={action.busy} busyLabel="Sending...">
          Send a new link
        </BusyButton>
      </form>
      <p className="mt-6 text-center text-muted">
        Already confirmed?{" "}
        <Link to="/login" className="font-semibold text-aqua-600 hover:underline">
          Sign in
        </Link>
      </p>
    </AccountPage>
  );
}
