// "Add a card" through Stripe: the store opens a SetupIntent on the customer's Stripe Customer, the card
// is typed into Stripe's Payment Element and confirmed with Stripe, and the store then asks Stripe what
// was saved (brand, last 4, expiry). No card number reaches the store.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { useEffect, useState } from "react";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { apiJson, messageOf } from "../account/account-api.ts";
import { stripeFor } from "./stripe-loader.ts";

export interface StripeAddCardProps {
  publishableKey: string;
  userId: number;
  mailingAddressId: string;
  onAdded: () => void;
  onCancel: () => void;
}

function CardForm(props: StripeAddCardProps & { setupIntentId: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setError(null);
    try {
      const confirmed = await stripe.confirmSetup({
        elements,
        redirect: "if_required",
        confirmParams: { return_url: window.location.href },
      });
      if (confirmed.error) throw new Error(confirmed.error.message ?? "Your card could not be saved.");
      await apiJson(`/api/user/${props.userId}/paymentMethods/setupIntents/${props.setupIntentId}/complete`, {
        method: "POST",
        body: props.mailingAddressId ? { mailingAddressId: Number(props.mailingAddressId) } : {},
      });
      props.onAdded();
    } catch (failure) {
      setError(messageOf(failure, "Your card could not be saved."));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} className="space-y-3">
      {error ? <Notice tone="danger">{error}</Notice> : null}
      <PaymentElement />
      <div className="flex flex-wrap gap-3 pt-1">
        <BusyButton busy={busy} busyLabel="Saving card...">
          Save card
        </BusyButton>
        <button type="button" className="btn-secondary" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export default function StripeAddCard(props: StripeAddCardProps) {
  const [intent, setIntent] = useState<{ clientSecret: string; setupIntentId: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    apiJson<{ clientSecret: string; setupIntentId: string }>(`/api/user/${props.userId}/paymentMethods/setupIntents`, {
      method: "POST",
    })
      .then(setIntent)
      .catch((failure: unknown) => setError(messageOf(failure, "The card form could not be opened.")));
  }, [props.userId]);
  if (error) return <Notice tone="danger">{error}</Notice>;
  if (!intent) return <p className="text-sm text-muted">Opening the secure card form...</p>;
  return (
    <Elements stripe={stripeFor(props.publishableKey)} options={{ clientSecret: intent.clientSecret }}>
      <CardForm {...props} setupIntentId={intent.setupIntentId} />
    </Elements>
  );
}
