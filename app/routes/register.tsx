// Sign-up (/register). The account is created unconfirmed; the e-mailed link confirms it. The answer is
// the same whether or not the address already had an account (the owner gets a note by mail instead).
import { useState } from "react";
import { Link, redirect } from "react-router";
import { PASSWORD_MIN_LENGTH, passwordProblem, registerSchema } from "../../shared/account-forms.ts";
import { fieldErrors } from "../../shared/field-errors.ts";
import { BusyButton } from "../components/ui/busy-button.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { appContext } from "../context.ts";
import { apiJson } from "../features/account/account-api.ts";
import { AccountPage } from "../features/account/account-ui.tsx";
import { getBotToken } from "../features/account/bot-token.ts";
import { NoScriptNotice } from "../features/account/no-script-notice.tsx";
import { accountMeta, storeNameOf, useAsyncAction } from "../features/account/use-async-action.ts";
import type { Route } from "./+types/register";

export async function loader({ context }: Route.LoaderArgs) {
  const session = await context.get(appContext).session.get();
  if (session?.userId) throw redirect("/myaccount.asp");
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Create an account", storeNameOf(matches));

export default function Register() {
  const [values, setValues] = useState({ firstName: "", lastName: "", email: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = useAsyncAction();
  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const passwordOk = values.password !== "" && passwordProblem(values.password, values.email) === null;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = registerSchema.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    await action.run(async () => {
      const token = await getBotToken("register");
      const answer = await apiJson<{ message: string }>("/api/auth/register", {
        method: "POST",
        body: { ...parsed.data, token },
      });
      return answer.message;
    });
  }

  if (action.success) {
    return (
      <AccountPage title="Check your e-mail" narrow>
        <Notice tone="success">{action.success}</Notice>
        <p className="mt-4 text-muted">
          No e-mail after a few minutes? Look in your spam folder, or{" "}
          <Link to="/start-verification" className="text-aqua-600 hover:underline">
            ask for a new link
          </Link>
          .
        </p>
      </AccountPage>
    );
  }

  return (
    <AccountPage title="Create an account" narrow>
      <NoScriptNotice />
      <form noValidate onSubmit={submit} className="space-y-4 rounded-lg border border-line bg-white p-6 shadow-sm">
        {action.error ? <Notice tone="danger">{action.error}</Notice> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="register-first-name"
            label="First Name"
            autoComplete="given-name"
            required
            value={values.firstName}
            onChange={set("firstName")}
            error={errors.firstName}
          />
          <TextField
            id="register-last-name"
            label="Last Name"
            autoComplete="family-name"
            required
            value={values.lastName}
            onChange={set("lastName")}
            error={errors.lastName}
          />
        </div>
        <TextField
          id="register-email"
          label="E-mail address"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={set("email")}
          error={errors.email}
        />
        <TextField
          id="register-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={set("password")}
          error={errors.password}
          valid={passwordOk}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong, memorable password.`}
        />
        <BusyButton busy={action.busy} busyLabel="Creating your account...">
          Create account
        </BusyButton>
      </form>
      <p className="mt-6 text-center text-muted">
        Already have an account?{" "}
        <Link to="/login" className="font-semibold text-aqua-600 hover:underline">
          Sign in
        </Link>
      </p>
    </AccountPage>
  );
}
