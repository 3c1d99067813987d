// The home page's seller reviews keep the server's HTML until the shopper first uses the page or
// scrolls towards them; then their code (the looping carousel) is fetched and hydrated
// (lib/deferred-hydration.tsx).
import { deferredPart } from "../lib/deferred-hydration.tsx";

export const sellerReviews = deferredPart(() => import("./seller-reviews.tsx").then((module) => module.SellerReviews));
