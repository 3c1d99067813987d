import { createContext, useContext } from "react";

/**
 * True when the request came from a phone's or tablet's browser (the root loader's `mobileAgent`). Such
 * a browser never shows the desktop layout (the `desk` variant requires `html:not(.ua-mobile)`), so
 * desktop-only parts (the category menu bar, the filter sidebars, the cards' hover thumbnails) are not
 * rendered for it at all: less HTML to parse, style and hydrate on the devices with the least CPU.
 * The root layout provides it from its loader data, which server and browser share, so hydration
 * matches. Outside the layout (a part rendered on its own) it is false: everything is rendered.
 */
export const MobileAgentContext = createContext(false);

export function useMobileAgent(): boolean {
  return useContext(MobileAgentContext);
}
