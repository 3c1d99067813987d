// /wallet/add-card: the hosted card form the wallet opens in a 600x400 popup (the target of
// `_links.addPaymentMethod.href`). The number and CVC go to the gateway for a token and are never kept;
// the wallet stores brand, last 4 digits and expiry. The page covers the site chrome: a popup this small
// has room for the form only.
import { Lock } from "lucide-react";
import { useState } from "react";
import { Link, redirect } from "react-router";
import { BusyButton } from "../components/ui/busy-button.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { inputClass, SelectField, TextField } from "../components/ui/text-field.tsx";
import { appContext } from "../context.ts";
import { apiJson } from "../features/account/account-api.ts";
import { getCustomerIdForUser, getUserSummary, listMailingAddresses } from "../features/account/account-data.server.ts";
import { getBotToken } from "../features/account/bot-token.ts";
import { NoScriptNotice } from "../features/account/no-script-notice.tsx";
import { accountMeta, storeNameOf, useAsyncAction } from "../features/account/use-async-action.ts";
import { loginPath } from "../features/account/use-current-user.ts";
import { LazyStripeAddCard } from "../features/payments/lazy-stripe.tsx";
import { stripePublishableKeyOf } from "../features/payments/payments-data.server.ts";
import type { Route } from "./+types/wallet-add-card";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, session } = context.get(appContext);
  const current = await session.get();
  const user = current?.userId ? await getUserSummary(services.database.db, current.userId) : null;
  if (!user) throw redirect(loginPath("/wallet/add-card"));
  const customerId = await getCustomerIdForUser(services.database.db, user.id);
  const addresses = customerId ? await listMailingAddresses(services.database.db, customerId) : [];
  return {
    userId: user.id,
    // With Stripe, the card is typed into Stripe's own form (features/payments/stripe-add-card.tsx).
    stripePublishableKey: stripePublishableKeyOf(services),
    name: [user.firstName, user.lastName].filter(Boolean).join(" "),
    addresses: addresses.map((address) => ({
      id: address.id,
      label: [address.address1, address.city, address.zip].filter(Boolean).join(", "),
      isDefault: address.isDefault,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Add a card", storeNameOf(matches));

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** "4242424242424242" → "4242 4242 4242 4242" as the shopper types. */
function groupDigits(value: string): string {
  return value
    .replace(/[^\d]/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

export default function AddCard({ loaderData }: Route.ComponentProps) {
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 16 }, (_, i) => thisYear + i);
  const [card, setCard] = useState({
    name: loaderData.name,
    number: "",
    expMonth: "",
    expYear: "",
    cvc: "",
    mailingAddressId: String(loaderData.addresses.find((address) => address.isDefault)?.id ?? ""),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = useAsyncAction();
  const set = (field: keyof typeof card) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setCard((current) => ({
      ...current,
      [field]: field === "number" ? groupDigits(event.target.value) : event.target.value,
    }));

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (card.number.replace(/\s/g, "").length < 12) next.number = "Enter the card number";
    if (!card.expMonth || !card.expYear) next.expiry = "Choose the expiry month and year";
    if (!/^\d{3,4}$/.test(card.cvc)) next.cvc = "Enter the 3 or 4 digit security code";
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    await action.run(async () => {
      const token = await getBotToken("add_card");
      await apiJson(`/api/user/${loaderData.userId}/paymentMethods`, {
        method: "POST",
        body: {
          number: card.number,
          expMonth: Number(card.expMonth),
          expYear: Number(card.expYear),
          cvc: card.cvc,
          ...(card.name.trim() ? { name: card.name.trim() } : {}),
          ...(card.mailingAddressId ? { mailingAddressId: Number(card.mailingAddressId) } : {}),
          token,
        },
      });
      setCard((current) => ({ ...current, number: "", cvc: "" }));
      // Opened by the wallet: closing hands control back to it (it polls for this and reloads the list).
      if (window.opener) window.setTimeout(() => window.close(), 600);
      return "Your card was added.";
    });
  }

  return (
    <div className="fixed inset-0 z-[60] overflow-y-auto bg-white">
      <div className="mx-auto max-w-lg p-4">
        <h1 className="mb-1 flex items-center gap-2 text-xl font-extrabold text-water-900">
          <Lock aria-hidden="true" size={18} /> Add a card
        </h1>
        <p className="mb-3 text-sm text-muted">
          Sent encrypted to our payment processor. We keep only the brand, the last 4 digits and the expiry date.
        </p>
        <NoScriptNotice />
        {loaderData.stripePublishableKey && !action.success ? (
          <div className="space-y-3">
            {loaderData.addresses.length > 0 ? (
              <SelectField
                id="card-address"
                label="Billing address"
                value={card.mailingAddressId}
                onChange={set("mailingAddressId")}
              >
                <option value="">Choose later</option>
                {loaderData.addresses.map((address) => (
                  <option key={address.id} value={address.id}>
                    {address.label}
                  </option>
                ))}
              </SelectField>
            ) : null}
            <LazyStripeAddCard
              publishableKey={loaderData.stripePublishableKey}
              userId={loaderData.userId}
              mailingAddressId={card.mailingAddressId}
              onAdded={() => {
                void action.run(async () => "Your card was added.");
                if (window.opener) window.setTimeout(() => window.close(), 600);
              }}
              onCancel={() => (window.opener ? window.close() : history.back())}
            />
          </div>
        ) : action.success ? (
          <div className="space-y-3">
            <Notice tone="success">{action.success}</Notice>
            <Link to="/wallet" className="btn-secondary">
              Back to your wallet
            </Link>
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="space-y-3">
            {action.error ? <Notice tone="danger">{action.error}</Notice> : null}
            <TextField
              id="card-number"
              label="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              required
              value={card.number}
              onChange={set("number")}
              error={errors.number}
              placeholder="1234 5678 9012 3456"
            />
            <div className="grid grid-cols-3 gap-3">
              <div className="col-span-2">
                <fieldset aria-describedby={errors.expiry ? "card-expiry-error" : undefined}>
                  <legend className="mb-1 text-sm font-semibold">
                    Expiry date
                    <span aria-hidden="true" className="text-sale">
                      {" "}
                      *
                    </span>
                  </legend>
                  <div className="flex gap-2">
                    <label className="sr-only" htmlFor="card-exp-month">
                      Expiry month
                    </label>
                    <select
                      id="card-exp-month"
                      autoComplete="cc-exp-month"
                      value={card.expMonth}
                      onChange={set("expMonth")}
                      className={`${inputClass} border-line`}
                    >
                      <option value="">MM</option>
                      {MONTHS.map((month) => (
                        <option key={month} value={month}>
                          {String(month).padStart(2, "0")}
                        </option>
                      ))}
                    </select>
                    <label className="sr-only" htmlFor="card-exp-year">
                      Expiry year
                    </label>
                    <select
                      id="card-exp-year"
                      autoComplete="cc-exp-year"
                      value={card.expYear}
                      onChange={set("expYear")}
                      className={`${inputClass} border-line`}
                    >
                      <option value="">YYYY</option>
                      {years.map((year) => (
                        <option key={year} value={year}>
                          {year}
                        </option>
                      ))}
                    </select>
                  </div>
                </fieldset>
                {errors.expiry ? (
                  <p id="card-expiry-error" className="mt-1 text-sm font-medium text-sale">
                    {errors.expiry}
                  </p>
                ) : null}
              </div>
              <TextField
                id="card-cvc"
                label="Security code"
                inputMode="numeric"
                autoComplete="cc-csc"
                required
                maxLength={4}
                value={card.cvc}
                onChange={set("cvc")}
                error={errors.cvc}
              />
            </div>
            <TextField
              id="card-name"
              label="Name on card"
              autoComplete="cc-name"
              value={card.name}
              onChange={set("name")}
            />
            {loaderData.addresses.length > 0 ? (
              <SelectField
                id="card-address"
                label="Billing address"
                value={card.mailingAddressId}
                onChange={set("mailingAddressId")}
              >
                <option value="">Choose later</option>
                {loaderData.addresses.map((address) => (
                  <option key={address.id} value={address.id}>
                    {address.label}
                  </option>
                ))}
              </SelectField>
            ) : null}
            <div className="flex flex-wrap gap-3 pt-1">
              <BusyButton busy={action.busy} busyLabel="Saving card...">
                Save card
              </BusyButton>
              <button
                type="button"
                className="btn-secondary"
                onClick={() => (window.opener ? window.close() : history.back())}
              >
                Cancel
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
