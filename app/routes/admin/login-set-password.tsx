// /admin/set-password#token=...: a member chooses their password from an invitation or a new-password
// link. The token stays in the address fragment (never sent to the server with the page request).
import { Store } from "lucide-react";
import { useState } from "react";
import { passwordProblem } from "../../../shared/account-forms.ts";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { useAsyncAction } from "../../features/account/use-async-action.ts";
import { useFragmentToken } from "../../features/account/use-fragment-token.ts";
import { storeNameOf } from "../../features/admin/admin-session.server.ts";
import { apiJson } from "../../features/admin/ui/admin-api.ts";
import type { Route } from "./+types/login-set-password";

export async function loader(args: Route.LoaderArgs) {
  return { storeName: storeNameOf(args) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Choose your password | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function SetPassword({ loaderData }: Route.ComponentProps) {
  const token = useFragmentToken();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [email, setEmail] = useState<string | null>(null);
  const action = useAsyncAction();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = password ? passwordProblem(password) : "Enter a password";
    const mismatch = confirm !== password ? "The two passwords are not the same" : undefined;
    setErrors({ password: problem ?? undefined, confirm: mismatch });
    if (problem || mismatch || !token) return;
    await action.run(async () => {
      const answer = await apiJson<{ email: string }>("/api/admin/auth/set-password", {
        method: "POST",
        body: { token, password },
      });
      setEmail(answer.email);
      return "Your password is set.";
    });
  }

  return (
    <main className="flex min-h-screen items-start justify-center bg-surface px-4 py-12">
      <div className="w-full max-w-md">
        <p className="mb-6 flex items-center justify-center gap-2 text-lg font-bold text-water-900">
          <Store aria-hidden="true" size={24} />
          {loaderData.storeName}
        </p>
        <div className="rounded-lg border border-line bg-white p-6 shadow-sm">
          <h1 className="mb-4 text-2xl font-bold text-water-900">Choose your password</h1>
          {token === null ? (
            <Notice tone="danger">
              This link is incomplete. Open it again from the e-mail, or ask the store's owner for a new one.
            </Notice>
          ) : email ? (
            <div className="space-y-4">
              <Notice tone="success">Your password is set. Sign in as {email}.</Notice>
              <a href="/admin/login" className="btn-primary w-full">
                Sign in
              </a>
            </div>
          ) : (
            <form noValidate onSubmit={submit} className="space-y-4">
              {action.error ? <Notice tone="danger">{action.error}</Notice> : null}
              <TextField
                id="set-password"
                label="New password"
                type="password"
                autoComplete="new-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={errors.password}
                hint="At least 10 characters. A phrase of a few unrelated words is easy to remember and hard to guess."
              />
              <TextField
                id="set-password-confirm"
                label="The same password again"
                type="password"
                autoComplete="new-password"
                required
                value={confirm}
                onChange={(event) => setConfirm(event.target.value)}
                error={errors.confirm}
              />
              <BusyButton busy={action.busy} busyLabel="Saving..." className="btn-primary w-full" disabled={!token}>
                Set my password
              </BusyButton>
            </form>
          )}
        </div>
      </div>
    </main>
  );
}
