// The bar above the product table when rows are selected: publish, unpublish, change prices (percent or
// amount), set stock and delete, each confirmed in a dialog that says what will happen before it happens.
import { useId, useState } from "react";
import type { BulkAction } from "../../../../shared/admin/catalog.ts";
import { adminApi } from "../ui/admin-api.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { toast } from "../ui/toast.ts";

type Kind = BulkAction["action"];

const TITLES: Record<Kind, string> = {
  publish: "Publish products",
  unpublish: "Unpublish products",
  price: "Change prices",
  stock: "Set stock",
  delete: "Delete products",
};

export function BulkActions({
  selectedIds,
  canSetStock,
  onDone,
}: {
  selectedIds: number[];
  canSetStock: boolean;
  onDone: () => void;
}) {
  const [open, setOpen] = useState<Kind | null>(null);
  const [mode, setMode] = useState<"percent" | "amount">("percent");
  const [value, setValue] = useState("");
  const [stock, setStock] = useState("");
  const [inputError, setInputError] = useState<string | null>(null);
  const id = useId();
  const count = selectedIds.length;
  const noun = count === 1 ? "product" : "products";
  if (count === 0)
    return (
      <p className="mb-3 text-sm text-muted">
        Select products to publish, unpublish, reprice, restock or delete them together.
      </p>
    );

  async function run(kind: Kind) {
    let body: BulkAction;
    if (kind === "price") {
      const number = Number(value);
      if (!value.trim() || !Number.isFinite(number) || number === 0) {
        setInputError("Enter a change such as 10 or -5 (not 0).");
        throw new Error("Enter a change such as 10 or -5 (not 0).");
      }
      body = { action: "price", productIds: selectedIds, mode, value: number };
    } else if (kind === "stock") {
      const number = Number(stock);
      if (!stock.trim() || !Number.isInteger(number) || number < 0) {
        setInputError("Enter a whole number of units, 0 or more.");
        throw new Error("Enter a whole number of units, 0 or more.");
      }
      body = { action: "stock", productIds: selectedIds, stock: number };
    } else {
      body = { action: kind, productIds: selectedIds };
    }
    const { result } = await adminApi<{ result: { changed: number[]; unchanged: number[] } }>(
      "/api/admin/products/bulk",
      {
        method: "POST",
        body,
      },
    );
    const changed = result.changed.length;
    if (kind === "delete") toast.success(`Deleted ${changed} ${changed === 1 ? "product" : "products"}.`);
    else
      toast.success(
        `${TITLES[kind]}: ${changed} ${changed === 1 ? "product" : "products"} changed${result.unchanged.length ? `, ${result.unchanged.length} already as asked` : ""}.`,
      );
    onDone();
  }

  function explain(kind: Kind): string {
    switch (kind) {
      case "publish":
        return `The ${count} selected ${noun} will show in the store (search, category pages and their own pages) at once.`;
      case "unpublish":
        return `The ${count} selected ${noun} will be hidden from shoppers at once. Their pages answer "not found" until published again.`;
      case "price":
        return `Every variant of the ${count} selected ${noun} gets the new price, rounded to the cent. A compare-at price the new price reaches is removed.`;
      case "stock":
        return `Every variant of the ${count} selected ${noun} gets this stock. Each change is kept in the variant's stock history as a bulk set.`;
      case "delete":
        return `The ${count} selected ${noun} will be deleted for good, with their variants, stock, images and reviews, and removed from shoppers' carts. Orders keep their lines as sold. To only hide a product, unpublish it instead.`;
    }
  }

  return (
    <section
      className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-aqua-500 bg-aqua-100/40 px-3 py-2"
      aria-label="Bulk actions"
    >
      <p className="mr-2 font-semibold">
        {count} {noun} selected
      </p>
      <button type="button" className="btn-secondary min-h-9 px-3" onClick={() => setOpen("publish")}>
        Publish
      </button>
      <button type="button" className="btn-secondary min-h-9 px-3" onClick={() => setOpen("unpublish")}>
        Unpublish
      </button>
      <button type="button" className="btn-secondary min-h-9 px-3" onClick={() => setOpen("price")}>
        Change price
      </button>
      {canSetStock ? (
        <button type="button" className="btn-secondary min-h-9 px-3" onClick={() => setOpen("stock")}>
          Set stock
        </button>
      ) : null}
      <button
        type="button"
        className="inline-flex min-h-9 items-center justify-center gap-2 rounded-md border border-sale bg-white px-3 font-semibold text-sale hover:bg-red-50"
        onClick={() => setOpen("delete")}
      >
        Delete
      </button>
      {(["publish", "unpublish", "price", "stock", "delete"] as const).map((kind) => (
        <ConfirmDialog
          key={kind}
          open={open === kind}
          onOpenChange={(next) => {
            setOpen(next ? kind : null);
            setInputError(null);
          }}
          title={TITLES[kind]}
          description={explain(kind)}
          confirmLabel={`${TITLES[kind]} (${count})`}
          busyLabel={kind === "delete" ? "Deleting..." : undefined}
          danger={kind === "delete"}
          onConfirm={() => run(kind)}
        >
          {kind === "price" ? (
            <fieldset className="mb-2 space-y-3">
              <legend className="mb-1 text-sm font-semibold">Change by</legend>
              <div className="flex gap-4">
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-mode`}
                    checked={mode === "percent"}
                    onChange={() => setMode("percent")}
                    className="size-5 accent-aqua-600"
                  />
                  Percent
                </label>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-mode`}
                    checked={mode === "amount"}
                    onChange={() => setMode("amount")}
                    className="size-5 accent-aqua-600"
                  />
                  Amount
                </label>
              </div>
              <label htmlFor={`${id}-value`} className="block text-sm font-semibold">
                {mode === "percent"
                  ? "Percent (10 raises by 10 %, -15 lowers by 15 %)"
                  : "Amount (5 adds 5.00, -2.50 takes 2.50 off)"}
              </label>
              <input
                id={`${id}-value`}
                inputMode="decimal"
                value={value}
                onChange={(event) => setValue(event.target.value)}
                aria-invalid={inputError ? true : undefined}
                className="min-h-11 w-40 rounded-md border border-line px-3 tabular"
              />
            </fieldset>
          ) : null}
          {kind === "stock" ? (
            <div className="mb-2">
              <label htmlFor={`${id}-stock`} className="block text-sm font-semibold">
                Units in stock for every variant
              </label>
              <input
                id={`${id}-stock`}
                inputMode="numeric"
                value={stock}
                onChange={(event) => setStock(event.target.value)}
                aria-invalid={inputError ? true : undefined}
                className="min-h-11 w-40 rounded-md border border-line px-3 tabular"
              />
            </div>
          ) : null}
        </ConfirmDialog>
      ))}
    </section>
  );
}
