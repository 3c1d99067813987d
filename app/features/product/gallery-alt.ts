/** Hovering a thumbnail this long switches the main image (as on product cards). */
export const THUMBNAIL_HOVER_MS = 150;

export interface GalleryImage {
  id: number;
  url: string;
  altText: string | null;
}

/** An image's own alt text, else the product title numbered among its images (every image has alt text). */
export function altOf(image: GalleryImage | undefined, title: string, index: number, count: number): string {
  if (image?.altText?.trim()) return image.altText.trim();
  return count > 1 ? `${title}, image ${index + 1} of ${count}` : title;
}
