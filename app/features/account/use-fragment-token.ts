import { useEffect, useState } from "react";

/**
 * The one-time token of an e-mailed link, read from the address fragment (`#token=...`): a fragment is never
 * sent to the server, so the token stays out of logs, proxies and Referer headers. Undefined until read.
 */
export function useFragmentToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const value = new URLSearchParams(window.location.hash.slice(1)).get("token");
    setToken(value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null);
  }, []);
  return token;
}
