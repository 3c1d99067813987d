// Responsive product images (`_{width}x` suffixes). The image route serves
// `{url-without-extension}_{width}x.webp` for these widths, for demo images under /img/demo/ and images
// uploaded in the back office under /img/uploads/ (written at every width when uploaded); other URLs
// (third-party CDNs) are used as they are, without a srcset.

/** Keep in step with IMAGE_WIDTHS in demo/images/image-route.ts, which refuses any other width. */
export const IMAGE_VARIANT_WIDTHS = [80, 160, 240, 320, 480, 640, 960, 1280] as const;

const DEMO_PREFIX = "/img/demo/";
/** Where the back office's uploads are served (services/catalog/admin/product-images.ts). */
export const UPLOADED_IMAGE_PREFIX = "/img/uploads/";

export function hasImageVariants(url: string | null | undefined): url is string {
  return (
    typeof url === "string" &&
    (url.startsWith(DEMO_PREFIX) || url.startsWith(UPLOADED_IMAGE_PREFIX)) &&
    /\.[a-z0-9]+$/i.test(url)
  );
}

/** `/img/demo/pump/hayward/sp-2610_320x.webp` for `/img/demo/pump/hayward/sp-2610.svg` at 320. */
export function imageVariantUrl(url: string, width: number): string {
  return `${url.replace(/(?:_\d+x)?\.[a-z0-9]+$/i, "")}_${width}x.webp`;
}

/** The srcset for an image URL, or undefined when the URL has no variants. */
export function imageSrcSet(
  url: string | null | undefined,
  widths: readonly number[] = IMAGE_VARIANT_WIDTHS,
): string | undefined {
  if (!hasImageVariants(url)) return undefined;
  return widths.map((width) => `${imageVariantUrl(url, width)} ${width}w`).join(", ");
}

/** The variant closest above `width` (for a src that needs no srcset), or the URL itself. */
export function imageUrlForWidth(url: string | null | undefined, width: number): string | undefined {
  if (!url) return undefined;
  if (!hasImageVariants(url)) return url;
  const fit = IMAGE_VARIANT_WIDTHS.find((candidate) => candidate >= width) ?? IMAGE_VARIANT_WIDTHS.at(-1) ?? width;
  return imageVariantUrl(url, fit);
}
