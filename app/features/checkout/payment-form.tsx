// Checkout step 3: pay with a saved card or a new one, then Place Order for the total shown on the button.
import { Lock } from "lucide-react";
import { useState } from "react";
import { Form, useNavigate } from "react-router";
import { formatMoney } from "../../../shared/money.ts";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { usePaymentBotCheck } from "../cart/payment-bot-check.tsx";
import { LazyStripeCheckout } from "../payments/lazy-stripe.tsx";
import { SavedCardChoice } from "../payments/saved-card-choice.tsx";
import type { CheckoutPageData } from "./checkout-data.server.ts";
import type { CheckoutAnswer } from "./checkout-forms.ts";

export function PaymentForm({
  page,
  answer,
  busy,
}: {
  page: CheckoutPageData;
  answer: CheckoutAnswer | undefined;
  busy: boolean;
}) {
  const [method, setMethod] = useState(page.savedCards[0] ? `saved:${page.savedCards[0].id}` : "card");
  const navigate = useNavigate();
  const errors = answer?.intent === "place" ? (answer.errors ?? {}) : {};
  const botCheck = usePaymentBotCheck(page.botCheckRequired || answer?.botCheck === true);
  if (page.stripePublishableKey) {
    return (
      <LazyStripeCheckout
        publishableKey={page.stripePublishableKey}
        checkoutId={page.checkoutId}
        totalPrice={page.totalPrice}
        totalCents={page.expectedTotalCents}
        currency={page.currency}
        signedIn={page.signedIn}
        savedCards={page.savedCards}
        problem={page.problem}
        botCheckRequired={page.botCheckRequired}
        onPlaced={(statusUrl) => navigate(statusUrl)}
      />
    );
  }
  return (
    <Form method="post" className="mt-4 space-y-4" autoComplete="on" onSubmit={botCheck.onSubmit}>
      <input type="hidden" name="intent" value="place" />
      <input type="hidden" name="expectedTotalCents" value={page.expectedTotalCents} />
      {page.savedCards.length > 0 ? (
        <SavedCardChoice cards={page.savedCards} method={method} onChange={setMethod} />
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
      {botCheck.notice}
      <p className="text-sm text-muted">
        By placing your order you agree to pay {formatMoney(page.totalPrice, page.currency)}. Your card is charged when
        you place the order.
      </p>
      <BusyButton
        busy={busy || botCheck.checking}
        busyLabel={botCheck.checking ? "Checking you are not a robot..." : "Placing your order..."}
        className="btn-primary w-full text-lg"
      >
        <Lock aria-hidden="true" size={18} /> Place Order &middot; {formatMoney(page.totalPrice, page.currency)}
      </BusyButton>
    </Form>
  );
}
