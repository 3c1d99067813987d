// Pending / Approved / Rejected tabs over a moderation list, each with its count; a search box beside them.
import { Form, Link, useSearchParams } from "react-router";

const STATUSES = [
  { value: "pending", label: "Waiting" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
] as const;

export function StatusTabs({
  counts,
  searchLabel,
}: {
  counts: Record<"pending" | "approved" | "rejected", number>;
  searchLabel: string;
}) {
  const [params] = useSearchParams();
  const status = params.get("status") ?? "pending";
  const q = params.get("q") ?? "";
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <nav aria-label="Status" className="flex flex-wrap gap-1 rounded-lg border border-line bg-white p-1">
        {STATUSES.map((tab) => {
          const next = new URLSearchParams();
          next.set("status", tab.value);
          if (q) next.set("q", q);
          const current = tab.value === status;
          return (
            <Link
              key={tab.value}
              to={`?${next}`}
              aria-current={current ? "page" : undefined}
              className={`flex min-h-10 items-center gap-2 rounded-md px-3 text-sm font-semibold ${
                current ? "bg-water-900 text-white" : "text-water-900 hover:bg-surface"
              }`}
            >
              {tab.label}
              <span
                className={`tabular rounded-full px-2 text-xs ${current ? "bg-white/20" : "bg-surface text-muted"}`}
              >
                {counts[tab.value]}
              </span>
            </Link>
          );
        })}
      </nav>
      <Form method="get" role="search" className="flex w-full gap-2 sm:w-auto">
        <input type="hidden" name="status" value={status} />
        <label htmlFor="moderation-search" className="sr-only">
          {searchLabel}
        </label>
        <input
          id="moderation-search"
          name="q"
          type="search"
          defaultValue={q}
          placeholder={searchLabel}
          className="min-h-10 min-w-0 flex-1 rounded-md border border-line bg-white px-3 text-sm sm:w-64 sm:flex-none"
        />
        <button type="submit" className="btn-secondary min-h-10 shrink-0">
          Search
        </button>
      </Form>
    </div>
  );
}
