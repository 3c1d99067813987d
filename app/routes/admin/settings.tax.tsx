// /admin/settings/tax (owner): the sales tax rates the checkout charges, per country or per state (a
// state's rate wins over its country's; a destination without a rate pays no tax). Tax applies to the
// merchandise after discounts; shipping is not taxed.
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useWatch } from "react-hook-form";
import { useRevalidator } from "react-router";
import { type TaxRateFormInput, taxRateFormSchema } from "../../../shared/admin/shipping-settings.ts";
import { Modal } from "../../features/account/modal.tsx";
import { requireStaffPage } from "../../features/admin/admin-session.server.ts";
import { listCountrySettings, listTaxRates } from "../../features/admin/settings/settings-data.server.ts";
import { SettingsTabs } from "../../features/admin/settings/settings-tabs.tsx";
import { adminApi } from "../../features/admin/ui/admin-api.ts";
import { ConfirmDialog } from "../../features/admin/ui/confirm-dialog.tsx";
import { AdminForm, FormField, FormSelect, SubmitButton, useZodForm } from "../../features/admin/ui/form-field.tsx";
import { PageHeader, Panel } from "../../features/admin/ui/page-header.tsx";
import { toast } from "../../features/admin/ui/toast.ts";
import type { Route } from "./+types/settings.tax";

export async function loader(args: Route.LoaderArgs) {
  const { services } = requireStaffPage(args, "settings:write");
  const db = services.database.db;
  const [taxRates, countrySettings] = await Promise.all([listTaxRates(db), listCountrySettings(db)]);
  return { taxRates, countries: countrySettings.countries };
}

export const meta: Route.MetaFunction = () => [{ title: "Tax rates | Back office" }];

type LoaderData = Route.ComponentProps["loaderData"];
type TaxRate = LoaderData["taxRates"][number];
type Country = LoaderData["countries"][number];

/** 7.25 → "7.25 %" (up to 4 decimals, no trailing zeros). */
function percentText(value: number): string {
  return `${Number(value.toFixed(4))} %`;
}

export default function TaxSettingsPage({ loaderData }: Route.ComponentProps) {
  const { taxRates, countries } = loaderData;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<TaxRate | "new" | null>(null);
  const [deleting, setDeleting] = useState<TaxRate | null>(null);
  return (
    <div>
      <PageHeader
        title="Tax rates"
        description="Sales tax the checkout adds, by where the order ships. A state's rate wins over its country's; a place without a rate pays no tax. Shipping is not taxed."
        actions={
          <button type="button" className="btn-primary" onClick={() => setEditing("new")}>
            <Plus size={18} aria-hidden="true" />
            Add tax rate
          </button>
        }
      />
      <SettingsTabs />
      <Panel>
        {taxRates.length === 0 ? (
          <p className="p-4 text-center text-muted">No tax rates: the checkout charges no tax anywhere.</p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">Tax rates</caption>
              <thead className="border-b border-line bg-surface text-xs font-semibold text-muted uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Where
                  </th>
                  <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                    Name
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Rate
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {taxRates.map((rate) => (
                  <tr key={rate.id} className="border-b border-line last:border-b-0">
                    <th scope="row" className="px-2 py-2 font-semibold text-ink sm:px-3">
                      {rate.stateCode ? `${rate.stateTitle ?? rate.stateCode}, ` : ""}
                      {rate.countryTitle ?? rate.countryCode}
                      {rate.stateCode ? null : (
                        <span className="ml-1 text-xs font-normal text-muted">(whole country)</span>
                      )}
                      <span className="block text-sm font-normal text-muted sm:hidden">{rate.name}</span>
                    </th>
                    <td className="hidden px-3 py-2 sm:table-cell">{rate.name}</td>
                    <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums sm:px-3">
                      {percentText(rate.ratePercent)}
                    </td>
                    <td className="py-2 pr-2 pl-1 sm:px-3">
                      <div className="flex justify-end gap-2">
                        <button type="button" className="btn-secondary min-h-11 px-3" onClick={() => setEditing(rate)}>
                          <Pencil size={16} aria-hidden="true" />
                          <span className="sr-only sm:not-sr-only">Edit</span>
                          <span className="sr-only"> {rate.name}</span>
                        </button>
                        <button
                          type="button"
                          className="btn-secondary min-h-11 px-3 text-sale"
                          onClick={() => setDeleting(rate)}
                        >
                          <Trash2 size={16} aria-hidden="true" />
                          <span className="sr-only">Delete {rate.name}</span>
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
      {editing ? (
        <TaxRateDialog
          key={editing === "new" ? "new" : editing.id}
          rate={editing === "new" ? null : editing}
          countries={countries}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title="Delete this tax rate?"
        description={deleting ? `${deleting.name}: orders shipping there will pay no tax from this rate.` : ""}
        confirmLabel="Delete tax rate"
        busyLabel="Deleting..."
        danger
        onConfirm={async () => {
          if (!deleting) return;
          await adminApi(`/api/admin/settings/tax-rates/${deleting.id}`, { method: "DELETE" });
          toast.success(`${deleting.name} deleted.`);
          await revalidator.revalidate();
        }}
      />
    </div>
  );
}

function TaxRateDialog({
  rate,
  countries,
  onClose,
}: {
  rate: TaxRate | null;
  countries: Country[];
  onClose: () => void;
}) {
  const revalidator = useRevalidator();
  const defaults: TaxRateFormInput = rate
    ? { countryCode: rate.countryCode, stateCode: rate.stateCode, name: rate.name, ratePercent: rate.ratePercent }
    : { countryCode: countries[0]?.code ?? "", stateCode: "", name: "", ratePercent: undefined };
  const form = useZodForm(taxRateFormSchema, defaults);
  const countryCode = useWatch({ control: form.control, name: "countryCode" });
  const states = countries.find((country) => country.code === countryCode)?.states ?? [];
  // Another country: a state of the previous one no longer applies.
  useEffect(() => {
    const stateCode = form.getValues("stateCode");
    if (stateCode && !states.some((state) => state.code === stateCode)) form.setValue("stateCode", "");
  }, [states, form]);
  return (
    <Modal open onOpenChange={(open) => (open ? null : onClose())} title={rate ? `Edit ${rate.name}` : "Add tax rate"}>
      {countries.length === 0 ? (
        <p className="text-muted">Add the countries you ship to on the Shipping page first.</p>
      ) : (
        <AdminForm
          form={form}
          onSubmit={async (values) => {
            const answer = await adminApi<{ taxRate: TaxRate }>(
              rate ? `/api/admin/settings/tax-rates/${rate.id}` : "/api/admin/settings/tax-rates",
              { method: rate ? "PUT" : "POST", body: values },
            );
            toast.success(`${answer.taxRate.name} saved: ${percentText(answer.taxRate.ratePercent)}.`);
            onClose();
            await revalidator.revalidate();
          }}
        >
          <FormSelect name="countryCode" label="Country" required>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.title}
              </option>
            ))}
          </FormSelect>
          {states.length > 0 ? (
            <FormSelect name="stateCode" label="State or province" hint="A state's rate wins over the country's.">
              <option value="">The whole country</option>
              {states.map((state) => (
                <option key={state.code} value={state.code}>
                  {state.title}
                </option>
              ))}
            </FormSelect>
          ) : null}
          <FormField name="name" label="Name" placeholder="California sales tax" required />
          <FormField
            name="ratePercent"
            label="Rate (%)"
            type="number"
            step="0.0001"
            min="0"
            max="99.9999"
            inputMode="decimal"
            hint="For example 7.25 or 6.625 (up to 4 decimals)."
            required
          />
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={onClose}>
              Cancel
            </button>
            <SubmitButton busyLabel="Saving...">{rate ? "Save tax rate" : "Add tax rate"}</SubmitButton>
          </div>
        </AdminForm>
      )}
    </Modal>
  );
}
