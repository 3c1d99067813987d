// A page that asks for an e-mail address and mails a link to it (a password reset, a new confirmation
// link): checked with the shared e-mail rule, the bot check passed, the server's answer shown. The answer
// is the same whether or not the address has an account.
import { useState } from "react";
import { Link } from "react-router";
import { emailRequestSchema } from "../../../shared/account-forms.ts";
import { fieldErrors } from "../../../shared/field-errors.ts";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { apiJson } from "./account-api.ts";
import { AccountPage } from "./account-ui.tsx";
import { getBotToken } from "./bot-token.ts";
import { NoScriptNotice } from "./no-script-notice.tsx";
import { useAsyncAction } from "./use-async-action.ts";

export function EmailLinkRequest({
  title,
  intro,
  fieldId,
  botAction,
  endpoint,
  submitLabel,
  signInPrompt,
}: {
  title: string;
  intro: string;
  fieldId: string;
  /** The bot check's action name, which the server expects for this endpoint. */
  botAction: string;
  endpoint: string;
  submitLabel: string;
  signInPrompt: string;
}) {
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = useAsyncAction();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = emailRequestSchema.safeParse({ email });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    await action.run(async () => {
      const token = await getBotToken(botAction);
      const answer = await apiJson<{ message: string }>(endpoint, {
        method: "POST",
        body: { email: parsed.data.email, token },
      });
      return answer.message;
    });
  }

  return (
    <AccountPage title={title} narrow>
      <NoScriptNotice />
      <p className="mb-4 text-muted">{intro}</p>
      <form noValidate onSubmit={submit} className="space-y-4 rounded-lg border border-line bg-white p-6 shadow-sm">
        {action.error ? <Notice tone="danger">{action.error}</Notice> : null}
        {action.success ? <Notice tone="success">{action.success}</Notice> : null}
        <TextField
          id={fieldId}
          label="E-mail address"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <BusyButton busy={action.busy} busyLabel="Sending...">
          {submitLabel}
        </BusyButton>
      </form>
      <p className="mt-6 text-center text-muted">
        {signInPrompt}{" "}
        <Link to="/login" className="font-semibold text-aqua-600 hover:underline">
          Sign in
        </Link>
      </p>
    </AccountPage>
  );
}
