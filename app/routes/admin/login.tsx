// Back-office sign-in (/admin/login): e-mail and password with the shoppers' rules, rate limits and bot
// check; then the two-step code when the member has turned it on (a recovery code works too). A member
// the owner requires two-step sign-in of, who has none yet, goes on to set it up.
import { KeyRound, Store } from "lucide-react";
import { useState } from "react";
import { redirect } from "react-router";
import {
  safeAdminPath,
  staffSignInSchema,
  TWO_STEP_SETUP_PATH,
  twoStepCodeSchema,
} from "../../../shared/admin/staff-forms.ts";
import { fieldErrors } from "../../../shared/field-errors.ts";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { getBotToken } from "../../features/account/bot-token.ts";
import { NoScriptNotice } from "../../features/account/no-script-notice.tsx";
import { useAsyncAction } from "../../features/account/use-async-action.ts";
import { staffSessionOf, storeNameOf } from "../../features/admin/admin-session.server.ts";
import { apiJson } from "../../features/admin/ui/admin-api.ts";
import type { Route } from "./+types/login";

export async function loader(args: Route.LoaderArgs) {
  const next = safeAdminPath(new URL(args.request.url).searchParams.get("next"));
  const session = staffSessionOf(args);
  if (session?.stage === "active") throw redirect(next);
  if (session?.stage === "enrol") throw redirect(`${TWO_STEP_SETUP_PATH}?next=${encodeURIComponent(next)}`);
  return { next, codeStep: session?.stage === "totp", storeName: storeNameOf(args) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Sign in | Back office | ${loaderData?.storeName ?? "Store"}` },
  { name: "robots", content: "noindex, nofollow" },
];

type SignInAnswer = { next: "done" | "two-step" | "enrol" };

export default function AdminLogin({ loaderData }: Route.ComponentProps) {
  const [codeStep, setCodeStep] = useState(loaderData.codeStep);
  return (
    <main className="flex min-h-screen items-start justify-center bg-surface px-4 py-12 sm:items-center">
      <div className="w-full max-w-md">
        <p className="mb-6 flex items-center justify-center gap-2 text-lg font-bold text-water-900">
          <Store aria-hidden="true" size={24} />
          {loaderData.storeName}
        </p>
        <div className="rounded-lg border border-line bg-white p-6 shadow-sm">
          <NoScriptNotice />
          {codeStep ? (
            <CodeForm next={loaderData.next} />
          ) : (
            <PasswordForm next={loaderData.next} onCodeStep={() => setCodeStep(true)} />
          )}
        </div>
        <p className="mt-6 text-center text-sm text-muted">
          For the store's staff. Shopping with us?{" "}
          <a href="/login" className="font-semibold text-aqua-600 hover:underline">
            Sign in to your account
          </a>
          .
        </p>
      </div>
    </main>
  );
}

function PasswordForm({ next, onCodeStep }: { next: string; onCodeStep: () => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = useAsyncAction();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = staffSignInSchema.safeParse({ email, password });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    await action.run(async () => {
      const token = await getBotToken("login");
      const answer = await apiJson<SignInAnswer>("/api/admin/auth/login", {
        method: "POST",
        body: { ...parsed.data, token },
      });
      if (answer.next === "two-step") {
        onCodeStep();
        return null;
      }
      window.location.assign(
        answer.next === "enrol" ? `${TWO_STEP_SETUP_PATH}?next=${encodeURIComponent(next)}` : next,
      );
      return "Signed in. One moment...";
    });
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <h1 className="text-2xl font-bold text-water-900">Back office sign-in</h1>
      {action.error ? <Notice tone="danger">{action.error}</Notice> : null}
      {action.success ? <Notice tone="success">{action.success}</Notice> : null}
      <TextField
        id="admin-login-email"
        label="E-mail address"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <TextField
        id="admin-login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <BusyButton busy={action.busy} busyLabel="Signing in..." className="btn-primary w-full">
        Sign in
      </BusyButton>
      <p className="text-sm text-muted">Forgot your password? Ask the store's owner to send you a new link.</p>
    </form>
  );
}

function CodeForm({ next }: { next: string }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const action = useAsyncAction();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = twoStepCodeSchema.safeParse({ code });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    await action.run(async () => {
      await apiJson("/api/admin/auth/two-step", { method: "POST", body: parsed.data });
      window.location.assign(next);
      return "Signed in. One moment...";
    });
  }

  return (
    <>
      <form noValidate onSubmit={submit} className="space-y-4">
        <h1 className="flex items-center gap-2 text-2xl font-bold text-water-900">
          <KeyRound aria-hidden="true" size={24} />
          Two-step sign-in
        </h1>
        <p className="text-muted">Enter the 6-digit code your authenticator app shows for this store.</p>
        {action.error ? <Notice tone="danger">{action.error}</Notice> : null}
        {action.success ? <Notice tone="success">{action.success}</Notice> : null}
        <TextField
          id="admin-login-code"
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error}
          hint="Lost your phone? Enter one of your recovery codes instead."
        />
        <BusyButton busy={action.busy} busyLabel="Checking..." className="btn-primary w-full">
          Continue
        </BusyButton>
      </form>
      <form method="post" action="/admin/logout" className="mt-4">
        <button type="submit" className="min-h-11 text-sm text-aqua-600 hover:underline">
          Use another account
        </button>
      </form>
    </>
  );
}
