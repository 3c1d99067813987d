// /change-password for a signed-in shopper: the current password is asked again; every other session of
// the account ends.
import { useState } from "react";
import { redirect, useNavigate } from "react-router";
import { PASSWORD_MIN_LENGTH, passwordProblem } from "../../shared/account-forms.ts";
import { BusyButton } from "../components/ui/busy-button.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { appContext } from "../context.ts";
import { apiJson } from "../features/account/account-api.ts";
import { AccountPage, MY_ACCOUNT_CRUMB } from "../features/account/account-ui.tsx";
import { accountMeta, storeNameOf, useAsyncAction } from "../features/account/use-async-action.ts";
import { loginPath } from "../features/account/use-current-user.ts";
import type { Route } from "./+types/account-change-password";

export async function loader({ context }: Route.LoaderArgs) {
  const session = await context.get(appContext).session.get();
  if (!session?.userId) throw redirect(loginPath("/change-password"));
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Change password", storeNameOf(matches));

export default function ChangePassword() {
  const navigate = useNavigate();
  const [values, setValues] = useState({ currentPassword: "", newPassword: "", repeat: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = useAsyncAction();
  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = passwordProblem(values.newPassword);
    const next: Record<string, string> = {};
    if (!values.currentPassword) next.currentPassword = "Enter your current password";
    if (problem) next.newPassword = problem;
    if (values.repeat !== values.newPassword) next.repeat = "The two passwords are not the same.";
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    await action.run(async () => {
      const answer = await apiJson<{ message: string }>("/api/auth/change-password", {
        method: "POST",
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
      });
      setValues({ currentPassword: "", newPassword: "", repeat: "" });
      return answer.message;
    });
  }

  return (
    <AccountPage title="Change password" crumbs={[MY_ACCOUNT_CRUMB, { label: "Change password" }]} narrow>
      <form noValidate onSubmit={submit} className="space-y-4 rounded-lg border border-line bg-white p-6 shadow-sm">
        {action.error ? <Notice tone="danger">{action.error}</Notice> : null}
        {action.success ? <Notice tone="success">{action.success}</Notice> : null}
        <TextField
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={values.currentPassword}
          onChange={set("currentPassword")}
          error={errors.currentPassword}
        />
        <TextField
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          value={values.newPassword}
          onChange={set("newPassword")}
          error={errors.newPassword}
          valid={values.newPassword !== "" && passwordProblem(values.newPassword) === null}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. Changing it signs you out on every other device.`}
        />
        <TextField
          id="repeat-password"
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          required
          value={values.repeat}
          onChange={set("repeat")}
          error={errors.repeat}
        />
        <div className="flex flex-wrap gap-3">
          <BusyButton busy={action.busy} busyLabel="Saving...">
            Change password
          </BusyButton>
          <button type="button" className="btn-secondary" onClick={() => navigate("/myaccount.asp")}>
            Back
          </button>
        </div>
      </form>
    </AccountPage>
  );
}
