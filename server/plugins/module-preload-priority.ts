const HEAD_END = Buffer.from("</head>");
const PRELOAD = '<link rel="modulepreload"';

/**
 * Marks the page's `<link rel="modulepreload">` tags (React Router's <Scripts>, hoisted into the head by
 * React) `fetchpriority="low"`. The page is complete and usable as server-rendered HTML; its scripts only
 * hydrate it, and they are async modules that never hold up the first paint. At the default (high)
 * priority a phone on a slow network downloads some 200 KB of them alongside the stylesheet and the
 * largest image, and Lighthouse's simulation counts high-priority scripts finished before the first
 * paint as render-blocking: the category page's simulated FCP was 2.4 s with them and 1.0 s without.
 * Only the head is rewritten (a few KB); <Scripts> offers no attribute for these links.
 */
export function lowerModulePreloadPriority(html: Buffer): Buffer {
  const end = html.indexOf(HEAD_END);
  if (end < 0) return html;
  const head = html.subarray(0, end).toString("utf8");
  if (!head.includes(PRELOAD)) return html;
  return Buffer.concat([Buffer.from(head.replaceAll(PRELOAD, `${PRELOAD} fetchpriority="low"`)), html.subarray(end)]);
}
