/**
 * Up to this width a banner with a phone version (a hero slide's phoneUrl, a category's topBannerPhone)
 * shows that one (8:5); wider screens show the wide banner (4:1) whole, never cropped: its lettering and
 * drawing sit across its full width.
 */
export const PHONE_BANNER_MAX_PX = 639;
export const PHONE_BANNER_MEDIA = `(max-width: ${PHONE_BANNER_MAX_PX}px)`;
