// /admin/staff (owners): who works in the back office, in what role, with two-step sign-in or not;
// add a member (an e-mailed invitation or a temporary password), change a role, disable or enable,
// send a new password link, reset two-step sign-in, and require two steps of everyone.
import { ShieldCheck, UserPlus } from "lucide-react";
import { useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../../shared/admin/permissions.ts";
import { staffCreateSchema } from "../../../shared/admin/staff-forms.ts";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { SelectField, TextField } from "../../components/ui/text-field.tsx";
import { Modal } from "../../features/account/modal.tsx";
import { requireStaffPage } from "../../features/admin/admin-session.server.ts";
import { loadStaffPage } from "../../features/admin/staff/staff-data.server.ts";
import { adminApi, messageOf } from "../../features/admin/ui/admin-api.ts";
import { ConfirmDialog } from "../../features/admin/ui/confirm-dialog.tsx";
import { adminColumns, DataTable } from "../../features/admin/ui/data-table.tsx";
import { AdminForm, FormField, FormSelect, SubmitButton, useZodForm } from "../../features/admin/ui/form-field.tsx";
import { formatDateTime, useAdminTimeZone } from "../../features/admin/ui/format.ts";
import { PageHeader, Panel } from "../../features/admin/ui/page-header.tsx";
import { toast } from "../../features/admin/ui/toast.ts";
import type { Route } from "./+types/staff";

export async function loader(args: Route.LoaderArgs) {
  const { staff, services } = requireStaffPage(args, "staff:manage");
  return { ...(await loadStaffPage(services)), me: staff.id };
}

export const meta: Route.MetaFunction = () => [{ title: "Staff | Back office" }];

type Member = Awaited<ReturnType<typeof loader>>["staff"][number];

const ROLE_HELP: Record<StaffRole, string> = {
  owner: "Everything, including staff, store settings and the audit log.",
  manager: "Catalog, stock, orders, customers, discounts, content and reviews.",
  support: "Reads catalog, orders and customers; writes order notes.",
};

function statusOf(member: Member): { label: string; tone: string } {
  if (member.disabled) return { label: "Disabled", tone: "bg-red-50 text-sale" };
  if (!member.hasPassword) return { label: "Invited", tone: "bg-cyan-50 text-water-900" };
  return { label: "Active", tone: "bg-green-50 text-stock" };
}

export default function StaffPage({ loaderData }: Route.ComponentProps) {
  const [adding, setAdding] = useState(false);
  const [managing, setManaging] = useState<Member | null>(null);
  const timeZone = useAdminTimeZone();
  const me = loaderData.me;
  const columns = useMemo(
    () =>
      adminColumns<Member>((c) => [
        c.accessor("name", {
          header: "Name",
          cell: (info) => (
            <div>
              <p className="font-semibold text-ink">
                {info.getValue()}
                {info.row.original.id === me ? <span className="ml-1 text-xs text-muted">(you)</span> : null}
              </p>
              <p className="text-xs break-all text-muted">{info.row.original.email}</p>
            </div>
          ),
        }),
        c.accessor("role", { header: "Role", cell: (info) => ROLE_LABELS[info.getValue()] }),
        c.accessor("twoStepEnabled", {
          header: "Two-step",
          cell: (info) => (info.getValue() ? "On" : <span className="text-muted">Off</span>),
        }),
        c.accessor((row) => statusOf(row).label, {
          id: "status",
          header: "Status",
          cell: (info) => (
            <span className={`rounded px-2 py-0.5 text-xs font-semibold ${statusOf(info.row.original).tone}`}>
              {info.getValue()}
            </span>
          ),
        }),
        c.accessor("lastSignInAt", {
          header: "Last sign-in",
          cell: (info) => {
            const value = info.getValue();
            return value ? (
              <span className="tabular whitespace-nowrap">{formatDateTime(value, timeZone)}</span>
            ) : (
              "Never"
            );
          },
        }),
        c.display({
          id: "actions",
          header: () => <span className="sr-only">Actions</span>,
          cell: (info) => (
            <button
              type="button"
              className="btn-secondary min-h-9 px-3 text-sm"
              onClick={() => setManaging(info.row.original)}
              aria-label={`Manage ${info.row.original.name}`}
            >
              Manage
            </button>
          ),
        }),
      ]),
    [me, timeZone],
  );
  return (
    <>
      <PageHeader
        title="Staff"
        description="Who can sign in to the back office, and what each role may do."
        actions={
          <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
            <UserPlus aria-hidden="true" size={18} />
            Add staff member
          </button>
        }
      />
      <div className="space-y-6">
        <DataTable
          caption="Staff members"
          mode="client"
          columns={columns}
          data={loaderData.staff}
          rowId={(row) => String(row.id)}
          empty="No staff yet."
        />
        <TwoStepRule required={loaderData.settings.requireTwoStep} />
        <Panel title="Roles">
          <dl className="grid gap-3 sm:grid-cols-3">
            {STAFF_ROLES.map((role) => (
              <div key={role}>
                <dt className="font-semibold text-ink">{ROLE_LABELS[role]}</dt>
                <dd className="text-sm text-muted">{ROLE_HELP[role]}</dd>
              </div>
            ))}
          </dl>
        </Panel>
      </div>
      <AddStaffDialog open={adding} onOpenChange={setAdding} />
      {managing ? (
        <ManageDialog
          member={loaderData.staff.find((member) => member.id === managing.id) ?? managing}
          isMe={managing.id === loaderData.me}
          onClose={() => setManaging(null)}
        />
      ) : null}
    </>
  );
}

function AddStaffDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const revalidator = useRevalidator();
  const form = useZodForm(staffCreateSchema, { email: "", name: "", role: "support", invite: true, password: "" });
  const invite = form.watch("invite");
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Add staff member">
      <AdminForm
        form={form}
        onSubmit={async (values) => {
          const answer = await adminApi<{ message: string }>("/api/admin/staff", {
            method: "POST",
            body: { ...values, password: values.invite ? undefined : values.password },
          });
          toast.success(answer.message);
          form.reset();
          onOpenChange(false);
          await revalidator.revalidate();
        }}
      >
        <FormField name="name" label="Name" autoComplete="off" required />
        <FormField name="email" label="E-mail address" type="email" autoComplete="off" required />
        <FormSelect name="role" label="Role" hint="You can change it later.">
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}: {ROLE_HELP[role]}
            </option>
          ))}
        </FormSelect>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-semibold text-ink">How they get their password</legend>
          <label className="flex items-start gap-2">
            <input
              type="radio"
              className="mt-1 size-4 accent-aqua-600"
              checked={invite}
              onChange={() => form.setValue("invite", true)}
            />
            <span>E-mail them a link to choose it (works for three days)</span>
          </label>
          <label className="flex items-start gap-2">
            <input
              type="radio"
              className="mt-1 size-4 accent-aqua-600"
              checked={!invite}
              onChange={() => form.setValue("invite", false)}
            />
            <span>Set a temporary password and tell them yourself</span>
          </label>
        </fieldset>
        {invite ? null : (
          <FormField name="password" label="Temporary password" type="text" autoComplete="new-password" required />
        )}
        <div className="flex justify-end gap-2">
          <SubmitButton busyLabel="Adding...">{invite ? "Add and send invitation" : "Add staff member"}</SubmitButton>
        </div>
      </AdminForm>
    </Modal>
  );
}

function ManageDialog({ member, isMe, onClose }: { member: Member; isMe: boolean; onClose: () => void }) {
  const revalidator = useRevalidator();
  const [role, setRole] = useState<StaffRole>(member.role);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<"disable" | "reset-two-step" | null>(null);

  async function run(what: string, work: () => Promise<string>) {
    setBusy(what);
    setError(null);
    try {
      toast.success(await work());
      await revalidator.revalidate();
    } catch (failure) {
      setError(messageOf(failure, "That did not work. Please try again."));
    } finally {
      setBusy(null);
    }
  }
  const patch = (body: Record<string, unknown>) => adminApi(`/api/admin/staff/${member.id}`, { method: "PATCH", body });

  return (
    <>
      <Modal
        open
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={member.name}
        description={member.email}
      >
        <div className="space-y-5">
          {error ? <Notice tone="danger">{error}</Notice> : null}
          <div className="flex flex-wrap items-end gap-2">
            <SelectField
              id="manage-role"
              label="Role"
              value={role}
              onChange={(event) => setRole(event.target.value as StaffRole)}
              className="min-w-48 flex-1"
            >
              {STAFF_ROLES.map((option) => (
                <option key={option} value={option}>
                  {ROLE_LABELS[option]}
                </option>
              ))}
            </SelectField>
            <BusyButton
              type="button"
              className="btn-secondary"
              busy={busy === "role"}
              busyLabel="Saving..."
              disabled={role === member.role}
              onClick={() =>
                run("role", async () => {
                  await patch({ role });
                  return `${member.name} is now ${ROLE_LABELS[role].toLowerCase()}.`;
                })
              }
            >
              Save role
            </BusyButton>
          </div>

          <section className="space-y-2 border-t border-line pt-4">
            <h3 className="font-semibold text-water-900">Password</h3>
            <BusyButton
              type="button"
              className="btn-secondary"
              busy={busy === "link"}
              busyLabel="Sending..."
              disabled={member.disabled}
              onClick={() =>
                run("link", async () => {
                  const answer = await adminApi<{ message: string }>(`/api/admin/staff/${member.id}/password-link`, {
                    method: "POST",
                  });
                  return answer.message;
                })
              }
            >
              {member.hasPassword ? "E-mail a link to choose a new password" : "Send the invitation again"}
            </BusyButton>
            <div className="flex flex-wrap items-end gap-2">
              <TextField
                id="manage-password"
                label="Or set a temporary password"
                type="text"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                className="min-w-48 flex-1"
              />
              <BusyButton
                type="button"
                className="btn-secondary"
                busy={busy === "password"}
                busyLabel="Saving..."
                disabled={password.length === 0}
                onClick={() =>
                  run("password", async () => {
                    const answer = await adminApi<{ message: string }>(`/api/admin/staff/${member.id}/password`, {
                      method: "POST",
                      body: { password },
                    });
                    setPassword("");
                    return answer.message;
                  })
                }
              >
                Set password
              </BusyButton>
            </div>
          </section>

          <section className="space-y-2 border-t border-line pt-4">
            <h3 className="font-semibold text-water-900">Access</h3>
            <div className="flex flex-wrap gap-2">
              {member.twoStepEnabled ? (
                <button type="button" className="btn-secondary" onClick={() => setConfirming("reset-two-step")}>
                  Reset two-step sign-in
                </button>
              ) : null}
              {member.disabled ? (
                <BusyButton
                  type="button"
                  className="btn-secondary"
                  busy={busy === "enable"}
                  busyLabel="Enabling..."
                  onClick={() =>
                    run("enable", async () => {
                      await patch({ disabled: false });
                      return `${member.name} can sign in again.`;
                    })
                  }
                >
                  Enable
                </BusyButton>
              ) : (
                <button
                  type="button"
                  className="btn-secondary border-sale text-sale"
                  disabled={isMe}
                  title={isMe ? "You cannot disable your own account" : undefined}
                  onClick={() => setConfirming("disable")}
                >
                  Disable
                </button>
              )}
            </div>
          </section>
        </div>
      </Modal>
      <ConfirmDialog
        open={confirming === "disable"}
        onOpenChange={(open) => setConfirming(open ? "disable" : null)}
        title={`Disable ${member.name}?`}
        description="They are signed out at once and cannot sign in until you enable them again."
        confirmLabel="Disable"
        busyLabel="Disabling..."
        danger
        onConfirm={async () => {
          await patch({ disabled: true });
          toast.success(`${member.name} is disabled and signed out.`);
          await revalidator.revalidate();
        }}
      />
      <ConfirmDialog
        open={confirming === "reset-two-step"}
        onOpenChange={(open) => setConfirming(open ? "reset-two-step" : null)}
        title="Reset two-step sign-in?"
        description={`For a lost phone: ${member.name}'s two-step sign-in is turned off and they are signed out. They sign in with their password and set it up again.`}
        confirmLabel="Reset"
        busyLabel="Resetting..."
        danger
        onConfirm={async () => {
          const answer = await adminApi<{ message: string }>(`/api/admin/staff/${member.id}/reset-two-step`, {
            method: "POST",
          });
          toast.success(answer.message);
          await revalidator.revalidate();
        }}
      />
    </>
  );
}

function TwoStepRule({ required }: { required: boolean }) {
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  return (
    <Panel title="Two-step sign-in for everyone">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-muted">
          {required
            ? "Required: everyone signs in with a code from an authenticator app. Members without one are asked to set it up after their password."
            : "Optional: each member chooses. Require it to ask every member for a code from an authenticator app."}
        </p>
        <button type="button" className="btn-secondary" onClick={() => setConfirming(true)}>
          <ShieldCheck aria-hidden="true" size={18} />
          {required ? "Make it optional" : "Require for everyone"}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={required ? "Make two-step sign-in optional?" : "Require two-step sign-in for everyone?"}
        description={
          required
            ? "Members may then turn their two-step sign-in off."
            : "From their next sign-in, members without two-step sign-in must set it up before they can do anything else."
        }
        confirmLabel={required ? "Make optional" : "Require it"}
        busyLabel="Saving..."
        onConfirm={async () => {
          await adminApi("/api/admin/staff-access", { method: "PUT", body: { requireTwoStep: !required } });
          toast.success(required ? "Two-step sign-in is optional." : "Two-step sign-in is required for everyone.");
          await revalidator.revalidate();
        }}
      />
    </Panel>
  );
}
