// /checkout/{checkoutId}: the checkout page (the checkout's webUrl). Three steps, each a plain form posted to
// this route's action, so it works before (and without) JavaScript: contact e-mail and shipping address
// (a signed-in customer may pick a saved one), shipping method, then payment with the review and Place
// Order. Only the visitor's own open checkout opens here; a placed one leads to its order. The forms are in
// app/features/checkout/, what the loader and action do in checkout-data.server.ts.
import { CreditCard, Lock, Truck, User } from "lucide-react";
import { useNavigation } from "react-router";
import { formatAddressLine } from "../../shared/address-rules.ts";
import { formatMoney } from "../../shared/money.ts";
import { appContext } from "../context.ts";
import { checkoutPageData, submitCheckoutForm } from "../features/checkout/checkout-data.server.ts";
import type { CheckoutAnswer } from "../features/checkout/checkout-forms.ts";
import { ContactForm } from "../features/checkout/contact-form.tsx";
import { OrderSummary } from "../features/checkout/order-summary.tsx";
import { PaymentForm } from "../features/checkout/payment-form.tsx";
import { ShippingForm } from "../features/checkout/shipping-form.tsx";
import { StepHeading } from "../features/checkout/step-heading.tsx";
import type { Route } from "./+types/checkout";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return checkoutPageData(context.get(appContext), request, params.checkoutId);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Checkout | ${loaderData?.storeName ?? "Store"}` },
  { name: "robots", content: "noindex" },
];

export async function action({ context, request, params }: Route.ActionArgs) {
  return submitCheckoutForm(context.get(appContext), request, params.checkoutId);
}

export default function CheckoutPage({ loaderData: page, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const intent = navigation.formData?.get("intent");
  const answer = actionData as CheckoutAnswer | undefined;
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
