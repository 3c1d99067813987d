// /admin/settings/shipping (owner): what the checkout charges for shipping and where it ships. The
// shipping policy (free-shipping threshold and region) with its rate table, and the countries (with
// their states) shoppers may choose at checkout. Saved changes price the next cart at once.
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFieldArray } from "react-hook-form";
import { useRevalidator } from "react-router";
import {
  type CountryForm,
  countryFormSchema,
  FREE_SHIPPING_REGION_LABELS,
  FREE_SHIPPING_REGIONS,
  MAX_SHIPPING_RATES,
  type ShippingPolicyFormInput,
  shippingPolicyFormSchema,
} from "../../../shared/admin/shipping-settings.ts";
import { formatMoney } from "../../../shared/money.ts";
import { displayCurrency } from "../../../shared/store-config.ts";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { inputClass } from "../../components/ui/text-field.tsx";
import { Modal } from "../../features/account/modal.tsx";
import { requireStaffPage } from "../../features/admin/admin-session.server.ts";
import { getShippingPolicySettings, listCountrySettings } from "../../features/admin/settings/settings-data.server.ts";
import { SettingsTabs } from "../../features/admin/settings/settings-tabs.tsx";
import { adminApi, messageOf } from "../../features/admin/ui/admin-api.ts";
import {
  AdminForm,
  FormCheckbox,
  FormField,
  FormSelect,
  SubmitButton,
  useZodForm,
} from "../../features/admin/ui/form-field.tsx";
import { PageHeader, Panel } from "../../features/admin/ui/page-header.tsx";
import { toast } from "../../features/admin/ui/toast.ts";
import type { Route } from "./+types/settings.shipping";

export async function loader(args: Route.LoaderArgs) {
  const { services } = requireStaffPage(args, "settings:write");
  const db = services.database.db;
  const [policy, countrySettings] = await Promise.all([getShippingPolicySettings(db), listCountrySettings(db)]);
  return { policy, ...countrySettings, currency: displayCurrency(services.config.store) };
}

export const meta: Route.MetaFunction = () => [{ title: "Shipping and countries | Back office" }];

type LoaderData = Route.ComponentProps["loaderData"];
type Country = LoaderData["countries"][number];

export default function ShippingSettingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <PageHeader
        title="Shipping and countries"
        description="What the checkout charges for shipping and where it ships. Saved changes apply to the next cart at once."
      />
      <SettingsTabs />
      <div className="space-y-6">
        <PolicyForm policy={loaderData.policy} currency={loaderData.currency} />
        <CountriesPanel countries={loaderData.countries} available={loaderData.available} />
      </div>
    </div>
  );
}

const emptyRate = {
  id: null,
  name: "",
  minSubtotal: 0,
  maxSubtotal: null,
  minWeightGrams: 0,
  maxWeightGrams: null,
  price: undefined,
};

function PolicyForm({ policy, currency }: { policy: LoaderData["policy"]; currency: string }) {
  const revalidator = useRevalidator();
  const defaults: ShippingPolicyFormInput = {
    name: policy.name,
    freeShippingThreshold: policy.freeShippingThreshold,
    freeShippingRegion: policy.freeShippingRegion,
    rates: policy.rates,
  };
  const form = useZodForm(shippingPolicyFormSchema, defaults, { mode: "onSubmit" });
  const rates = useFieldArray({ control: form.control, name: "rates", keyName: "key" });
  const ratesError = (form.formState.errors.rates as { message?: string } | undefined)?.message;
  return (
    <Panel title="Shipping rates">
      <AdminForm
        form={form}
        onSubmit={async (values) => {
          const answer = await adminApi<{ policy: LoaderData["policy"] }>("/api/admin/settings/shipping", {
            method: "PUT",
            body: values,
          });
          const saved = answer.policy;
          form.reset({
            name: saved.name,
            freeShippingThreshold: saved.freeShippingThreshold,
            freeShippingRegion: saved.freeShippingRegion,
            rates: saved.rates,
          });
          toast.success("Shipping rates saved. The checkout uses them now.");
          await revalidator.revalidate();
        }}
      >
        {policy.id === null ? (
          <Notice tone="info">
            The store has no shipping rates yet, so the checkout ships for free. Add a rate and save to charge for
            shipping.
          </Notice>
        ) : null}
        <div className="grid gap-4 md:grid-cols-3">
          <FormField name="name" label="Policy name" required hint="For you; shoppers see the rates' names." />
          <FormField
            name="freeShippingThreshold"
            label={`Free shipping from (${currency})`}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            hint="Orders at or above this subtotal ship free. Empty: no free shipping."
          />
          <FormSelect
            name="freeShippingRegion"
            label="Free shipping applies to"
            hint="Mainland: the 48 contiguous states and DC, not Alaska, Hawaii or the territories."
          >
            {FREE_SHIPPING_REGIONS.map((region) => (
              <option key={region} value={region}>
                {FREE_SHIPPING_REGION_LABELS[region]}
              </option>
            ))}
          </FormSelect>
        </div>
        <div>
          <h3 className="font-semibold text-water-900">Rates</h3>
          <p className="mb-3 text-sm text-muted">
            A rate applies when the order's subtotal and weight are within its limits (from the minimum, up to but not
            including the maximum; empty: no maximum). Rows with the same name are bands of one service; the shopper
            picks among the services that apply, the cheapest first.
          </p>
          {ratesError ? (
            <p role="alert" className="mb-2 text-sm font-medium text-sale">
              {ratesError}
            </p>
          ) : null}
          <div className="space-y-3">
            {rates.fields.map((field, index) => (
              <fieldset
                key={field.key}
                className="grid grid-cols-2 gap-3 rounded-md border border-line p-3 lg:grid-cols-[minmax(10rem,1.5fr)_repeat(5,minmax(6rem,1fr))_auto] lg:items-end"
              >
                <legend className="sr-only">Rate {index + 1}</legend>
                <FormField
                  name={`rates.${index}.name`}
                  label="Service"
                  placeholder="Ground"
                  required
                  className="col-span-2 lg:col-span-1"
                />
                <FormField
                  name={`rates.${index}.price`}
                  label={`Price (${currency})`}
                  type="number"
                  step="0.01"
                  min="0"
                  inputMode="decimal"
                  required
                />
                <FormField
                  name={`rates.${index}.minSubtotal`}
                  label="Subtotal from"
                  type="number"
                  step="0.01"
                  min="0"
                  inputMode="decimal"
                />
                <FormField
                  name={`rates.${index}.maxSubtotal`}
                  label="Subtotal below"
                  type="number"
                  step="0.01"
                  min="0"
                  inputMode="decimal"
                />
                <FormField
                  name={`rates.${index}.minWeightGrams`}
                  label="Weight from (g)"
                  type="number"
                  step="1"
                  min="0"
                  inputMode="numeric"
                />
                <FormField
                  name={`rates.${index}.maxWeightGrams`}
                  label="Weight below (g)"
                  type="number"
                  step="1"
                  min="0"
                  inputMode="numeric"
                />
                <button
                  type="button"
                  className="btn-secondary col-span-2 min-h-11 px-3 text-sale lg:col-span-1"
                  onClick={() => rates.remove(index)}
                >
                  <Trash2 size={16} aria-hidden="true" />
                  <span className="lg:sr-only">Remove rate {index + 1}</span>
                </button>
              </fieldset>
            ))}
            {rates.fields.length === 0 ? (
              <p className="rounded-md border border-dashed border-line p-4 text-center text-muted">
                No rates: every order ships free.
              </p>
            ) : null}
          </div>
          {rates.fields.length < MAX_SHIPPING_RATES ? (
            <button type="button" className="btn-secondary mt-3" onClick={() => rates.append({ ...emptyRate })}>
              <Plus size={16} aria-hidden="true" />
              Add rate
            </button>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
          <p className="text-sm text-muted">
            {policy.freeShippingThreshold === null
              ? "No free shipping now."
              : `Now: free shipping from ${formatMoney(policy.freeShippingThreshold, currency)}.`}
          </p>
          <SubmitButton busyLabel="Saving...">Save shipping rates</SubmitButton>
        </div>
      </AdminForm>
    </Panel>
  );
}

function CountriesPanel({ countries, available }: { countries: Country[]; available: LoaderData["available"] }) {
  const revalidator = useRevalidator();
  const [adding, setAdding] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Country | null>(null);
  const shipping = countries.filter((country) => country.shipsTo).length;

  async function add() {
    if (!adding) {
      setError("Choose a country to add.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await adminApi<{ country: Country }>("/api/admin/settings/countries", {
        method: "POST",
        body: { code: adding },
      });
      toast.success(`${answer.country.title} added: the checkout ships there now.`);
      setAdding("");
      await revalidator.revalidate();
    } catch (failure) {
      setError(messageOf(failure, "The country could not be added. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title="Countries we ship to">
      <p className="mb-3 text-sm text-muted">
        Shoppers can only choose these countries at checkout ({shipping} of {countries.length} on). A country you stop
        shipping to stays in customers' address books.
      </p>
      {countries.length === 0 ? (
        <Notice tone="info">The store ships nowhere yet: add the countries you ship to below.</Notice>
      ) : (
        <div className="relative max-h-[32rem] overflow-auto rounded-md border border-line">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Countries</caption>
            <thead className="sticky top-0 z-10 border-b border-line bg-surface text-xs font-semibold text-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Country
                </th>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                  States
                </th>
                <th scope="col" className="px-3 py-2">
                  Checkout
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {countries.map((country) => (
                <tr key={country.code} className="border-b border-line last:border-b-0">
                  <th scope="row" className="px-3 py-2 font-semibold text-ink">
                    {country.title} <span className="font-mono text-xs text-muted">{country.code}</span>
                    <span className="block text-xs font-normal text-muted sm:hidden">
                      {country.states.length} states{country.requiresState ? " (required)" : ""}
                    </span>
                  </th>
                  <td className="hidden px-3 py-2 tabular-nums sm:table-cell">
                    {country.states.length}
                    {country.requiresState ? " (required)" : ""}
                  </td>
                  <td className="px-3 py-2">
                    {country.shipsTo ? (
                      <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-stock">
                        Ships here
                      </span>
                    ) : (
                      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-700">
                        Not offered
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2 text-right">
                    <button type="button" className="btn-secondary min-h-11 px-3" onClick={() => setEditing(country)}>
                      <Pencil size={16} aria-hidden="true" />
                      <span className="sr-only sm:not-sr-only">Edit</span>
                      <span className="sr-only"> {country.title}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="w-full min-w-0 sm:w-auto sm:max-w-sm sm:flex-1">
          <label htmlFor="add-country" className="mb-1 block text-sm font-semibold text-ink">
            Add a country
          </label>
          <select
            id="add-country"
            className={`${inputClass} border-line`}
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
          >
            <option value="">Choose a country</option>
            {available.map((country) => (
              <option key={country.code} value={country.code}>
                {country.title}
              </option>
            ))}
          </select>
        </div>
        <BusyButton type="button" busy={busy} busyLabel="Adding..." className="btn-secondary" onClick={add}>
          <Plus size={16} aria-hidden="true" />
          Add country
        </BusyButton>
      </div>
      {error ? (
        <Notice tone="danger" className="mt-3">
          {error}
        </Notice>
      ) : null}
      {editing ? <CountryDialog key={editing.code} country={editing} onClose={() => setEditing(null)} /> : null}
    </Panel>
  );
}

function CountryDialog({ country, onClose }: { country: Country; onClose: () => void }) {
  const revalidator = useRevalidator();
  const defaults: CountryForm = {
    shipsTo: country.shipsTo,
    requiresState: country.requiresState,
    states: country.states,
  };
  const form = useZodForm(countryFormSchema, defaults, { mode: "onSubmit" });
  const states = useFieldArray({ control: form.control, name: "states" });
  const requiresStateError = form.formState.errors.requiresState?.message;
  return (
    <Modal open onOpenChange={(open) => (open ? null : onClose())} title={country.title} wide>
      <AdminForm
        form={form}
        onSubmit={async (values) => {
          await adminApi(`/api/admin/settings/countries/${country.code}`, { method: "PUT", body: values });
          toast.success(`${country.title} saved.`);
          onClose();
          await revalidator.revalidate();
        }}
      >
        <FormCheckbox
          name="shipsTo"
          label={`We ship to ${country.title}`}
          hint="Off: shoppers cannot choose it at checkout (saved addresses stay)."
        />
        <FormCheckbox name="requiresState" label="Addresses need a state or province" />
        {typeof requiresStateError === "string" ? (
          <p role="alert" className="text-sm font-medium text-sale">
            {requiresStateError}
          </p>
        ) : null}
        <fieldset>
          <legend className="mb-2 font-semibold text-water-900">States and provinces ({states.fields.length})</legend>
          <div className="max-h-72 space-y-2 overflow-y-auto pr-1">
            {states.fields.map((field, index) => (
              <div key={field.id} className="grid grid-cols-[5rem_minmax(0,1fr)_auto] items-start gap-2">
                <FormField name={`states.${index}.code`} label="Code" autoComplete="off" />
                <FormField name={`states.${index}.title`} label="Name" autoComplete="off" />
                <button
                  type="button"
                  className="btn-secondary mt-6 min-h-11 px-3 text-sale"
                  onClick={() => states.remove(index)}
                >
                  <Trash2 size={16} aria-hidden="true" />
                  <span className="sr-only">Remove {field.title || `state ${index + 1}`}</span>
                </button>
              </div>
            ))}
          </div>
          <button type="button" className="btn-secondary mt-2" onClick={() => states.append({ code: "", title: "" })}>
            <Plus size={16} aria-hidden="true" />
            Add state
          </button>
        </fieldset>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <SubmitButton busyLabel="Saving...">Save {country.title}</SubmitButton>
        </div>
      </AdminForm>
    </Modal>
  );
}
