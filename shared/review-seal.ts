// The review provider's seal (store config `sealId`), shown on the seller reviews badge. The id is the
// store's Shopper Approved site id, whose seal image lives at a fixed address; a store with another
// provider gives the full https:// address of its seal image instead.

export const SEAL_IMAGE_BASE = "https://www.shopperapproved.com/seals/";

/** The seal image's address for a sealId, or null when there is none (or it is not a usable value). */
export function sealImageUrl(sealId: string): string | null {
  const id = sealId.trim();
  if (!id) return null;
  if (/^https:\/\/[^/\s]+\/\S*$/i.test(id)) return id;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  return `${SEAL_IMAGE_BASE}${id}-r.gif`;
}

/** The origin the seal image comes from, for the Content-Security-Policy's img-src; null without a seal. */
export function sealImageOrigin(sealId: string): string | null {
  const url = sealImageUrl(sealId);
  return url ? new URL(url).origin : null;
}

/**
 * The review provider's image origins: its reviews page's and its seal's (https only). Reviewers'
 * avatars from these hosts are shown, and the Content-Security-Policy admits them; an avatar from
 * anywhere else would be blocked, so the card shows the reviewer's initials instead.
 */
export function reviewImageOrigins(store: { reviewsUrl: string; sealId: string }): string[] {
  const origins = new Set<string>();
  try {
    const reviews = new URL(store.reviewsUrl);
    if (reviews.protocol === "https:") origins.add(reviews.origin);
  } catch {
    // No reviews page configured (or not a URL): no provider host from it.
  }
  const seal = sealImageOrigin(store.sealId);
  if (seal) origins.add(seal);
  return [...origins];
}

/** Whether an avatar can be shown: the store's own path, an inline image, or the provider's host. */
export function isUsableAvatar(url: string | null | undefined, providerOrigins: readonly string[]): url is string {
  if (!url) return false;
  if (url.startsWith("data:image/")) return true;
  if (url.startsWith("/")) return !url.startsWith("//");
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && providerOrigins.includes(parsed.origin);
  } catch {
    return false;
  }
}
