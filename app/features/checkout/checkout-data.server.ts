// The checkout page's server side: what its loader shows and what its three forms do. The route module
// only wires these to React Router.
import { data, redirect } from "react-router";
import {
  describeErrors,
  saveContactAndAddress,
  saveShippingMethod,
} from "../../../services/checkout/checkout-details.ts";
import { loadCheckoutPage } from "../../../services/checkout/checkout-page.ts";
import { requireVisitorCheckout } from "../../../services/checkout/visitor-checkout.ts";
import { NotFound, ServiceError } from "../../../services/errors.ts";
import { withSessionOrder } from "../../../services/orders/order-access.ts";
import { findPlacedOrder, placeOrder } from "../../../services/orders/place-order.ts";
import { attemptPayment, paymentBotCheckRequired } from "../../../services/payments/payment-attempts.ts";
import { displayCurrency } from "../../../shared/store-config.ts";
import type { AppLoadContext } from "../../context.ts";
import { pageVisitor } from "../cart/page-visitor.server.ts";
import { paymentClient } from "../cart/payment-client.server.ts";
import { stripePublishableKeyOf } from "../payments/payments-data.server.ts";
import { type CheckoutAnswer, readCheckoutForm } from "./checkout-forms.ts";

/** The page's data; an empty cart goes to the cart page, a placed checkout to its order, anything else 404. */
export async function checkoutPageData(app: AppLoadContext, request: Request, checkoutId: string) {
  const { db } = app.services.database;
  const store = app.services.config.store;
  const visitor = await pageVisitor(app, request);
  try {
    const page = await loadCheckoutPage(db, visitor, checkoutId, {
      currency: displayCurrency(store),
      requestedStep: new URL(request.url).searchParams.get("step"),
    });
    if (page.lines.length === 0) throw redirect("/shoppingcart.asp");
    return {
      ...page,
      currency: displayCurrency(store),
      storeName: store.storeName,
      testGateway: app.services.paymentGateway.name === "test",
      // Stripe's form replaces the card fields when card payments go through Stripe.
      stripePublishableKey: stripePublishableKeyOf(app.services),
      botCheckRequired: await paymentBotCheckRequired(db, paymentClient(app, visitor)),
    };
  } catch (error) {
    if (!(error instanceof NotFound)) throw error;
    // Placed already (a reload, the back button): its order.
    const placed = await findPlacedOrder(db, visitor, checkoutId);
    if (placed) throw redirect(`/account/orders/${placed.orderId}`);
    throw data(null, { status: 404 });
  }
}

export type CheckoutPageData = Awaited<ReturnType<typeof checkoutPageData>>;

/** One of the page's forms posted: the next step on success, the form's errors otherwise. */
export async function submitCheckoutForm(app: AppLoadContext, request: Request, checkoutId: string) {
  const { db } = app.services.database;
  const store = app.services.config.store;
  const visitor = await pageVisitor(app, request);
  const { intent, result } = readCheckoutForm(await request.formData());
  const here = `/checkout/${checkoutId}`;
  const refuse = (answer: Omit<CheckoutAnswer, "intent">, status = 400) =>
    data<CheckoutAnswer>({ intent, ...answer }, { status });
  if (result === null) return refuse({ formError: "Unknown form. Please reload the page." });
  if (!result.success) {
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return refuse({ errors });
  }
  try {
    const form = result.data;
    if (form.intent === "place") {
      const placed = await attemptPayment(
        {
          db,
          botCheck: app.services.botCheck,
          client: paymentClient(app, visitor),
          botToken: form.botToken,
          logRefusal: (reason) => app.logger.warn({ checkoutId, reason }, "payment refused"),
        },
        () =>
          placeOrder(
            db,
            visitor,
            checkoutId,
            { payment: form.payment, expectedTotalCents: form.expectedTotalCents },
            {
              gateway: app.services.paymentGateway,
              currency: displayCurrency(store),
              publicUrl: app.services.config.publicUrl,
              storeName: store.storeName,
              logger: app.logger,
              changes: app.services.changes,
            },
          ),
      );
      if (visitor.customerId === null) await app.session.update(withSessionOrder(visitor.sessionData, placed.orderId));
      return redirect(`/account/orders/${placed.orderId}?placed=1`);
    }

    const id = await requireVisitorCheckout(db, visitor, checkoutId);
    if (form.intent === "contact") {
      const errors = await saveContactAndAddress(db, id, visitor.customerId, { email: form.email, ...form.choice });
      if (errors) {
        return refuse({
          errors: errors as Record<string, string>,
          values: { ...form.address, email: form.email, savedAddress: form.savedAddress },
        });
      }
      return redirect(here);
    }
    const errors = await saveShippingMethod(db, id, form.shippingRateId, displayCurrency(store));
    if (errors) return refuse({ formError: describeErrors(errors) });
    return redirect(here);
  } catch (error) {
    // Refusals (a declined card, a sold-out item, a changed total) keep the cart and say why.
    // After a refused payment the next attempt needs the bot check: the answer says so to the form.
    if (error instanceof ServiceError && error.status < 500) {
      const botCheck = "botCheckRequired" in error && error.botCheckRequired === true;
      return refuse({ formError: error.message, ...(botCheck ? { botCheck } : {}) }, error.status);
    }
    throw error;
  }
}
