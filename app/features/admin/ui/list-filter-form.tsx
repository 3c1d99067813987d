// The search row above a back-office list: a text search (`q`) and one choice (a status, a kind of
// account), sent as a GET so the list's address keeps them; both start from the address's values.
import { Form, useSearchParams } from "react-router";

interface ListFilterFormProps {
  /** The text box: its id and label ("Name or e-mail"). */
  search: { id: string; label: string };
  /** The choice: its id, URL parameter and label, and its options (value, label), the first one meaning "all". */
  choice: { id: string; name: string; label: string; options: readonly (readonly [string, string])[] };
  submitLabel: string;
}

export function ListFilterForm({ search, choice, submitLabel }: ListFilterFormProps) {
  const [params] = useSearchParams();
  return (
    <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={search.id} className="mb-1 block text-sm font-semibold text-ink">
          {search.label}
        </label>
        <input
          id={search.id}
          name="q"
          type="search"
          defaultValue={params.get("q") ?? ""}
          className="min-h-10 w-72 max-w-full rounded-md border border-line bg-white px-3 text-sm"
        />
      </div>
      <div>
        <label htmlFor={choice.id} className="mb-1 block text-sm font-semibold text-ink">
          {choice.label}
        </label>
        <select
          id={choice.id}
          name={choice.name}
          defaultValue={params.get(choice.name) ?? choice.options[0]?.[0]}
          className="min-h-10 rounded-md border border-line bg-white px-3 text-sm"
        >
          {choice.options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary min-h-10">
        {submitLabel}
      </button>
    </Form>
  );
}
