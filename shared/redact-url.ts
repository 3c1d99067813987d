// Link tokens (guest order links, newsletter confirm and unsubscribe links, reset links) must not end up in
// request logs or analytics. The store moves them out of its URLs on arrival; this takes them out of
// whatever URL is still written down or reported: the values of token-like query parameters become
// "redacted", and a fragment is dropped (the store's own links carry tokens there).

const TOKEN_LIKE = /token|secret|password|passwd|signature|^sig$|^key$|apikey|api_key|auth|session|^code$|^otp$/i;

/** The URL (absolute, or a path with a query) with token-like query values replaced and no fragment. */
export function redactUrl(url: string): string {
  const hash = url.indexOf("#");
  const withoutFragment = hash === -1 ? url : url.slice(0, hash);
  const question = withoutFragment.indexOf("?");
  if (question === -1) return withoutFragment;
  const query = withoutFragment
    .slice(question + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals === -1) return pair;
      let name = pair.slice(0, equals);
      try {
        name = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // A malformed name is compared as written.
      }
      return TOKEN_LIKE.test(name) ? `${pair.slice(0, equals)}=redacted` : pair;
    })
    .join("&");
  return `${withoutFragment.slice(0, question)}?${query}`;
}
