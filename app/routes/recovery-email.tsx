// /recovery-email: a second address that can receive a password reset
// link. States: absent, present but unverified (with Verify now), present and verified.
import { useCallback, useEffect, useState } from "react";
import { emailSchema } from "../../shared/account-forms.ts";
import { BusyButton } from "../components/ui/busy-button.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { apiJson, messageOf } from "../features/account/account-api.ts";
import { AccountPage } from "../features/account/account-ui.tsx";
import { getBotToken } from "../features/account/bot-token.ts";
import { accountMeta, storeNameOf } from "../features/account/use-async-action.ts";
import { loginPath, useCurrentUser } from "../features/account/use-current-user.ts";
import type { Route } from "./+types/recovery-email";

/** What this page shows is the visitor's (loaded in the browser): the page cache never keeps it. */
export const handle = { personal: true };

export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Recovery email", storeNameOf(matches));

export const VERIFICATION_SENT =
  "Verification link has been sent to your recovery email. Please check your recovery email and follow the instructions.";

interface Recovery {
  recoveryEmail: string | null;
  recoveryEmailVerified: boolean;
}

export default function RecoveryEmail() {
  const lookup = useCurrentUser();
  const [recovery, setRecovery] = useState<Recovery | null>(null);
  const [value, setValue] = useState("");
  const [currentPassword, setCurrentPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const [busy, setBusy] = useState<"save" | "verify" | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await apiJson<Recovery>("/api/user/recoveryEmail");
      setRecovery(answer);
      setValue(answer.recoveryEmail ?? "");
    } catch (error) {
      setNotice({ tone: "danger", text: messageOf(error) });
    }
  }, []);

  useEffect(() => {
    if (lookup.status === "anonymous") window.location.assign(loginPath("/recovery-email"));
    if (lookup.status === "signed-in") void load();
  }, [lookup.status, load]);

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // An empty value blocks the submission silently.
    if (!value.trim()) return;
    const parsed = emailSchema.safeParse(value);
    setFieldError(parsed.success ? null : "Enter a valid e-mail address");
    setPasswordError(currentPassword ? null : "Enter your current password");
    if (!parsed.success || !currentPassword) return;
    setBusy("save");
    setNotice(null);
    try {
      const token = await getBotToken("recovery_email");
      await apiJson("/api/user/recoveryEmail", {
        method: "PUT",
        body: { token, recoveryEmail: parsed.data, currentPassword },
      });
      setCurrentPassword("");
      setNotice({ tone: "success", text: "Recovery email updated successfully" });
      await load();
    } catch (error) {
      setNotice({ tone: "danger", text: messageOf(error) });
    } finally {
      setBusy(null);
    }
  }

  async function verify() {
    if (busy) return;
    setBusy("verify");
    setNotice(null);
    try {
      const token = await getBotToken("recovery_email_verify");
      await apiJson("/api/user/recoveryEmail/verify", { method: "POST", body: { token } });
      setNotice({ tone: "success", text: VERIFICATION_SENT });
    } catch (error) {
      setNotice({ tone: "danger", text: messageOf(error) });
    } finally {
      setBusy(null);
    }
  }

  const crumbs = [{ label: "My account", href: "/myaccount.asp" }, { label: "Recovery email" }];

  if (lookup.status !== "signed-in") {
    return (
      <div className="container-store py-6">
        <p className="text-muted">{lookup.status === "loading" ? "Loading..." : "Redirect to login..."}</p>
      </div>
    );
  }

  return (
    <AccountPage title="Recovery email" crumbs={crumbs} narrow>
      <p className="mb-4 text-muted">
        If you ever lose access to your account's e-mail, we can send a password reset link to this address instead.
      </p>
      {notice ? (
        <Notice tone={notice.tone} className="mb-4">
          {notice.text}
        </Notice>
      ) : null}
      {recovery === null && !notice ? <p className="text-muted">Loading...</p> : null}
      {recovery ? (
        <form noValidate onSubmit={save} className="space-y-4 rounded-lg border border-line bg-white p-6 shadow-sm">
          <TextField
            id="recovery-email"
            label="Recovery Email"
            type="email"
            autoComplete="email"
            required
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={fieldError}
          />
          <TextField
            id="recovery-email-password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
            error={passwordError}
            hint="Asked again because a recovery email can receive password reset links. We also tell your account's own e-mail about the change."
          />
          {recovery.recoveryEmail && recovery.recoveryEmailVerified ? (
            <Notice tone="success">Recovery email verified</Notice>
          ) : null}
          {recovery.recoveryEmail && !recovery.recoveryEmailVerified ? (
            <div className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2">
              <p className="text-sm font-medium text-amber-900">Your recovery email is not verified.</p>
              <BusyButton
                type="button"
                busy={busy === "verify"}
                busyLabel="Sending..."
                onClick={verify}
                className="btn-secondary min-h-9 bg-white"
              >
                Verify now
              </BusyButton>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn-secondary" onClick={() => window.history.back()}>
              Back
            </button>
            <BusyButton busy={busy === "save"} busyLabel="Saving...">
              {recovery.recoveryEmail ? "Update" : "Add"}
            </BusyButton>
          </div>
        </form>
      ) : null}
    </AccountPage>
  );
}
