import { useRouteLoaderData } from "react-router";

/**
 * True when the request came from a phone's or tablet's browser (the root loader's `mobileAgent`). Such
 * a browser never shows the desktop layout (the `desk` variant requires `html:not(.ua-mobile)`), so
 * desktop-only parts (the category menu bar, the filter sidebars) are not rendered for it at all: less
 * HTML to parse, style and hydrate on the devices with the least CPU. Server and browser read the same
 * loader data, so hydration matches.
 */
export function useMobileAgent(): boolean {
  const root = useRouteLoaderData("root") as { mobileAgent?: boolean } | undefined;
  return root?.mobileAgent === true;
}
