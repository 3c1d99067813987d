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
