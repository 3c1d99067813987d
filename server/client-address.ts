// The client's address when TRUST_PROXY reverse proxies sit in front of the store: each proxy appends
// the address it received the request from to X-Forwarded-For, so only the last TRUST_PROXY entries were
// written by proxies the store trusts; anything before them is whatever the client chose to send.

/** Fastify's `trustProxy`: the first `hops` addresses, counted from the socket's, are proxies. */
export function trustProxyHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/**
 * The same address Fastify's `request.ip` gives under trustProxyHops(hops), for connections that do
 * not go through Fastify's request handling (socket.io's handshake).
 */
export function clientAddress(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  hops: number,
): string | null {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const forwarded = header
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  const chain = [remoteAddress ?? "", ...forwarded];
  return chain[Math.min(hops, chain.length - 1)] || null;
}
