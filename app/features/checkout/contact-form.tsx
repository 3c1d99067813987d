// Checkout step 1: the contact e-mail and the shipping address, typed (the address book's fields and
// rules) or, for a signed-in customer, one of the saved addresses.
import { useState } from "react";
import { Form } from "react-router";
import { validFields } from "../../../shared/address-form.ts";
import { type AddressFieldName, formatAddressLine } from "../../../shared/address-rules.ts";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { AddressFields, type AddressValues, addressValues, withChange } from "../address/address-fields.tsx";
import type { CheckoutPageData } from "./checkout-data.server.ts";
import type { CheckoutAnswer } from "./checkout-forms.ts";

export function ContactForm({
  page,
  answer,
  busy,
}: {
  page: CheckoutPageData;
  answer: CheckoutAnswer | undefined;
  busy: boolean;
}) {
  const initial = answer?.values ?? {};
  const defaultSaved = page.addresses.find((entry) => entry.isDefault) ?? page.addresses[0];
  const [saved, setSaved] = useState<string>(
    initial.savedAddress ?? (defaultSaved && !page.shippingAddress ? String(defaultSaved.id) : "new"),
  );
  const [values, setValues] = useState<AddressValues>(() => {
    const out = addressValues({ ...(page.shippingAddress ?? {}), ...initial });
    out.countryCode ||= page.countries[0]?.code ?? "US";
    return out;
  });
  const errors = answer?.intent === "contact" ? (answer.errors ?? {}) : {};
  const country = page.countries.find((entry) => entry.code === values.countryCode);
  const states = country?.states ?? [];
  const valid = validFields(
    values,
    states.map((state) => state.code),
  );
  // The server's refusal of the address is one notice above the fields; the fields it names are marked
  // invalid for assistive technology but not drawn in red.
  const addressProblems = (Object.keys(values) as AddressFieldName[]).filter((name) => errors[name]);
  const invalid = Object.fromEntries(addressProblems.map((name) => [name, true]));

  return (
    <Form method="post" className="mt-4 space-y-4" noValidate>
      <input type="hidden" name="intent" value="contact" />
      <TextField
        id="checkout-email"
        name="email"
        type="email"
        label="E-mail"
        autoComplete="email"
        required
        defaultValue={initial.email ?? page.email ?? ""}
        error={errors.email}
        hint="For your order confirmation and shipping updates."
      />
      {page.addresses.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-semibold text-ink">Ship to</legend>
          {page.addresses.map((entry) => (
            <label
              key={entry.id}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-line bg-white p-3 has-checked:border-aqua-500"
            >
              <input
                type="radio"
                name="savedAddress"
                value={entry.id}
                checked={saved === String(entry.id)}
                onChange={() => setSaved(String(entry.id))}
                className="mt-1 size-4"
              />
              <span className="text-sm">{formatAddressLine(entry)}</span>
            </label>
          ))}
          <label className="flex cursor-pointer items-center gap-3 rounded-md border border-line bg-white p-3 has-checked:border-aqua-500">
            <input
              type="radio"
              name="savedAddress"
              value="new"
              checked={saved === "new"}
              onChange={() => setSaved("new")}
              className="size-4"
            />
            <span className="text-sm font-semibold">Use a new address</span>
          </label>
          {errors.mailingAddressId ? <p className="text-sm font-medium text-sale">{errors.mailingAddressId}</p> : null}
        </fieldset>
      ) : null}
      {saved === "new" ? (
        <>
          {addressProblems.length > 0 ? (
            <Notice tone="danger">{addressProblems.map((name) => errors[name]).join(". ")}</Notice>
          ) : null}
          <AddressFields
            idPrefix="address"
            values={values}
            onChange={(field, value) => setValues((current) => withChange(current, field, value))}
            countries={page.countries}
            states={states}
            valid={valid}
            invalid={invalid}
          />
        </>
      ) : null}
      <BusyButton busy={busy} busyLabel="Saving...">
        Continue to shipping
      </BusyButton>
    </Form>
  );
}
