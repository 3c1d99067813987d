// Paying at checkout through Stripe: the card is typed into Stripe's Payment Element (an iframe from
// js.stripe.com), which answers a PaymentMethod id; the page sends only that id to the store, never a
// card number or security code. A saved card is named by its wallet id. When the bank wants the shopper
// to confirm (3-D Secure), Stripe.js shows it and the page asks the store again to place the order: the
// store checks with Stripe that the payment is authorised before it writes the order.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { Lock } from "lucide-react";
import { useState } from "react";
import { formatMoney } from "../../../shared/money.ts";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { SavedCardChoice, type SavedCardOption } from "./saved-card-choice.tsx";
import { stripeFor } from "./stripe-loader.ts";

export interface StripeCheckoutProps {
  publishableKey: string;
  checkoutId: string;
  totalPrice: number;
  totalCents: number;
  currency: string;
  signedIn: boolean;
  savedCards: SavedCardOption[];
  problem: string | null;
  /** A payment was refused recently: each attempt carries a bot-check answer. */
  botCheckRequired?: boolean;
  /** Where the shopper goes once the order is placed (the order page). */
  onPlaced: (statusUrl: string) => void;
}

interface CompleteAnswer {
  order?: { statusUrl: string };
  error?: string;
  requiresAction?: { clientSecret: string; paymentIntentId: string };
}

/** Places the order through the store's API; the same key for retries of one press of the button. */
export async function completeCheckout(
  checkoutId: string,
  body: Record<string, unknown>,
): Promise<{ status: number; answer: CompleteAnswer }> {
  const response = await fetch(`/api/checkouts/${encodeURIComponent(checkoutId)}/complete`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", "idempotency-key": crypto.randomUUID() },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as CompleteAnswer;
  return { status: response.status, answer };
}

function PaymentFields(props: StripeCheckoutProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [method, setMethod] = useState(props.savedCards[0] ? `saved:${props.savedCards[0].id}` : "card");
  const [saveCard, setSaveCard] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [needsBotCheck, setNeedsBotCheck] = useState(props.botCheckRequired === true);

  /** One call to place the order; after a refusal each call carries a fresh bot-check answer. */
  async function attempt(body: Record<string, unknown>, withBotCheck: boolean) {
    const token = withBotCheck ? await (await import("../account/bot-token.ts")).getBotToken("checkout") : undefined;
    const result = await completeCheckout(props.checkoutId, token ? { ...body, token } : body);
    // Asked for the bot check this page did not know about: once more with it.
    if (result.status === 400 && !withBotCheck && /bot check/i.test(result.answer.error ?? "")) {
      setNeedsBotCheck(true);
      return attempt(body, true);
    }
    if (result.status === 402 && !result.answer.requiresAction) setNeedsBotCheck(true);
    return result;
  }

  async function place(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setError(null);
    try {
      let payment: Record<string, unknown>;
      if (method.startsWith("saved:")) {
        payment = { paymentMethodId: Number(method.slice("saved:".length)) };
      } else {
        const submitted = await elements.submit();
        if (submitted.error) throw new Error(submitted.error.message ?? "Please check your card details.");
        const created = await stripe.createPaymentMethod({ elements });
        if (created.error || !created.paymentMethod) {
          throw new Error(created.error?.message ?? "Your card could not be read. Please check it.");
        }
        payment = { paymentToken: created.paymentMethod.id, ...(saveCard ? { saveCard: true } : {}) };
      }
      const expectedTotal = props.totalPrice;
      let { status, answer } = await attempt({ ...payment, expectedTotal }, needsBotCheck);
      if (status === 402 && answer.requiresAction) {
        const confirmed = await stripe.handleNextAction({ clientSecret: answer.requiresAction.clientSecret });
        if (confirmed.error) throw new Error(confirmed.error.message ?? "Your bank did not confirm the payment.");
        ({ status, answer } = await attempt(
          {
            paymentIntentId: answer.requiresAction.paymentIntentId,
            expectedTotal,
            ...(saveCard && !method.startsWith("saved:") ? { saveCard: true } : {}),
          },
          needsBotCheck,
        ));
      }
      if (status === 200 && answer.order) {
        props.onPlaced(`${answer.order.statusUrl}?placed=1`);
        return;
      }
      throw new Error(answer.error ?? "Your order could not be placed. Please try again.");
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={place} className="mt-4 space-y-4" data-testid="stripe-payment-form">
      {props.savedCards.length > 0 ? (
        <SavedCardChoice cards={props.savedCards} method={method} onChange={setMethod} />
      ) : null}
      <div hidden={method !== "card"} className="space-y-3">
        <PaymentElement options={{ layout: "tabs" }} />
        {props.signedIn ? (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="saveCard"
              className="size-4"
              checked={saveCard}
              onChange={(event) => setSaveCard(event.target.checked)}
            />{" "}
            Save this card to my wallet
          </label>
        ) : null}
      </div>
      {needsBotCheck ? (
        <Notice tone="info">
          For your security, a quick bot check runs in your browser when you place the order again.
        </Notice>
      ) : null}
      {error ? <Notice tone="danger">{error}</Notice> : null}
      {props.problem && props.problem !== error ? <Notice tone="danger">{props.problem}</Notice> : null}
      <p className="text-sm text-muted">
        By placing your order you agree to pay {formatMoney(props.totalPrice, props.currency)}. Your card is charged
        when you place the order.
      </p>
      <BusyButton busy={busy} busyLabel="Placing your order..." className="btn-primary w-full text-lg">
        <Lock aria-hidden="true" size={18} /> Place Order &middot; {formatMoney(props.totalPrice, props.currency)}
      </BusyButton>
    </form>
  );
}

export default function StripeCheckout(props: StripeCheckoutProps) {
  return (
    <Elements
      stripe={stripeFor(props.publishableKey)}
      options={{
        mode: "payment",
        amount: props.totalCents,
        currency: props.currency.toLowerCase(),
        captureMethod: "manual",
        paymentMethodCreation: "manual",
        allowedPaymentMethodTypes: ["card"],
      }}
    >
      <PaymentFields {...props} />
    </Elements>
  );
}
