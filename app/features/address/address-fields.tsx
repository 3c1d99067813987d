// The mailing-address fields, one component for the address book's dialog and the checkout's shipping
// address: Country first, State only once a country is chosen (and only when that country has states),
// then the other fields. Fields that pass the rules are highlighted; a wrong field is never shown in red
// and nothing blocks the form: the server has the last word and its answer is shown above the fields.
// Fields the server named are marked invalid for assistive technology only.
import { ADDRESS_FIELDS, type AddressFieldName } from "../../../shared/address-rules.ts";
import { SelectField, TextField } from "../../components/ui/text-field.tsx";

export type AddressValues = Record<AddressFieldName, string>;

export interface RegionChoice {
  code: string;
  title: string;
}

const REQUIRED: ReadonlySet<AddressFieldName> = new Set([
  "countryCode",
  "stateCode",
  "address1",
  "zip",
  "firstName",
  "lastName",
  "phone",
]);

const AUTOCOMPLETE: Record<AddressFieldName, string> = {
  countryCode: "country",
  stateCode: "address-level1",
  address1: "address-line1",
  address2: "address-line2",
  city: "address-level2",
  zip: "postal-code",
  firstName: "given-name",
  lastName: "family-name",
  company: "organization",
  phone: "tel",
};

/** Empty values for every field, with the given ones filled in (nulls and non-strings read as empty). */
export function addressValues(from: Partial<Record<string, unknown>> | null | undefined): AddressValues {
  const out = {} as AddressValues;
  for (const { name } of ADDRESS_FIELDS) {
    const value = from?.[name];
    out[name] = typeof value === "string" ? value : "";
  }
  return out;
}

/** The values after a change: a state of the old country means nothing in the new one. */
export function withChange(values: AddressValues, field: AddressFieldName, value: string): AddressValues {
  return { ...values, [field]: value, ...(field === "countryCode" ? { stateCode: "" } : {}) };
}

export function AddressFields({
  idPrefix,
  values,
  onChange,
  countries,
  states,
  valid,
  invalid = {},
  countryLabelWhileLoading,
  stateLabelWhileLoading,
}: {
  idPrefix: string;
  values: AddressValues;
  onChange: (field: AddressFieldName, value: string) => void;
  countries: readonly RegionChoice[];
  /** The chosen country's states; null while they load. */
  states: readonly RegionChoice[] | null;
  valid: Partial<Record<AddressFieldName, boolean>>;
  invalid?: Partial<Record<AddressFieldName, boolean>>;
  /** The saved country's name, shown while the country list loads. */
  countryLabelWhileLoading?: string;
  /** The saved state's name, shown while the state list loads. */
  stateLabelWhileLoading?: string;
}) {
  const select = (field: AddressFieldName) => ({
    id: `${idPrefix}-${field}`,
    name: field,
    required: true,
    autoComplete: AUTOCOMPLETE[field],
    value: values[field],
    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => onChange(field, event.target.value),
    valid: valid[field],
    invalid: invalid[field],
  });
  const showState = values.countryCode !== "" && (states === null || states.length > 0);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField label="Country" {...select("countryCode")}>
        <option value="">Choose a country</option>
        {/* The saved country stays selectable while the list loads. */}
        {countries.length === 0 && values.countryCode ? (
          <option value={values.countryCode}>{countryLabelWhileLoading ?? values.countryCode}</option>
        ) : null}
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.title}
          </option>
        ))}
      </SelectField>
      {showState ? (
        <SelectField label="State" {...select("stateCode")}>
          <option value="">{states === null ? "Loading states..." : "Choose a state"}</option>
          {/* While the list loads the chosen state stays chosen (and is saved with a Confirm pressed then). */}
          {states === null && values.stateCode ? (
            <option value={values.stateCode}>{stateLabelWhileLoading ?? values.stateCode}</option>
          ) : null}
          {(states ?? []).map((state) => (
            <option key={state.code} value={state.code}>
              {state.title}
            </option>
          ))}
        </SelectField>
      ) : null}
      {ADDRESS_FIELDS.filter((field) => field.name !== "countryCode" && field.name !== "stateCode").map((field) => (
        <TextField
          key={field.name}
          id={`${idPrefix}-${field.name}`}
          name={field.name}
          label={field.label}
          type={field.name === "phone" ? "tel" : "text"}
          autoComplete={AUTOCOMPLETE[field.name]}
          required={REQUIRED.has(field.name)}
          value={values[field.name]}
          onChange={(event) => onChange(field.name, event.target.value)}
          valid={valid[field.name]}
          invalid={invalid[field.name]}
          className={field.name === "address1" || field.name === "address2" ? "sm:col-span-2" : ""}
        />
      ))}
    </div>
  );
}
