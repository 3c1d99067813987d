// "My equipment": the saved models with their nicknames (account page, /equipment) and the form that
// saves a model (model page). The "Fits your Backyard pump" badge is in fits-your-badge.tsx.
import { Check, Trash2, Wrench } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { equipmentDisplayName, NICKNAME_MAX } from "../../../shared/saved-equipment.ts";
import { messageOf } from "../account/account-api.ts";
import { removeEquipment, saveEquipment, useSavedEquipment } from "./saved-equipment.ts";

export function MyEquipmentList({
  heading = "My equipment",
  compact = false,
}: {
  heading?: string;
  compact?: boolean;
}) {
  const saved = useSavedEquipment();
  const [error, setError] = useState<string | null>(null);
  if (compact && saved.items.length === 0) return null;
  return (
    <section aria-labelledby="my-equipment" className="mt-8" data-testid="my-equipment">
      <h2 id="my-equipment" className="text-xl font-bold text-water-900">
        {heading}
      </h2>
      {saved.status === "loading" ? (
        <div className="skeleton mt-3 h-16 rounded-lg" aria-hidden="true" />
      ) : saved.items.length === 0 ? (
        <p className="mt-2 text-muted">
          Save your pump, filter or heater from its model page and we will show which parts fit it.{" "}
          <Link to="/equipment" className="text-aqua-600 underline">
            Find your model
          </Link>
        </p>
      ) : (
        <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {saved.items.map((item) => (
            <li key={item.handle} className="flex items-center gap-3 rounded-lg border border-line bg-white p-3">
              <Wrench aria-hidden="true" className="size-5 shrink-0 text-aqua-600" />
              <span className="min-w-0 flex-1">
                <Link to={`/equipment/${item.handle}`} className="block font-semibold text-water-900 hover:underline">
                  {equipmentDisplayName(item)}
                </Link>
                {item.nickname && <span className="block truncate text-sm text-muted">{item.title}</span>}
              </span>
              <button
                type="button"
                className="inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-surface hover:text-sale"
                aria-label={`Remove ${equipmentDisplayName(item)} from my equipment`}
                onClick={() =>
                  removeEquipment(item.handle).catch((e: unknown) => setError(messageOf(e, "Not removed")))
                }
              >
                <Trash2 aria-hidden="true" className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sale">
          {error}
        </p>
      )}
      {saved.status === "guest" && saved.items.length > 0 && (
        <p className="mt-2 text-sm text-muted">Kept in this browser. Sign in to keep them in your account.</p>
      )}
    </section>
  );
}

export function SaveEquipmentForm({
  handle,
  title,
  modelNumber,
}: {
  handle: string;
  title: string;
  modelNumber: string;
}) {
  const saved = useSavedEquipment();
  const current = saved.items.find((i) => i.handle === handle);
  const [nickname, setNickname] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const id = useId();
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      await saveEquipment({ handle, title, modelNumber, nickname: nickname.trim() || current?.nickname || null });
      setMessage("Saved to My equipment.");
      setNickname("");
    } catch (error) {
      setMessage(messageOf(error, "Not saved. Please try again."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      onSubmit={submit}
      className="mt-4 rounded-lg border border-line bg-surface p-3"
      aria-label="Save to My equipment"
    >
      {current ? (
        <p className="flex items-center gap-2 font-semibold text-stock">
          <Check aria-hidden="true" className="size-5" /> In My equipment as "{equipmentDisplayName(current)}"
        </p>
      ) : (
        <p className="font-semibold text-water-900">Is this your model? Save it to see which parts fit.</p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <label htmlFor={id} className="sr-only">
          Nickname (optional)
        </label>
        <input
          id={id}
          value={nickname}
          maxLength={NICKNAME_MAX}
          onChange={(e) => setNickname(e.target.value)}
          placeholder={current ? "New nickname" : 'Nickname, e.g. "Backyard pump"'}
          className="min-h-11 flex-1 rounded-md border border-line bg-white px-3"
        />
        <button type="submit" className="btn-secondary" disabled={busy || saved.status === "loading"}>
          {current ? "Rename" : "Save to My equipment"}
        </button>
      </div>
      <p aria-live="polite" className="mt-1 min-h-5 text-sm text-muted">
        {message}
      </p>
    </form>
  );
}
