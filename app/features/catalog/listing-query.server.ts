// Reading a listing page's URL on the server with the shared rules (shared/catalog-query.ts).
import {
  type CatalogQuery,
  CatalogQueryError,
  normalizeLimit,
  parseCatalogQuery,
  parseTagFilter,
  type RawCatalogQuery,
  type TagFilter,
} from "../../../shared/catalog-query.ts";
import { LISTING_PARAMS } from "./listing-query.ts";

function rawFrom(params: URLSearchParams): RawCatalogQuery {
  const raw: RawCatalogQuery = {};
  for (const name of LISTING_PARAMS) {
    const values = params.getAll(name);
    if (values.length === 1) raw[name] = values[0];
    else if (values.length > 1) raw[name] = values;
  }
  return raw;
}

/**
 * The catalog query of a listing page's URL. Pages never fail on a hand-edited URL: each parameter
 * that the shared parser refuses is dropped (a wrong sortBy becomes the default sort, a bad price no
 * filter). Without a limit the theme's defaultLimitPerPage applies; an unusable limit becomes the
 * median of the allowed sizes.
 */
export function readListingQuery(params: URLSearchParams, defaultLimit: number): CatalogQuery {
  const raw = rawFrom(params);
  if (raw.limit === undefined) raw.limit = String(normalizeLimit(defaultLimit));
  try {
    return parseCatalogQuery(raw);
  } catch (error) {
    if (!(error instanceof CatalogQueryError)) throw error;
  }
  const kept: RawCatalogQuery = {};
  for (const [name, value] of Object.entries(raw)) {
    try {
      parseCatalogQuery({ [name]: value });
      kept[name] = value;
    } catch (error) {
      if (!(error instanceof CatalogQueryError)) throw error;
    }
  }
  try {
    return parseCatalogQuery(kept);
  } catch {
    // Each part is fine alone but not together (minPrice above maxPrice): drop the price range.
    const { minPrice: _min, maxPrice: _max, ...rest } = kept;
    return parseCatalogQuery(rest);
  }
}

/** The tag filter of a category URL's trailing segment (`Pump-Type_Variable Speed`), or null when it is not one. */
export function tagFromPathSegment(segment: string | undefined): TagFilter | null {
  if (!segment) return null;
  try {
    return parseTagFilter(segment);
  } catch {
    return null;
  }
}
