import { SlidersHorizontal } from "lucide-react";

/** Opens the phone's Filter & Sort drawer; hidden on desktops, where the sidebar is always shown. */
export function FilterDrawerButton({ onClick, activeCount }: { onClick: () => void; activeCount: number }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-h-11 items-center gap-2 rounded-md border border-water-800 bg-white px-4 font-semibold text-water-900 desk:hidden"
    >
      <SlidersHorizontal aria-hidden="true" size={18} />
      Filter &amp; Sort
      {activeCount > 0 ? (
        <span className="tabular rounded-full bg-water-900 px-2 text-xs leading-5 text-white">{activeCount}</span>
      ) : null}
    </button>
  );
}
