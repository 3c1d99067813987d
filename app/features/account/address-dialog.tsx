// The 'Edit Mailing Address' dialog (spec §2 "Address book", §5): Country first, State once a country
// is chosen (and required when the country has states), the other fields after. Fields that pass the
// shared rules are highlighted as the shopper types; nothing blocks Confirm, and the server (same schema)
// has the last word. After a Confirm, wrong fields also get a hint (not on blur: a hint appearing under
// a field would move the button the shopper is about to press). Empty fields are dropped from the payload.
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { MailingAddressView } from "../../../services/customers/customer-service.ts";
import type { AddressChecks } from "../../../shared/address-checks.ts";
import {
  ADDRESS_FIELDS,
  type AddressFieldName,
  addressErrors,
  addressSchemaWith,
  dropEmptyFields,
  validFieldsWith,
} from "../../../shared/address-rules.ts";
import { apiJson, messageOf } from "./account-api.ts";
import { BusyButton, inputClass, Notice, TextField } from "./account-ui.tsx";
import { type CountryOption, loadCountries, loadStates, type StateOption } from "./countries.ts";
import { Modal } from "./modal.tsx";

type Values = Record<AddressFieldName, string>;

/**
 * The postal-code and phone checks (postcode-validator, libphonenumber-js: most of this page's script)
 * load when the dialog first opens, not with the page. Until they arrive no postal code or phone shows
 * as valid and no hint is given; Confirm waits for them, so the hints after it are the full rules.
 */
let checksPromise: Promise<AddressChecks> | null = null;
export function loadAddressChecks(): Promise<AddressChecks> {
  checksPromise ??= import("../../../shared/address-checks.ts").then(({ isValidPostalCode, normalizePhone }) => ({
    isValidPostalCode,
    normalizePhone,
  }));
  // A failed load (a flaky network) is tried again next time.
  checksPromise.catch(() => {
    checksPromise = null;
  });
  return checksPromise;
}

const PENDING_CHECKS: AddressChecks = { isValidPostalCode: () => false, normalizePhone: () => undefined };

const REQUIRED: ReadonlySet<AddressFieldName> = new Set([
  "countryCode",
  "stateCode",
  "address1",
  "zip",
  "firstName",
  "lastName",
  "phone",
]);

const AUTOCOMPLETE: Partial<Record<AddressFieldName, string>> = {
  address1: "address-line1",
  address2: "address-line2",
  city: "address-level2",
  zip: "postal-code",
  firstName: "given-name",
  lastName: "family-name",
  company: "organization",
  phone: "tel",
};

function valuesOf(address: MailingAddressView | null): Values {
  const out = {} as Values;
  for (const field of ADDRESS_FIELDS) {
    const value = address ? (address as unknown as Record<string, unknown>)[field.name] : "";
    out[field.name] = typeof value === "string" ? value : "";
  }
  if (!address) out.countryCode = "US";
  return out;
}

export function AddressDialog({
  open,
  onOpenChange,
  address,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The address being edited; null adds a new one. */
  address: MailingAddressView | null;
  onSaved: (message: string) => void;
}) {
  const uid = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(address));
  const [makeDefault, setMakeDefault] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [countries, setCountries] = useState<CountryOption[]>([]);
  const [states, setStates] = useState<StateOption[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [checks, setChecks] = useState<AddressChecks | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open || checks) return;
    let current = true;
    loadAddressChecks().then(
      (loaded) => {
        if (current) setChecks(loaded);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [open, checks]);

  // The answer shows at the top of a dialog that may be scrolled: bring it into view and focus.
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  useEffect(() => {
    if (!open) return;
    setValues(valuesOf(address));
    setMakeDefault(false);
    setSubmitted(false);
    setError(null);
    void loadCountries().then(setCountries);
  }, [open, address]);

  useEffect(() => {
    if (!values.countryCode) {
      setStates([]);
      return;
    }
    let current = true;
    setStates(null);
    void loadStates(values.countryCode).then((list) => {
      if (current) setStates(list);
    });
    return () => {
      current = false;
    };
  }, [values.countryCode]);

  const stateCodes = useMemo(() => (states ?? []).map((state) => state.stateCode), [states]);
  const valid = useMemo(
    () => validFieldsWith(values, stateCodes, checks ?? PENDING_CHECKS),
    [values, stateCodes, checks],
  );
  const hints = useMemo(() => {
    if (!checks) return {};
    const result = addressSchemaWith(stateCodes, checks).safeParse(dropEmptyFields(values));
    return result.success ? {} : addressErrors(result.error);
  }, [values, stateCodes, checks]);

  const set = (field: AddressFieldName, value: string) =>
    setValues((current) => ({
      ...current,
      [field]: value,
      // A state of the old country means nothing in the new one.
      ...(field === "countryCode" ? { stateCode: "" } : {}),
    }));
  const hintFor = (field: AddressFieldName) => (submitted ? hints[field] : undefined);

  async function confirm(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Spec §5: saving an address without an id does nothing.
    if (address && !address.id) return;
    setBusy(true);
    setError(null);
    // The hints shown after Confirm need the full rules; the server checks again either way.
    if (!checks) await loadAddressChecks().then(setChecks, () => {});
    setSubmitted(true);
    const payload = {
      ...dropEmptyFields({ ...values, stateCode: stateCodes.length > 0 ? values.stateCode : "" }),
      makeDefault,
      Country: null,
      State: null,
    };
    try {
      await apiJson(address ? `/api/mailingAddresses/${address.id}` : "/api/mailingAddresses", {
        method: address ? "PUT" : "POST",
        body: payload,
      });
      onOpenChange(false);
      onSaved(address ? "Address updated successfully" : "Address added successfully");
    } catch (caught) {
      setError(messageOf(caught, "Address not updated"));
    } finally {
      setBusy(false);
    }
  }

  const selectClass = (field: AddressFieldName) =>
    `${inputClass} ${hintFor(field) ? "border-sale" : valid[field] ? "border-stock bg-green-50/40" : "border-line"}`;
  const countryHint = hintFor("countryCode");
  const stateHint = hintFor("stateCode");

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={address ? "Edit Mailing Address" : "Add Mailing Address"}
      wide
    >
      <form noValidate onSubmit={confirm} className="space-y-4">
        {error ? (
          <div ref={errorRef} tabIndex={-1} className="focus:outline-none">
            <Notice tone="danger">{error}</Notice>
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${uid}-country`} className="mb-1 block text-sm font-semibold">
              Country
              <span aria-hidden="true" className="text-sale">
                {" "}
                *
              </span>
            </label>
            <select
              id={`${uid}-country`}
              required
              value={values.countryCode}
              onChange={(event) => set("countryCode", event.target.value)}
              aria-invalid={countryHint ? true : undefined}
              aria-describedby={countryHint ? `${uid}-country-error` : undefined}
              className={selectClass("countryCode")}
            >
              <option value="">Choose a country</option>
              {/* The saved country stays selectable while the list loads. */}
              {countries.length === 0 && values.countryCode ? (
                <option value={values.countryCode}>{address?.Country.title ?? values.countryCode}</option>
              ) : null}
              {countries.map((country) => (
                <option key={country.countryCode} value={country.countryCode}>
                  {country.title}
                </option>
              ))}
            </select>
            {countryHint ? (
              <p id={`${uid}-country-error`} className="mt-1 text-sm font-medium text-sale">
                {countryHint}
              </p>
            ) : null}
          </div>
          {values.countryCode && (states === null || states.length > 0) ? (
            <div>
              <label htmlFor={`${uid}-state`} className="mb-1 block text-sm font-semibold">
                State
                <span aria-hidden="true" className="text-sale">
                  {" "}
                  *
                </span>
              </label>
              <select
                id={`${uid}-state`}
                required
                value={values.stateCode}
                onChange={(event) => set("stateCode", event.target.value)}
                aria-invalid={stateHint ? true : undefined}
                aria-describedby={stateHint ? `${uid}-state-error` : undefined}
                className={selectClass("stateCode")}
                disabled={states === null}
              >
                <option value="">{states === null ? "Loading states..." : "Choose a state"}</option>
                {(states ?? []).map((state) => (
                  <option key={state.stateCode} value={state.stateCode}>
                    {state.title}
                  </option>
                ))}
              </select>
              {stateHint ? (
                <p id={`${uid}-state-error`} className="mt-1 text-sm font-medium text-sale">
                  {stateHint}
                </p>
              ) : null}
            </div>
          ) : null}
          {ADDRESS_FIELDS.filter((field) => field.name !== "countryCode" && field.name !== "stateCode").map((field) => (
            <TextField
              key={field.name}
              id={`${uid}-${field.name}`}
              label={field.label}
              type={field.name === "phone" ? "tel" : "text"}
              autoComplete={AUTOCOMPLETE[field.name]}
              required={REQUIRED.has(field.name)}
              value={values[field.name]}
              onChange={(event) => set(field.name, event.target.value)}
              valid={valid[field.name]}
              error={hintFor(field.name)}
              className={field.name === "address1" || field.name === "address2" ? "sm:col-span-2" : ""}
            />
          ))}
        </div>
        {address?.isDefault ? (
          <p className="text-sm text-muted">This is your default address.</p>
        ) : (
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              checked={makeDefault}
              onChange={(event) => setMakeDefault(event.target.checked)}
              className="size-5 accent-aqua-600"
            />
            Make this my default address
          </label>
        )}
        <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-4">
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>
            Close
          </button>
          <BusyButton busy={busy} busyLabel="Saving...">
            Confirm
          </BusyButton>
        </div>
      </form>
    </Modal>
  );
}
