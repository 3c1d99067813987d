// Chooses the products a discount code is limited to: the store's own search finds them (part numbers
// too); the chosen ones are listed with a remove button each.
import { Search, X } from "lucide-react";
import { useEffect, useId, useState } from "react";

export interface PickedProduct {
  id: number;
  title: string;
}

export function ProductPicker({
  value,
  onChange,
  error,
}: {
  value: PickedProduct[];
  onChange: (next: PickedProduct[]) => void;
  error?: string;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [found, setFound] = useState<PickedProduct[]>([]);
  const [status, setStatus] = useState<"idle" | "loading" | "error">("idle");
  useEffect(() => {
    const query = text.trim();
    if (query.length < 2) {
      setFound([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus("loading");
      fetch(`/api/products/filter?q=${encodeURIComponent(query)}&limit=8`, {
        headers: { accept: "application/json" },
        signal: controller.signal,
      })
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
        .then((body: { products?: { id: number; title: string }[] }) => {
          setFound((body.products ?? []).map((product) => ({ id: product.id, title: product.title })));
          setStatus("idle");
        })
        .catch(() => {
          if (!controller.signal.aborted) setStatus("error");
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  const chosen = new Set(value.map((product) => product.id));
  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-search`} className="block text-sm font-semibold text-ink">
        Products
        <span aria-hidden="true" className="text-sale">
          {" "}
          *
        </span>
      </label>
      <div className="relative">
        <Search aria-hidden="true" size={16} className="absolute top-1/2 left-3 -translate-y-1/2 text-muted" />
        <input
          id={`${id}-search`}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search by name or part number"
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
          className={`min-h-11 w-full rounded-md border bg-white pr-3 pl-9 ${error ? "border-sale" : "border-line"}`}
        />
      </div>
      {status === "error" ? <p className="text-sm text-sale">The search did not answer. Try again.</p> : null}
      {found.length > 0 ? (
        <ul
          aria-label="Search results"
          className="max-h-64 divide-y divide-line overflow-y-auto rounded-md border border-line"
        >
          {found.map((product) => (
            <li key={product.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span>{product.title}</span>
              <button
                type="button"
                className="btn-secondary min-h-9 px-3"
                disabled={chosen.has(product.id)}
                onClick={() => onChange([...value, product])}
              >
                {chosen.has(product.id) ? "Added" : "Add"}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {value.length > 0 ? (
        <ul aria-label="Chosen products" className="flex flex-wrap gap-2">
          {value.map((product) => (
            <li key={product.id} className="flex items-center gap-1 rounded-full bg-surface py-1 pr-1 pl-3 text-sm">
              {product.title}
              <button
                type="button"
                className="flex size-8 items-center justify-center rounded-full hover:bg-line"
                onClick={() => onChange(value.filter((other) => other.id !== product.id))}
              >
                <X aria-hidden="true" size={14} />
                <span className="sr-only">Remove {product.title}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No products chosen yet.</p>
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}
