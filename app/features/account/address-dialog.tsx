// The 'Edit Mailing Address' dialog of the address book: the address fields (AddressFields), whether to
// make it the default, Close and Confirm. Fields that pass the rules are highlighted as the shopper types;
// nothing blocks Confirm and no field is shown in red: the server (same rules) has the last word and its
// answer is shown at the top. Empty fields are dropped from the payload.
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { AddressChecks } from "../../../shared/address-checks.ts";
import {
  type AddressFieldName,
  addressErrors,
  addressSchemaWith,
  dropEmptyFields,
  validFieldsWith,
} from "../../../shared/address-rules.ts";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { AddressFields, type AddressValues, addressValues, withChange } from "../address/address-fields.tsx";
import { apiJson, messageOf } from "./account-api.ts";
import type { MailingAddressView } from "./account-data.server.ts";
import { type CountryOption, loadCountries, loadStates, type StateOption } from "./countries.ts";
import { Modal } from "./modal.tsx";

/**
 * The postal-code and phone checks (postcode-validator, libphonenumber-js: most of this page's script)
 * load when the dialog first opens, not with the page. Until they arrive no postal code or phone shows
 * as valid; Confirm waits for them, so the fields marked invalid after it follow the full rules.
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

/**
 * What Confirm sends: the filled fields, with the nested objects as null (the API's clients send them so).
 * A state chosen while the country's states were still loading (`states` null) is kept; only a country
 * known to have no states sends none.
 */
export function addressPayload(values: AddressValues, states: readonly unknown[] | null, makeDefault: boolean) {
  return {
    ...dropEmptyFields({ ...values, stateCode: states !== null && states.length === 0 ? "" : values.stateCode }),
    makeDefault,
    Country: null,
    State: null,
  };
}

function valuesOf(address: MailingAddressView | null): AddressValues {
  const out = addressValues(address as unknown as Record<string, unknown> | null);
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
  const [values, setValues] = useState<AddressValues>(() => valuesOf(address));
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

  const countryChoices = useMemo(
    () => countries.map((country) => ({ code: country.countryCode, title: country.title })),
    [countries],
  );
  const stateChoices = useMemo(
    () => (states === null ? null : states.map((state) => ({ code: state.stateCode, title: state.title }))),
    [states],
  );
  const stateCodes = useMemo(() => (states ?? []).map((state) => state.stateCode), [states]);
  const valid = useMemo(
    () => validFieldsWith(values, stateCodes, checks ?? PENDING_CHECKS),
    [values, stateCodes, checks],
  );
  // After a Confirm, the fields that break the rules are marked invalid for assistive technology (the
  // server's answer above names them); they are not drawn in red.
  const invalid = useMemo(() => {
    if (!checks || !submitted) return {};
    const result = addressSchemaWith(stateCodes, checks).safeParse(dropEmptyFields(values));
    const out: Partial<Record<AddressFieldName, boolean>> = {};
    if (result.success) return out;
    for (const field of Object.keys(addressErrors(result.error))) out[field as AddressFieldName] = true;
    return out;
  }, [values, stateCodes, checks, submitted]);

  const set = (field: AddressFieldName, value: string) => setValues((current) => withChange(current, field, value));

  async function confirm(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Saving an address that has no id does nothing.
    if (address && !address.id) return;
    setBusy(true);
    setError(null);
    // The fields marked invalid after Confirm need the full rules; the server checks again either way.
    if (!checks) await loadAddressChecks().then(setChecks, () => {});
    setSubmitted(true);
    const payload = addressPayload(values, states, makeDefault);
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
        <AddressFields
          idPrefix={uid}
          values={values}
          onChange={set}
          countries={countryChoices}
          states={stateChoices}
          valid={valid}
          invalid={invalid}
          countryLabelWhileLoading={address?.Country.title}
          stateLabelWhileLoading={address?.State?.title}
        />
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
