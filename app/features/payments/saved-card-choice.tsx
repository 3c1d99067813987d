// "Pay with": the shopper's saved cards and "A new card", as radio buttons named paymentMethod
// (`saved:{id}` or `card`). Shared by the test gateway's form and Stripe's.

export interface SavedCardOption {
  id: number;
  brand: string;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}

const OPTION_CLASS =
  "flex cursor-pointer items-center gap-3 rounded-md border border-line bg-white p-3 has-checked:border-aqua-500";

export function SavedCardChoice({
  cards,
  method,
  onChange,
}: {
  cards: readonly SavedCardOption[];
  method: string;
  onChange: (method: string) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-semibold text-ink">Pay with</legend>
      {cards.map((card) => (
        <label key={card.id} className={OPTION_CLASS}>
          <input
            type="radio"
            name="paymentMethod"
            value={`saved:${card.id}`}
            checked={method === `saved:${card.id}`}
            onChange={() => onChange(`saved:${card.id}`)}
            className="size-4"
          />
          <span className="text-sm">
            <span className="font-semibold capitalize">{card.brand.replace("_", " ")}</span> ending in {card.last4}
            {card.expMonth && card.expYear ? ` (expires ${card.expMonth}/${card.expYear})` : ""}
          </span>
        </label>
      ))}
      <label className={OPTION_CLASS}>
        <input
          type="radio"
          name="paymentMethod"
          value="card"
          checked={method === "card"}
          onChange={() => onChange("card")}
          className="size-4"
        />
        <span className="text-sm font-semibold">A new card</span>
      </label>
    </fieldset>
  );
}
