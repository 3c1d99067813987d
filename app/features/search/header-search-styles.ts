// The look of the header search box, shared by the server-rendered form and the combobox that
// replaces it, so the swap is invisible.
export const searchGroupClass = "relative flex w-full min-w-0";
export const searchInputClass =
  "min-h-11 w-full min-w-0 rounded-l-md border-0 bg-white py-2 pl-4 pr-10 text-base text-ink placeholder:text-muted focus:outline-none focus-visible:ring-3 focus-visible:ring-aqua-500 [&::-webkit-search-cancel-button]:hidden";
export const searchButtonClass =
  "flex min-h-11 min-w-12 shrink-0 items-center justify-center rounded-r-md bg-action-600 px-4 font-semibold text-white hover:bg-action-500";
export const SEARCH_PLACEHOLDER = "Enter Keyword or Part Number...";
export const SEARCH_LABEL = "Search by keyword or part number";
