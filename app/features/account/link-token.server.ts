// Links in e-mails carry a token in ?token= (newsletter confirm and unsubscribe links). Left in the
// address bar it would be written to request logs and reported to analytics as the page's location, so
// the page takes it on arrival: the token moves into a short-lived cookie named for this page and the
// browser is sent on to the same address without it. Old links keep working, since they arrive the same way.
import { redirect } from "react-router";

const LINK_TOKEN_TTL_SECONDS = 60 * 60;

function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * In a loader: a `?token=` in the URL is moved into the cookie `name` (path-scoped, HttpOnly) by a redirect
 * to the clean URL; otherwise the token kept in that cookie, or "".
 */
export function takeLinkToken(request: Request, name: string): string {
  const url = new URL(request.url);
  const fromQuery = url.searchParams.get("token");
  if (fromQuery !== null) {
    url.searchParams.delete("token");
    const secure = url.protocol === "https:" ? "; Secure" : "";
    // Path=/ because the page's own data requests go to `<page>.data`, which a cookie for the page's path
    // would not reach; the cookie is HttpOnly, lives an hour and is dropped once used.
    const cookie = `${name}=${encodeURIComponent(fromQuery.slice(0, 200))}; Path=/; Max-Age=${LINK_TOKEN_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
    throw redirect(`${url.pathname}${url.search}`, { headers: { "set-cookie": cookie, "cache-control": "no-store" } });
  }
  return readCookie(request, name) ?? "";
}

/** In an action: the token the form sent, or the one the loader kept in the cookie. */
export function linkTokenOf(request: Request, form: FormData, name: string): string {
  const sent = form.get("token");
  return typeof sent === "string" && sent !== "" ? sent : (readCookie(request, name) ?? "");
}

/** The Set-Cookie value that removes the kept token once it has been used. */
export function forgetLinkToken(name: string): string {
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
}
