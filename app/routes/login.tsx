// Sign-in (/login and /login.asp). The form posts to the API with a bot-check answer; the server rotates
// the session id and merges the anonymous cart. A full page load follows, so the header and every loader
// see the new session.
import { useState } from "react";
import { Link, redirect } from "react-router";
import { safeRedirectPath, signInSchema } from "../../shared/account-forms.ts";
import { fieldErrors } from "../../shared/field-errors.ts";
import { BusyButton } from "../components/ui/busy-button.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { appContext } from "../context.ts";
import { ApiError, apiJson } from "../features/account/account-api.ts";
import { AccountPage } from "../features/account/account-ui.tsx";
import { getBotToken } from "../features/account/bot-token.ts";
import { NoScriptNotice } from "../features/account/no-script-notice.tsx";
import { accountMeta, storeNameOf, useAsyncAction } from "../features/account/use-async-action.ts";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("redirect"));
  const session = await context.get(appContext).session.get();
  if (session?.userId) throw redirect(returnTo);
  return { returnTo };
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Sign In", storeNameOf(matches));

export default function Login({ loaderData }: Route.ComponentProps) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [unverified, setUnverified] = useState(false);
  const action = useAsyncAction();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signInSchema.safeParse({ email, password });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    setUnverified(false);
    await action.run(async () => {
      const token = await getBotToken("login");
      try {
        await apiJson("/api/auth/login", { method: "POST", body: { ...parsed.data, token } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) setUnverified(true);
        throw error;
      }
      window.location.assign(loaderData.returnTo);
      return "Signed in. One moment...";
    });
  }

  return (
    <AccountPage title="Sign In" narrow>
      <NoScriptNotice />
      <form noValidate onSubmit={submit} className="space-y-4 rounded-lg border border-line bg-white p-6 shadow-sm">
        {action.error ? (
          <Notice tone="danger">
            {action.error}
            {unverified ? (
              <>
                {" "}
                <Link to="/start-verification" className="underline">
                  Resend the confirmation e-mail
                </Link>
              </>
            ) : null}
          </Notice>
        ) : null}
        {action.success ? <Notice tone="success">{action.success}</Notice> : null}
        <TextField
          id="login-email"
          label="E-mail address"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <BusyButton busy={action.busy} busyLabel="Signing in...">
            Sign In
          </BusyButton>
          <Link to="/recover-account" className="text-sm text-aqua-600 hover:underline">
            Forgot your password?
          </Link>
        </div>
      </form>
      <p className="mt-6 text-center text-muted">
        New here?{" "}
        <Link to="/register" className="font-semibold text-aqua-600 hover:underline">
          Create an account
        </Link>{" "}
        to keep your addresses and cards for faster checkout.
      </p>
    </AccountPage>
  );
}
