// After a refused payment the store asks for the bot check before the card is tried again (card testing).
// The Place Order form then gets a bot-check answer on submit, as the account forms do, and sends it
// along as `botToken`; the shopper sees why the extra moment is taken.
import { useState } from "react";
import { useSubmit } from "react-router";
import { Notice } from "../../components/ui/notice.tsx";

export function usePaymentBotCheck(required: boolean) {
  const submit = useSubmit();
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!required) return;
    event.preventDefault();
    const form = event.currentTarget;
    setError(null);
    setChecking(true);
    try {
      const { getBotToken } = await import("../account/bot-token.ts");
      const data = new FormData(form);
      data.set("botToken", await getBotToken("checkout"));
      await submit(data, { method: "post" });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setChecking(false);
    }
  }

  const notice = required ? (
    <>
      <Notice tone="info">
        <span data-testid="payment-bot-check">
          For your security, a quick bot check runs in your browser when you place the order again.
        </span>
      </Notice>
      {error ? <Notice tone="danger">{error}</Notice> : null}
    </>
  ) : null;
  return { onSubmit, checking, notice };
}
