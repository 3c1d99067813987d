// Setting up two-step sign-in: scan the QR code (or type the key), confirm with the app's code, then
// keep the recovery codes, which are shown this once.
import { Copy, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { twoStepCodeSchema } from "../../../../shared/admin/staff-forms.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { Notice } from "../../../components/ui/notice.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { adminApi, messageOf } from "../ui/admin-api.ts";

interface Setup {
  secret: string;
  uri: string;
  qrCode: string;
}

/** The key in groups of four, as authenticator apps show it. */
export function groupedKey(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

export function TwoStepSetup({ onDone, doneLabel = "Done" }: { onDone: () => void; doneLabel?: string }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      setSetup(await adminApi<Setup>("/api/admin/account/two-step/setup", { method: "POST" }));
    } catch (failure) {
      setError(messageOf(failure, "Two-step sign-in could not be started. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = twoStepCodeSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Enter the 6-digit code");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await adminApi<{ recoveryCodes: string[] }>("/api/admin/account/two-step/confirm", {
        method: "POST",
        body: parsed.data,
      });
      setCodes(answer.recoveryCodes);
    } catch (failure) {
      setError(messageOf(failure, "That code is not right."));
    } finally {
      setBusy(false);
    }
  }

  if (codes) {
    return (
      <div className="space-y-4">
        <Notice tone="success">Two-step sign-in is on.</Notice>
        <div>
          <h3 className="font-semibold text-water-900">Your recovery codes</h3>
          <p className="text-sm text-muted">
            Keep them somewhere safe (a password manager or on paper). Each one signs you in once if you lose your
            phone. They are shown only now.
          </p>
        </div>
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md bg-surface p-3 font-mono text-sm">
          {codes.map((recovery) => (
            <li key={recovery} className="part-number">
              {recovery}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            onClick={() => navigator.clipboard?.writeText(codes.join("\n")).catch(() => undefined)}
          >
            <Copy aria-hidden="true" size={16} />
            Copy the codes
          </button>
          <button type="button" className="btn-primary" onClick={onDone}>
            {doneLabel}
          </button>
        </div>
      </div>
    );
  }

  if (!setup) {
    return (
      <div className="space-y-4">
        <p className="text-muted">
          With two-step sign-in, signing in needs your password and a 6-digit code from an authenticator app on your
          phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy...).
        </p>
        {error ? <Notice tone="danger">{error}</Notice> : null}
        <BusyButton type="button" busy={busy} busyLabel="Starting..." onClick={start}>
          <ShieldCheck aria-hidden="true" size={18} />
          Set up two-step sign-in
        </BusyButton>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={confirm} className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-muted">
        <li>Open your authenticator app and add an account.</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-4">
        <img
          src={setup.qrCode}
          alt="QR code for your authenticator app"
          width={180}
          height={180}
          className="rounded border border-line bg-white"
        />
        <div className="min-w-0">
          <p className="text-sm font-semibold text-ink">Key</p>
          <p className="part-number break-all text-sm" data-testid="two-step-key">
            {groupedKey(setup.secret)}
          </p>
          <p className="mt-1 text-xs text-muted">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      {error ? <Notice tone="danger">{error}</Notice> : null}
      <TextField
        id="two-step-setup-code"
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
        className="max-w-xs"
      />
      <BusyButton busy={busy} busyLabel="Checking...">
        Turn on two-step sign-in
      </BusyButton>
    </form>
  );
}
