// The product page's equipment block: "Fits these models" grouped by brand and series (folded after
// 10), and "Does it fit my equipment?": yes, no or not listed for a typed model number.
import { CircleCheck, CircleHelp, CircleX } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { apiJson, messageOf } from "../account/account-api.ts";

export interface FitsModel {
  handle: string;
  title: string;
  brand: string;
  series: string;
  modelNumber: string;
}

const FOLD_AFTER = 10;

function grouped(models: readonly FitsModel[]) {
  const groups = new Map<string, { brand: string; series: string; models: FitsModel[] }>();
  for (const model of models) {
    const key = `${model.brand}\u0000${model.series}`;
    const group = groups.get(key) ?? { brand: model.brand, series: model.series, models: [] };
    group.models.push(model);
    groups.set(key, group);
  }
  return [...groups.values()];
}

function ModelGroups({ models }: { models: readonly FitsModel[] }) {
  return (
    <ul className="space-y-2">
      {grouped(models).map((group) => (
        <li key={`${group.brand}-${group.series}`}>
          <span className="font-semibold text-water-900">
            {group.brand} {group.series}:
          </span>{" "}
          {group.models.map((model, i) => (
            <span key={model.handle}>
              {i > 0 ? ", " : ""}
              <Link to={`/equipment/${model.handle}`} className="part-number text-aqua-600 underline">
                {model.modelNumber}
              </Link>
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

type Answer = { fits: "yes" | "no" | "not-listed"; equipment: { title: string; url: string } | null };

export function ProductFits({ productHandle, models }: { productHandle: string; models: readonly FitsModel[] }) {
  const [number, setNumber] = useState("");
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const shown = models.slice(0, FOLD_AFTER);
  const rest = models.slice(FOLD_AFTER);

  async function check(event: React.FormEvent) {
    event.preventDefault();
    if (number.trim() === "") {
      setError("Type the model number from the label.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setAnswer(
        await apiJson<Answer>(
          `/api/products/handle/${encodeURIComponent(productHandle)}/fits?model=${encodeURIComponent(number.trim())}`,
        ),
      );
    } catch (e) {
      setAnswer(null);
      setError(messageOf(e, "We could not check that number. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="fits-heading" className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2">
      <div>
        <h2 id="fits-heading" className="text-xl font-extrabold text-water-900 desk:text-2xl">
          Fits these models
        </h2>
        {models.length === 0 ? (
          <p className="mt-2 text-muted">No equipment diagram lists this part yet. Ask us with your model number.</p>
        ) : (
          <div className="mt-3">
            <ModelGroups models={shown} />
            {rest.length > 0 && (
              <details className="mt-2">
                <summary className="min-h-11 cursor-pointer py-2 font-semibold text-aqua-600">
                  Show {rest.length} more models
                </summary>
                <ModelGroups models={rest} />
              </details>
            )}
          </div>
        )}
      </div>
      <form onSubmit={check} className="rounded-lg border border-line bg-surface p-4" noValidate>
        <h2 className="text-lg font-bold text-water-900">Does it fit my equipment?</h2>
        <label htmlFor={id} className="mt-2 block text-sm text-muted">
          Model number from the label
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={id}
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            placeholder="e.g. SP2610X15"
            maxLength={100}
            autoComplete="off"
            className="part-number min-h-11 w-full flex-1 rounded-md border border-line bg-white px-3"
          />
          <button type="submit" className="btn-secondary" disabled={busy}>
            Check
          </button>
        </div>
        <div aria-live="polite" className="mt-2 min-h-6">
          {error && <p className="text-sale">{error}</p>}
          {answer?.fits === "yes" && answer.equipment && (
            <p className="flex items-center gap-2 font-semibold text-stock">
              <CircleCheck aria-hidden="true" className="size-5" /> Yes, it fits the{" "}
              <Link to={answer.equipment.url} className="underline">
                {answer.equipment.title}
              </Link>
              .
            </p>
          )}
          {answer?.fits === "no" && answer.equipment && (
            <p className="flex flex-wrap items-center gap-2 font-semibold text-sale">
              <CircleX aria-hidden="true" className="size-5" /> No, the {answer.equipment.title} takes another part.{" "}
              <Link to={answer.equipment.url} className="text-aqua-600 underline">
                See its parts
              </Link>
            </p>
          )}
          {answer?.fits === "not-listed" && (
            <p className="flex items-center gap-2 text-water-900">
              <CircleHelp aria-hidden="true" className="size-5" /> Not listed: we have no diagram for that number. Call
              us and we will check.
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
