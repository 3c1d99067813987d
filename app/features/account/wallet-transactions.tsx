// Wallet tab "Transaction History": a free-text filter on the displayable id, a status
// badge per transaction, the gateway (N/A when missing) and the amount with a $ prefix.
import { useEffect, useId, useMemo, useState } from "react";
import { Notice } from "../../components/ui/notice.tsx";
import { inputClass } from "../../components/ui/text-field.tsx";
import { apiJson, messageOf } from "./account-api.ts";
import type { TransactionView } from "./account-data.server.ts";

const BADGE: Record<string, string> = {
  PENDING: "bg-amber-100 text-amber-900",
  SUCCESS: "bg-green-100 text-green-900",
  FAILURE: "bg-red-100 text-red-900",
};

export function statusBadgeClass(status: string): string {
  return BADGE[status] ?? "bg-slate-800 text-white";
}

export function TransactionsTab({ userId }: { userId: number }) {
  const uid = useId();
  const [transactions, setTransactions] = useState<TransactionView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState("");

  useEffect(() => {
    const controller = new AbortController();
    apiJson<{ transactions: TransactionView[] }>(`/api/user/${userId}/transactions`, { signal: controller.signal })
      .then((answer) => setTransactions(answer.transactions))
      .catch((caught: Error) => {
        if (caught.name === "AbortError") return;
        setTransactions([]);
        setError(messageOf(caught));
      });
    return () => controller.abort();
  }, [userId]);

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (transactions ?? []).filter((transaction) => transaction.displayableId.toLowerCase().includes(needle));
  }, [transactions, filter]);

  return (
    <div>
      {error ? (
        <Notice tone="danger" className="mb-4">
          {error}
        </Notice>
      ) : null}
      <div className="mb-4 max-w-sm">
        <label htmlFor={`${uid}-filter`} className="mb-1 block text-sm font-semibold">
          Filter by transaction ID
        </label>
        <input
          id={`${uid}-filter`}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className={`${inputClass} border-line`}
          autoComplete="off"
        />
      </div>
      {transactions === null ? <p className="text-muted">Loading transactions...</p> : null}
      {transactions !== null && shown.length === 0 ? (
        <p className="text-muted">No transactions for this account.</p>
      ) : null}
      {shown.length > 0 ? (
        <ul className="divide-y divide-line rounded-lg border border-line bg-white" aria-label="Transactions">
          {shown.map((transaction) => (
            <li
              key={transaction.id}
              data-testid="transaction"
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3"
            >
              <span className="part-number font-semibold">{transaction.displayableId}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${statusBadgeClass(transaction.status)}`}>
                {transaction.status}
              </span>
              <span className="text-sm text-muted">{transaction.gateway ?? "N/A"}</span>
              <span className="tabular font-semibold">${transaction.amount.toFixed(2)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
