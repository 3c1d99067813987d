// /checkout/{checkoutId}: the checkout page (the checkout's webUrl). Three steps, each a plain form posted to
// this route's action, so it works before (and without) JavaScript: contact e-mail and shipping address
// (a signed-in customer may pick a saved one), shipping method, then payment with the review and Place
// Order. Only the visitor's own open checkout opens here; a placed one leads to its order.
import { CreditCard, Lock, Pencil, Truck, User } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { type AddressInput, formatAddressLine } from "../../services/checkout/checkout-address.ts";
import { describeErrors, saveContactAndAddress, saveShippingMethod } from "../../services/checkout/checkout-details.ts";
import { loadCheckoutPage } from "../../services/checkout/checkout-page.ts";
import { requireVisitorCheckout } from "../../services/checkout/visitor-checkout.ts";
import { NotFound, ServiceError } from "../../services/errors.ts";
import { withSessionOrder } from "../../services/orders/order-access.ts";
import { findPlacedOrder, placeOrder } from "../../services/orders/place-order.ts";
import { ADDRESS_FIELDS, type AddressFieldName, validFields } from "../../shared/address-form.ts";
import { formatMoney } from "../../shared/money.ts";
import { appContext } from "../context.ts";
import { BusyButton, Notice, TextField } from "../features/account/account-ui.tsx";
import { parseCardExpiry } from "../features/cart/card-expiry.ts";
import { pageVisitor } from "../features/cart/page-visitor.server.ts";
import type { Route } from "./+types/checkout";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { db } = app.services.database;
  const store = app.services.config.store;
  const visitor = await pageVisitor(app, request);
  try {
    const page = await loadCheckoutPage(db, visitor, params.checkoutId, {
      currency: store.storeCurrency,
      requestedStep: new URL(request.url).searchParams.get("step"),
    });
    if (page.lines.length === 0) throw redirect("/shoppingcart.asp");
    return {
      ...page,
      currency: store.storeCurrency,
      storeName: store.storeName,
      testGateway: app.services.paymentGateway.name === "test",
    };
  } catch (error) {
    if (!(error instanceof NotFound)) throw error;
    // Placed already (a reload, the back button): its order.
    const placed = await findPlacedOrder(db, visitor, params.checkoutId);
    if (placed) throw redirect(`/account/orders/${placed.orderId}`);
    throw data(null, { status: 404 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Checkout | ${loaderData?.storeName ?? "Store"}` },
  { name: "robots", content: "noindex" },
];

type ActionAnswer = {
  intent: string;
  errors?: Record<string, string>;
  formError?: string;
  values?: Record<string, string>;
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ context, request, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { db } = app.services.database;
  const store = app.services.config.store;
  const visitor = await pageVisitor(app, request);
  const form = await request.formData();
  const intent = text(form, "intent");
  const here = `/checkout/${params.checkoutId}`;
  try {
    if (intent === "place") {
      const method = text(form, "paymentMethod");
      const expectedTotalCents = Number.parseInt(text(form, "expectedTotalCents"), 10);
      let payment: Parameters<typeof placeOrder>[3]["payment"];
      if (method.startsWith("saved:")) {
        payment = { kind: "saved", paymentMethodId: Number.parseInt(method.slice(6), 10) };
      } else {
        const expiry = parseCardExpiry(text(form, "cardExpiry"));
        if (!expiry) {
          return data<ActionAnswer>(
            { intent, errors: { cardExpiry: "Enter the expiry date as MM / YY." } },
            { status: 400 },
          );
        }
        payment = {
          kind: "card",
          card: {
            number: text(form, "cardNumber").slice(0, 40),
            expMonth: expiry.month,
            expYear: expiry.year,
            cvc: text(form, "cardCvc").slice(0, 8),
            name: text(form, "cardName").slice(0, 100) || undefined,
          },
          saveCard: form.get("saveCard") === "on",
        };
      }
      const placed = await placeOrder(
        db,
        visitor,
        params.checkoutId,
        { payment, expectedTotalCents: Number.isFinite(expectedTotalCents) ? expectedTotalCents : undefined },
        {
          gateway: app.services.paymentGateway,
          currency: store.storeCurrency,
          publicUrl: app.services.config.publicUrl,
          storeName: store.storeName,
        },
      );
      if (visitor.customerId === null) await app.session.update(withSessionOrder(visitor.sessionData, placed.orderId));
      return redirect(`/account/orders/${placed.orderId}?placed=1`);
    }

    const checkoutId = await requireVisitorCheckout(db, visitor, params.checkoutId);
    if (intent === "contact") {
      const saved = text(form, "savedAddress");
      const address: Record<string, string> = Object.fromEntries(
        ADDRESS_FIELDS.map((field) => [field.name, text(form, field.name)]),
      );
      const errors = await saveContactAndAddress(db, checkoutId, visitor.customerId, {
        email: text(form, "email"),
        ...(saved && saved !== "new"
          ? { mailingAddressId: Number.parseInt(saved, 10) }
          : { shippingAddress: address as AddressInput }),
      });
      if (errors) {
        return data<ActionAnswer>(
          {
            intent,
            errors: errors as Record<string, string>,
            values: { ...address, email: text(form, "email"), savedAddress: saved },
          },
          { status: 400 },
        );
      }
      return redirect(here);
    }
    if (intent === "shipping") {
      const raw = text(form, "shippingRateId");
      const errors = await saveShippingMethod(
        db,
        checkoutId,
        raw === "" || raw === "none" ? null : Number.parseInt(raw, 10),
        store.storeCurrency,
      );
      if (errors) return data<ActionAnswer>({ intent, formError: describeErrors(errors) }, { status: 400 });
      return redirect(here);
    }
    return data<ActionAnswer>({ intent, formError: "Unknown form. Please reload the page." }, { status: 400 });
  } catch (error) {
    // Refusals (a declined card, a sold-out item, a changed total) keep the cart and say why.
    if (error instanceof ServiceError && error.status < 500) {
      return data<ActionAnswer>({ intent, formError: error.message }, { status: error.status });
    }
    throw error;
  }
}

type PageData = Route.ComponentProps["loaderData"];

function StepHeading({
  number,
  title,
  icon,
  done,
  editHref,
}: {
  number: number;
  title: string;
  icon: React.ReactNode;
  done: boolean;
  editHref?: string;
}) {
  return (
    <div className="flex items-center justify-between gap-3">
      <h2 className="flex items-center gap-2 text-xl font-bold text-water-900">
        <span
          aria-hidden="true"
          className={`flex size-7 items-center justify-center rounded-full text-sm ${done ? "bg-stock text-white" : "bg-water-900 text-white"}`}
        >
          {number}
        </span>
        {icon}
        {title}
      </h2>
      {editHref ? (
        <Link to={editHref} className="inline-flex min-h-11 items-center gap-1 text-aqua-600 hover:underline">
          <Pencil aria-hidden="true" size={14} /> Change<span className="sr-only"> {title.toLowerCase()}</span>
        </Link>
      ) : null}
    </div>
  );
}

const selectClass =
  "min-h-11 w-full rounded-md border border-line bg-white px-3 text-base text-ink focus:outline-none focus-visible:ring-3 focus-visible:ring-aqua-500";

function ContactForm({ page, answer, busy }: { page: PageData; answer: ActionAnswer | undefined; busy: boolean }) {
  const initial = (answer?.values ?? {}) as Record<string, string>;
  const fromCheckout = (page.shippingAddress ?? {}) as Record<string, string | null | undefined>;
  const defaultSaved = page.addresses.find((entry) => entry.isDefault) ?? page.addresses[0];
  const [saved, setSaved] = useState<string>(
    initial.savedAddress ?? (defaultSaved && !page.shippingAddress ? String(defaultSaved.id) : "new"),
  );
  const [values, setValues] = useState<Record<string, string>>(() => {
    const out: Record<string, string> = {};
    for (const field of ADDRESS_FIELDS) out[field.name] = initial[field.name] ?? fromCheckout[field.name] ?? "";
    out.countryCode ||= page.countries[0]?.code ?? "US";
    return out;
  });
  const errors = answer?.intent === "contact" ? (answer.errors ?? {}) : {};
  const country = page.countries.find((entry) => entry.code === values.countryCode);
  const stateCodes = country?.states.map((state) => state.code) ?? [];
  const valid = validFields(values as Partial<Record<AddressFieldName, string>>, stateCodes);
  const set = (name: string) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((current) => ({
      ...current,
      [name]: event.target.value,
      ...(name === "countryCode" ? { stateCode: "" } : {}),
    }));
  const field = (name: AddressFieldName, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <TextField
      id={`address-${name}`}
      name={name}
      label={label}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      valid={valid[name]}
      {...props}
    />
  );

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
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <label htmlFor="address-countryCode" className="mb-1 block text-sm font-semibold text-ink">
              Country
              <span aria-hidden="true" className="text-sale">
                {" "}
                *
              </span>
            </label>
            <select
              id="address-countryCode"
              name="countryCode"
              value={values.countryCode}
              onChange={set("countryCode")}
              autoComplete="country"
              className={selectClass}
              aria-invalid={errors.countryCode ? true : undefined}
            >
              <option value="">Choose a country</option>
              {page.countries.map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {entry.title}
                </option>
              ))}
            </select>
            {errors.countryCode ? <p className="mt-1 text-sm font-medium text-sale">{errors.countryCode}</p> : null}
          </div>
          {country && country.states.length > 0 ? (
            <div className="sm:col-span-2">
              <label htmlFor="address-stateCode" className="mb-1 block text-sm font-semibold text-ink">
                State
                <span aria-hidden="true" className="text-sale">
                  {" "}
                  *
                </span>
              </label>
              <select
                id="address-stateCode"
                name="stateCode"
                value={values.stateCode}
                onChange={set("stateCode")}
                autoComplete="address-level1"
                className={selectClass}
                aria-invalid={errors.stateCode ? true : undefined}
              >
                <option value="">Choose a state</option>
                {country.states.map((state) => (
                  <option key={state.code} value={state.code}>
                    {state.title}
                  </option>
                ))}
              </select>
              {errors.stateCode ? <p className="mt-1 text-sm font-medium text-sale">{errors.stateCode}</p> : null}
            </div>
          ) : null}
          {field("address1", "Address Line 1", {
            required: true,
            autoComplete: "address-line1",
            className: "sm:col-span-2",
          })}
          {field("address2", "Address Line 2", { autoComplete: "address-line2", className: "sm:col-span-2" })}
          {field("city", "City", { autoComplete: "address-level2" })}
          {field("zip", "Postal Code", { required: true, autoComplete: "postal-code" })}
          {field("firstName", "First Name", { required: true, autoComplete: "given-name" })}
          {field("lastName", "Last Name", { required: true, autoComplete: "family-name" })}
          {field("company", "Company", { autoComplete: "organization" })}
          {field("phone", "Phone Number", { required: true, type: "tel", autoComplete: "tel" })}
        </div>
      ) : null}
      <BusyButton busy={busy} busyLabel="Saving...">
        Continue to shipping
      </BusyButton>
    </Form>
  );
}

function ShippingForm({ page, answer, busy }: { page: PageData; answer: ActionAnswer | undefined; busy: boolean }) {
  return (
    <Form method="post" className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="shipping" />
      <fieldset className="space-y-2">
        <legend className="sr-only">Shipping method</legend>
        {page.shippingOptions.map((option, index) => (
          <label
            key={option.rateId ?? "none"}
            className="flex cursor-pointer items-center justify-between gap-3 rounded-md border border-line bg-white p-3 has-checked:border-aqua-500"
          >
            <span className="flex items-center gap-3">
              <input
                type="radio"
                name="shippingRateId"
                value={option.rateId ?? "none"}
                defaultChecked={option.rateId === page.chosenRateId || (page.chosenRateId === null && index === 0)}
                className="size-4"
              />
              <span className="font-semibold">{option.title}</span>
            </span>
            <span className="tabular font-semibold">
              {option.price === 0 ? <span className="text-stock">FREE</span> : formatMoney(option.price, page.currency)}
            </span>
          </label>
        ))}
      </fieldset>
      {answer?.intent === "shipping" && answer.formError ? <Notice tone="danger">{answer.formError}</Notice> : null}
      <BusyButton busy={busy} busyLabel="Saving...">
        Continue to payment
      </BusyButton>
    </Form>
  );
}

function PaymentForm({ page, answer, busy }: { page: PageData; answer: ActionAnswer | undefined; busy: boolean }) {
  const [method, setMethod] = useState(page.savedCards[0] ? `saved:${page.savedCards[0].id}` : "card");
  const errors = answer?.intent === "place" ? (answer.errors ?? {}) : {};
  return (
    <Form method="post" className="mt-4 space-y-4" autoComplete="on">
      <input type="hidden" name="intent" value="place" />
      <input type="hidden" name="expectedTotalCents" value={page.expectedTotalCents} />
      {page.savedCards.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-semibold text-ink">Pay with</legend>
          {page.savedCards.map((card) => (
            <label
              key={card.id}
              className="flex cursor-pointer items-center gap-3 rounded-md border border-line bg-white p-3 has-checked:border-aqua-500"
            >
              <input
                type="radio"
                name="paymentMethod"
                value={`saved:${card.id}`}
                checked={method === `saved:${card.id}`}
                onChange={() => setMethod(`saved:${card.id}`)}
                className="size-4"
              />
              <span className="text-sm">
                <span className="font-semibold capitalize">{card.brand.replace("_", " ")}</span> ending in {card.last4}
                {card.expMonth && card.expYear ? ` (expires ${card.expMonth}/${card.expYear})` : ""}
              </span>
            </label>
          ))}
          <label className="flex cursor-pointer items-center gap-3 rounded-md border border-line bg-white p-3 has-checked:border-aqua-500">
            <input
              type="radio"
              name="paymentMethod"
              value="card"
              checked={method === "card"}
              onChange={() => setMethod("card")}
              className="size-4"
            />
            <span className="text-sm font-semibold">A new card</span>
          </label>
        </fieldset>
      ) : (
        <input type="hidden" name="paymentMethod" value="card" />
      )}
      {method === "card" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="card-number"
            name="cardNumber"
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            required
            className="sm:col-span-2"
            hint={
              page.testGateway
                ? "Test store: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined."
                : undefined
            }
          />
          <TextField
            id="card-expiry"
            name="cardExpiry"
            label="Expiry (MM / YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            required
            error={errors.cardExpiry}
          />
          <TextField
            id="card-cvc"
            name="cardCvc"
            label="Security code (CVC)"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            required
          />
          <TextField
            id="card-name"
            name="cardName"
            label="Name on card"
            autoComplete="cc-name"
            className="sm:col-span-2"
          />
          {page.signedIn ? (
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input type="checkbox" name="saveCard" className="size-4" /> Save this card to my wallet
            </label>
          ) : null}
        </div>
      ) : null}
      {answer?.intent === "place" && answer.formError ? <Notice tone="danger">{answer.formError}</Notice> : null}
      {page.problem && page.problem !== answer?.formError ? <Notice tone="danger">{page.problem}</Notice> : null}
      <p className="text-sm text-muted">
        By placing your order you agree to pay {formatMoney(page.totalPrice, page.currency)}. Your card is charged when
        you place the order.
      </p>
      <BusyButton busy={busy} busyLabel="Placing your order..." className="btn-primary w-full text-lg">
        <Lock aria-hidden="true" size={18} /> Place Order &middot; {formatMoney(page.totalPrice, page.currency)}
      </BusyButton>
    </Form>
  );
}

function OrderSummary({ page }: { page: PageData }) {
  const money = (value: number) => formatMoney(value, page.currency);
  return (
    <aside
      aria-labelledby="summary-title"
      className="space-y-4 self-start rounded-lg border border-line bg-surface p-5"
    >
      <div className="flex items-center justify-between">
        <h2 id="summary-title" className="text-xl font-bold text-water-900">
          Order Summary
        </h2>
        <Link
          to="/shoppingcart.asp"
          className="inline-flex min-h-11 items-center text-sm text-aqua-600 hover:underline"
        >
          Edit cart
        </Link>
      </div>
      <ul className="divide-y divide-line">
        {page.lines.map((line) => (
          <li key={line.id} className="flex gap-3 py-3">
            <img
              src={line.imageUrl ?? "/img/no-image.svg"}
              alt=""
              width={56}
              height={56}
              className="size-14 shrink-0 rounded border border-line bg-white object-contain"
            />
            <div className="min-w-0 flex-1 text-sm">
              <p className="line-clamp-2 font-semibold">{line.title}</p>
              {line.variantTitle ? <p className="text-muted">{line.variantTitle}</p> : null}
              <p className="tabular text-muted">
                {line.currentQuantity} &times; {money(line.totalUnitPrice)}
              </p>
            </div>
            <p className="tabular text-sm font-semibold">
              {money(Math.round(line.totalUnitPrice * 100 * line.currentQuantity) / 100)}
            </p>
          </li>
        ))}
      </ul>
      <dl className="tabular space-y-2 border-t border-line pt-3">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{money(page.lineItemsSubtotalPrice)}</dd>
        </div>
        {page.discount ? (
          <div className="flex justify-between gap-2">
            <dt>
              Discount <span className="part-number text-sm">({page.discount.code})</span>
              {!page.discount.applicable && page.discount.message ? (
                <span className="block text-sm text-sale">{page.discount.message}</span>
              ) : null}
            </dt>
            <dd className={page.totalDiscount > 0 ? "text-stock" : ""}>
              {page.totalDiscount > 0 ? `-${money(page.totalDiscount)}` : money(0)}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd>
            {page.shippingPrice === null ? (
              "-"
            ) : page.shippingPrice === 0 ? (
              <span className="font-semibold text-stock">FREE</span>
            ) : (
              money(page.shippingPrice)
            )}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt>Tax</dt>
          <dd>{page.totalTax === null ? "-" : money(page.totalTax)}</dd>
        </div>
        <div className="flex justify-between border-t border-line pt-2 text-lg font-bold">
          <dt>Total</dt>
          <dd>{money(page.totalPrice)}</dd>
        </div>
      </dl>
    </aside>
  );
}

export default function CheckoutPage({ loaderData: page, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const intent = navigation.formData?.get("intent");
  const answer = actionData as ActionAnswer | undefined;
  const base = `/checkout/${page.checkoutId}`;
  const shipping = page.shippingOptions.find((option) => option.rateId === page.chosenRateId);

  return (
    <div className="container-store py-6">
      <h1 className="mb-6 flex items-center gap-2 text-3xl font-extrabold text-water-900">
        <Lock aria-hidden="true" size={24} /> Checkout
      </h1>
      <div className="grid gap-8 desk:grid-cols-[1fr_400px]">
        <div className="space-y-6">
          <section
            className="rounded-lg border border-line bg-white p-5"
            aria-current={page.step === "contact" ? "step" : undefined}
          >
            <StepHeading
              number={1}
              title="Contact & shipping address"
              icon={<User aria-hidden="true" size={20} />}
              done={page.done.contact}
              editHref={page.step !== "contact" && page.done.contact ? `${base}?step=contact` : undefined}
            />
            {page.step === "contact" ? (
              <ContactForm page={page} answer={answer} busy={submitting && intent === "contact"} />
            ) : page.done.contact && page.shippingAddress ? (
              <div className="mt-3 text-sm">
                <p>{page.email}</p>
                <p className="text-muted">{formatAddressLine(page.shippingAddress)}</p>
              </div>
            ) : null}
          </section>

          <section
            className="rounded-lg border border-line bg-white p-5"
            aria-current={page.step === "shipping" ? "step" : undefined}
          >
            <StepHeading
              number={2}
              title="Shipping method"
              icon={<Truck aria-hidden="true" size={20} />}
              done={page.done.shipping}
              editHref={page.step === "payment" ? `${base}?step=shipping` : undefined}
            />
            {page.step === "shipping" ? (
              <ShippingForm page={page} answer={answer} busy={submitting && intent === "shipping"} />
            ) : page.done.shipping && shipping ? (
              <p className="mt-3 text-sm">
                {shipping.title}: {shipping.price === 0 ? "FREE" : formatMoney(shipping.price, page.currency)}
              </p>
            ) : null}
          </section>

          <section
            className="rounded-lg border border-line bg-white p-5"
            aria-current={page.step === "payment" ? "step" : undefined}
          >
            <StepHeading
              number={3}
              title="Payment & review"
              icon={<CreditCard aria-hidden="true" size={20} />}
              done={false}
            />
            {page.step === "payment" ? (
              <PaymentForm page={page} answer={answer} busy={submitting && intent === "place"} />
            ) : null}
          </section>
        </div>
        <OrderSummary page={page} />
      </div>
    </div>
  );
}
