// The session's readable shadow: the session cookie itself is HttpOnly, so a page's script cannot tell
// whether the visitor has a session at all. The server sets this cookie (value "1", no secret) beside
// the session cookie, with the same lifetime, and clears it with it. A page served from the page cache
// asks /api/session/summary for the cart count and sign-in state only when it is there: a visitor
// without a session (most first visits) has nothing to ask for.

export const SESSION_HINT_COOKIE = "store_visitor";

/** Whether a `document.cookie` string (or a Cookie header) carries the hint. */
export function hasSessionHint(cookies: string): boolean {
  return cookies.split(";").some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
