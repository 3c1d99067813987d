// Checkout step 2: the shipping method, one radio per rate the address can be shipped with.
import { Form } from "react-router";
import { formatMoney } from "../../../shared/money.ts";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import type { CheckoutPageData } from "./checkout-data.server.ts";
import type { CheckoutAnswer } from "./checkout-forms.ts";

export function ShippingForm({
  page,
  answer,
  busy,
}: {
  page: CheckoutPageData;
  answer: CheckoutAnswer | undefined;
  busy: boolean;
}) {
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
