// GET /robots.txt: crawl everything public, skip the API and the shopper's own pages, find the sitemap.
import { appContext } from "../context.ts";
import type { Route } from "./+types/robots";

/** Pages that only make sense for one visitor (carts, accounts) or are data, not pages. */
export const DISALLOWED_PATHS = [
  "/api/",
  "/recently-viewed",
  "/shoppingcart.asp",
  "/checkout/",
  "/myaccount.asp",
  "/orders.asp",
  "/account/",
  "/address.asp",
  "/wallet",
  "/recovery-email",
  "/login",
  "/logout",
  "/register",
] as const;

export function robotsTxt(publicUrl: string): string {
  const origin = publicUrl.replace(/\/$/, "");
  return [
    "User-agent: *",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

export function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  return new Response(robotsTxt(services.config.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
