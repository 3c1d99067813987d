// The newsletter sign-up and the footer keep the server's HTML until the shopper first uses the page or
// scrolls towards them; then their code is fetched and hydrated (lib/deferred-hydration.tsx). Their links
// work as plain links until then.
import { deferredPart } from "../lib/deferred-hydration.tsx";

export const footerArea = deferredPart(() => import("./footer-area.tsx").then((module) => module.FooterArea));
