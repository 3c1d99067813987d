// /admin/stock: variants running low (at or below their threshold, or the store's) or found by SKU or
// product; choose one to adjust its stock with a reason and see its history (who, when, how much, why,
// and what was left).
import { useId, useState } from "react";
import { Form, Link, useRevalidator, useSearchParams } from "react-router";
import { STOCK_REASON_LABELS, STOCK_REASONS, stockAdjustmentSchema } from "../../../shared/admin/catalog.ts";
import { requireStaffPage, staffCan } from "../../features/admin/admin-session.server.ts";
import {
  findStockVariant,
  listStockVariants,
  stockHistory,
} from "../../features/admin/catalog/catalog-admin.server.ts";
import { adminApi, messageOf } from "../../features/admin/ui/admin-api.ts";
import { PageHeader, Panel } from "../../features/admin/ui/page-header.tsx";
import { RecordSidebar } from "../../features/admin/ui/record-sidebar.tsx";
import { Notice, toast } from "../../features/admin/ui/toast.ts";
import type { Route } from "./+types/stock";

export async function loader(args: Route.LoaderArgs) {
  const { staff, services } = requireStaffPage(args, "catalog:read");
  const db = services.database.db;
  const threshold = services.config.store.lowStockThreshold;
  const url = new URL(args.request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const variantId = Number(url.searchParams.get("variant")) || null;
  const [variants, selected] = await Promise.all([
    listStockVariants(db, { storeThreshold: threshold, lowOnly: q === "", search: q || undefined, limit: 200 }),
    variantId
      ? Promise.all([findStockVariant(db, variantId, threshold), stockHistory(db, variantId)]).catch(() => null)
      : null,
  ]);
  return {
    q,
    variants,
    threshold,
    selected: selected ? { variant: selected[0], history: selected[1] } : null,
    canAdjust: staffCan(staff, "stock:write"),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Stock | Back office" }];

export default function StockPage({ loaderData }: Route.ComponentProps) {
  const { q, variants, threshold, selected, canAdjust } = loaderData;
  const [params] = useSearchParams();
  const link = (variantId: number) => {
    const copy = new URLSearchParams(params);
    copy.set("variant", String(variantId));
    return `?${copy.toString()}`;
  };
  return (
    <div>
      <PageHeader
        title="Stock"
        description={
          q
            ? `Variants matching "${q}".`
            : `Variants at or below their low-stock threshold (the store's is ${threshold}), lowest first. Variants on backorder are left out.`
        }
      />
      <Form method="get" role="search" aria-label="Find a variant" className="mb-4 flex flex-wrap gap-2">
        <label htmlFor="stock-search" className="sr-only">
          SKU or product
        </label>
        <input
          id="stock-search"
          type="search"
          name="q"
          defaultValue={q}
          placeholder="SKU or product title"
          className="min-h-11 min-w-0 flex-1 rounded-md border border-line bg-white px-3 sm:max-w-md"
        />
        <button type="submit" className="btn-secondary">
          Find
        </button>
        {q ? (
          <Link to="/admin/stock" className="btn-secondary">
            Low stock
          </Link>
        ) : null}
      </Form>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="overflow-x-auto rounded-lg border border-line bg-white shadow-sm">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{q ? "Variants found" : "Low stock"}</caption>
            <thead className="border-b border-line bg-surface text-xs font-semibold text-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Product
                </th>
                <th scope="col" className="px-3 py-2">
                  SKU
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Stock
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Low at
                </th>
              </tr>
            </thead>
            <tbody>
              {variants.length === 0 ? (
                <tr>
                  <td colSpan={4} className="px-3 py-8 text-center text-muted">
                    {q ? "No variant matches. Try part of the SKU or a word of the title." : "Nothing is running low."}
                  </td>
                </tr>
              ) : null}
              {variants.map((variant) => (
                <tr
                  key={variant.variantId}
                  className={`border-b border-line last:border-b-0 ${selected?.variant.variantId === variant.variantId ? "bg-aqua-100/40" : ""}`}
                >
                  <td className="px-3 py-2">
                    <Link to={link(variant.variantId)} className="font-semibold text-aqua-600 hover:underline">
                      {variant.productTitle}
                    </Link>
                    {variant.variantTitle !== "Default Title" ? (
                      <p className="text-xs text-muted">{variant.variantTitle}</p>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 font-mono">{variant.sku}</td>
                  <td
                    className={`px-3 py-2 text-right tabular font-semibold ${variant.stock <= 0 ? "text-sale" : variant.stock <= variant.threshold ? "text-amber-800" : ""}`}
                  >
                    {variant.stock}
                    {variant.backorder ? (
                      <span className="ml-1 text-xs font-normal text-muted">(backorder)</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 text-right tabular text-muted">{variant.threshold}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <RecordSidebar open={Boolean(selected)} hint="Choose a variant to adjust its stock and see its history.">
          {selected ? (
            <VariantStock key={selected.variant.variantId} selected={selected} canAdjust={canAdjust} />
          ) : null}
        </RecordSidebar>
      </div>
    </div>
  );
}

type Selected = NonNullable<Route.ComponentProps["loaderData"]["selected"]>;

function VariantStock({ selected, canAdjust }: { selected: Selected; canAdjust: boolean }) {
  const { variant, history } = selected;
  const revalidator = useRevalidator();
  const id = useId();
  const [delta, setDelta] = useState("");
  const [reason, setReason] = useState<(typeof STOCK_REASONS)[number]>("received");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const input = {
      variantId: variant.variantId,
      delta: delta.trim() === "" ? Number.NaN : Number(delta),
      reason,
      note,
    };
    const parsed = stockAdjustmentSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "delta"), issue.message])),
      );
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await adminApi("/api/admin/stock/adjustments", { method: "POST", body: parsed.data });
      toast.success("Stock adjusted.");
      setDelta("");
      setNote("");
      revalidator.revalidate();
    } catch (error) {
      setFailure(messageOf(error, "The stock was not adjusted."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <Panel title={variant.productTitle}>
        <p className="text-sm text-muted">
          {variant.variantTitle !== "Default Title" ? `${variant.variantTitle} · ` : ""}
          <span className="font-mono">{variant.sku}</span> ·{" "}
          <Link to={`/admin/products/${variant.productId}`} className="text-aqua-600 hover:underline">
            Edit product
          </Link>
        </p>
        <p className="mt-2 text-3xl font-bold tabular text-water-900">
          {variant.stock} <span className="text-base font-normal text-muted">in stock</span>
        </p>
        {canAdjust ? (
          <form onSubmit={submit} noValidate className="mt-4 space-y-3" aria-label="Adjust stock">
            {failure ? <Notice tone="danger">{failure}</Notice> : null}
            <div>
              <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-semibold">
                Reason
              </label>
              <select
                id={`${id}-reason`}
                value={reason}
                onChange={(event) => setReason(event.target.value as (typeof STOCK_REASONS)[number])}
                className="min-h-11 w-full rounded-md border border-line bg-white px-3"
              >
                {STOCK_REASONS.map((value) => (
                  <option key={value} value={value}>
                    {STOCK_REASON_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-delta`} className="mb-1 block text-sm font-semibold">
                Change (units)
              </label>
              <input
                id={`${id}-delta`}
                inputMode="numeric"
                value={delta}
                onChange={(event) => setDelta(event.target.value)}
                placeholder={reason === "damaged" ? "-2" : "12"}
                aria-invalid={errors.delta ? true : undefined}
                aria-describedby={`${id}-delta-hint${errors.delta ? ` ${id}-delta-error` : ""}`}
                className="min-h-11 w-full rounded-md border border-line px-3 tabular aria-invalid:border-sale"
              />
              <p id={`${id}-delta-hint`} className="mt-1 text-sm text-muted">
                Positive adds units, negative takes them away.
              </p>
              {errors.delta ? (
                <p id={`${id}-delta-error`} className="mt-1 text-sm font-medium text-sale">
                  {errors.delta}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor={`${id}-note`} className="mb-1 block text-sm font-semibold">
                Note{reason === "other" ? " (required)" : ""}
              </label>
              <input
                id={`${id}-note`}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                maxLength={500}
                aria-invalid={errors.note ? true : undefined}
                className="min-h-11 w-full rounded-md border border-line px-3 aria-invalid:border-sale"
              />
              {errors.note ? <p className="mt-1 text-sm font-medium text-sale">{errors.note}</p> : null}
            </div>
            <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy || undefined}>
              {busy ? "Saving..." : "Adjust stock"}
            </button>
          </form>
        ) : (
          <p className="mt-3 text-sm text-muted">Your role can see stock but not change it.</p>
        )}
      </Panel>
      <Panel title="History">
        {history.length === 0 ? (
          <p className="text-muted">No adjustments yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">Stock history</caption>
              <thead className="text-xs font-semibold text-muted uppercase">
                <tr>
                  <th scope="col" className="py-1 pr-2">
                    When
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    Who
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    Reason
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    Change
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Left
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.map((row) => (
                  <tr key={row.id} className="border-t border-line align-top">
                    <td className="py-1 pr-2 whitespace-nowrap tabular">
                      <time dateTime={row.createdAt}>{row.createdAt.slice(0, 16).replace("T", " ")}</time>
                    </td>
                    <td className="py-1 pr-2">{row.staffName ?? "System"}</td>
                    <td className="py-1 pr-2">
                      {STOCK_REASON_LABELS[row.reason as keyof typeof STOCK_REASON_LABELS] ?? row.reason}
                      {row.note ? <p className="text-xs text-muted">{row.note}</p> : null}
                    </td>
                    <td className={`py-1 pr-2 text-right tabular ${row.delta < 0 ? "text-sale" : "text-stock"}`}>
                      {row.delta > 0 ? `+${row.delta}` : row.delta}
                    </td>
                    <td className="py-1 text-right tabular">{row.resultingStock}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </div>
  );
}
