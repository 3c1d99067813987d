// The header search's dropdown, as both the browser's box and the product API know it. A module of its own:
// the box is in every page's first load, which must not carry the query parser (and zod) with it.

/** The header search's dropdown lists at most this many products (and categories). */
export const HEADER_DROPDOWN_LIMIT = 4;
