// The phone's offcanvas sidebar: the
// same filters as the desktop sidebar, plus five price ranges of the list's highest price. Radix Dialog
// traps focus, closes on Escape and returns focus to the button. Loaded on the first open (see
// lazy-filter-drawer.tsx): most visits never open it, and desktops never do.
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { formatMoney } from "../../../shared/money.ts";
import { useReturnFocus } from "../../lib/use-return-focus.ts";
import { FilterSidebar, type FilterSidebarProps } from "./filter-sidebar.tsx";
import { shopByPriceRanges } from "./listing-query.ts";

export interface FilterDrawerProps extends FilterSidebarProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The number of matches, for the close button ('Show 24 results'). */
  total: number;
  loading: boolean;
  /** Extra blocks at the top of the drawer (the category tree on category pages). */
  children?: ReactNode;
}

export function FilterDrawer({ open, onOpenChange, total, loading, children, ...sidebar }: FilterDrawerProps) {
  const ranges = shopByPriceRanges(sidebar.listing.productMaxPrice);
  const returnFocus = useReturnFocus();
  const { minPrice, maxPrice } = sidebar.query;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-(--z-modal) bg-water-950/50" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-(--z-modal) flex w-[min(22rem,88vw)] flex-col bg-white shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-line px-4 py-2">
            <Dialog.Title className="text-lg font-bold text-water-900">Filter &amp; Sort</Dialog.Title>
            <Dialog.Close className="-mr-2 flex size-11 items-center justify-center rounded text-muted hover:bg-surface hover:text-ink">
              <X aria-hidden="true" size={20} />
              <span className="sr-only">Close filters</span>
            </Dialog.Close>
          </div>
          <div className="flex-1 space-y-6 overflow-y-auto px-4 py-4">
            {children}
            {ranges.length > 0 ? (
              <section aria-labelledby="shop-by-price">
                <h3 id="shop-by-price" className="mb-2 text-xs font-bold tracking-wider text-water-900 uppercase">
                  SHOP BY PRICE
                </h3>
                <ul className="flex flex-col gap-1">
                  {ranges.map((range) => {
                    const active = minPrice === range.min && maxPrice === range.max;
                    return (
                      <li key={range.min}>
                        <button
                          type="button"
                          aria-pressed={active}
                          onClick={() =>
                            sidebar.onChange(
                              active
                                ? { minPrice: null, maxPrice: null }
                                : { minPrice: range.min.toFixed(2), maxPrice: range.max.toFixed(2) },
                            )
                          }
                          className={`tabular flex min-h-11 w-full items-center rounded-md border px-3 text-left text-sm ${
                            active
                              ? "border-water-900 bg-water-900 text-white"
                              : "border-line text-ink hover:bg-surface"
                          }`}
                        >
                          {formatMoney(range.min, sidebar.currency)} - {formatMoney(range.max, sidebar.currency)}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </section>
            ) : null}
            <FilterSidebar {...sidebar} />
          </div>
          <div className="border-t border-line p-4">
            <Dialog.Close className="btn-primary w-full">
              {loading ? "Updating..." : `Show ${total} ${total === 1 ? "result" : "results"}`}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
