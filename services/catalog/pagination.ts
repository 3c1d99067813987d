// Page maths shared by the paged catalog lists (vendors, site reviews, articles). Pages count from 0.

export interface PageInfo {
  limitPerPage: number;
  totalObjects: number;
  totalPages: number;
}

export interface PageRequest {
  /** 0-based. */
  page: number;
  limit: number;
}

export function pageOffset({ page, limit }: PageRequest): number {
  return page * limit;
}

export function buildPageInfo(totalObjects: number, limit: number): PageInfo {
  return { limitPerPage: limit, totalObjects, totalPages: totalObjects === 0 ? 0 : Math.ceil(totalObjects / limit) };
}
