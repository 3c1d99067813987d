// /admin/account: the signed-in member's own account: who they are, and their two-step sign-in.
import { useState } from "react";
import { useRevalidator } from "react-router";
import { ROLE_LABELS } from "../../../shared/admin/permissions.ts";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { requireStaffPage } from "../../features/admin/admin-session.server.ts";
import { loadOwnAccount } from "../../features/admin/staff/staff-data.server.ts";
import { TwoStepSetup } from "../../features/admin/staff/two-step-setup.tsx";
import { adminApi, messageOf } from "../../features/admin/ui/admin-api.ts";
import { PageHeader, Panel } from "../../features/admin/ui/page-header.tsx";
import { toast } from "../../features/admin/ui/toast.ts";
import type { Route } from "./+types/staff-account";

export async function loader(args: Route.LoaderArgs) {
  const { staff, services } = requireStaffPage(args);
  return { staff, ...(await loadOwnAccount(services, staff.id)) };
}

export const meta: Route.MetaFunction = () => [{ title: "Your account | Back office" }];

export default function StaffAccount({ loaderData }: Route.ComponentProps) {
  const { staff, requireTwoStep, recoveryCodesLeft } = loaderData;
  const revalidator = useRevalidator();
  return (
    <>
      <PageHeader title="Your account" description={`${staff.name} · ${staff.email} · ${ROLE_LABELS[staff.role]}`} />
      <Panel title="Two-step sign-in" className="max-w-2xl">
        {staff.twoStepEnabled ? (
          <div className="space-y-4">
            <Notice tone="success">
              On. Signing in needs your password and a code from your authenticator app. {recoveryCodesLeft} recovery
              code{recoveryCodesLeft === 1 ? "" : "s"} left.
            </Notice>
            {requireTwoStep ? (
              <p className="text-muted">The store's owner requires two-step sign-in for everyone.</p>
            ) : (
              <TurnOff onDone={() => revalidator.revalidate()} />
            )}
          </div>
        ) : (
          <TwoStepSetup onDone={() => revalidator.revalidate()} />
        )}
      </Panel>
    </>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setError(null);
        try {
          await adminApi("/api/admin/account/two-step/disable", { method: "POST", body: { password } });
          toast.success("Two-step sign-in is off.");
          onDone();
        } catch (failure) {
          setError(messageOf(failure, "Two-step sign-in could not be turned off."));
        } finally {
          setBusy(false);
        }
      }}
    >
      <h3 className="font-semibold text-water-900">Turn it off</h3>
      {error ? <Notice tone="danger">{error}</Notice> : null}
      <TextField
        id="two-step-off-password"
        label="Your password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        className="max-w-sm"
      />
      <BusyButton busy={busy} busyLabel="Turning off..." className="btn-secondary">
        Turn off two-step sign-in
      </BusyButton>
    </form>
  );
}
