// The desktop category bar keeps the server's HTML until the shopper first moves the pointer, touches,
// clicks or types (lib/deferred-hydration.tsx); a phone, which never shows it, never fetches its code.
import { deferredPart } from "../lib/deferred-hydration.tsx";

export const topNavigation = deferredPart(() => import("./top-navigation.tsx").then((module) => module.TopNavigation));
