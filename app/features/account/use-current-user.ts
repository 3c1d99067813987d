import { useEffect, useState } from "react";
import { ApiError, apiJson } from "./account-api.ts";

export interface CurrentUser {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
}

export type UserLookup = { status: "loading" } | { status: "anonymous" } | { status: "signed-in"; user: CurrentUser };

/** Waits between lookups that failed (no answer, a server error): 1 s, 2 s, 4 s ... up to 15 s. */
export function lookupRetryDelayMs(failures: number): number {
  return Math.min(15_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/**
 * What a lookup's outcome says about the visitor: only the store's own "not signed in" answer (an empty
 * user, or 401) means anonymous. A failure (offline, a 5xx, a proxy's error page) says nothing, and is
 * ignored: the page keeps waiting and asks again, instead of sending a signed-in shopper to sign in.
 */
export function lookupOutcome(outcome: { user: Partial<CurrentUser> | null | undefined } | { error: unknown }) {
  if ("error" in outcome) {
    return outcome.error instanceof ApiError && outcome.error.status === 401 ? ("anonymous" as const) : null;
  }
  const user = outcome.user;
  return typeof user?.id === "number"
    ? ({ status: "signed-in", user: user as CurrentUser } as const)
    : ("anonymous" as const);
}

/** GET /api/user on mount (known once the lookup finishes); failures are retried silently. */
export function useCurrentUser(): UserLookup {
  const [lookup, setLookup] = useState<UserLookup>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const ask = () => {
      apiJson<{ user: Partial<CurrentUser> }>("/api/user", { signal: controller.signal })
        .then(({ user }) => settle(lookupOutcome({ user })))
        .catch((error: Error) => {
          if (error.name !== "AbortError") settle(lookupOutcome({ error }));
        });
    };
    const settle = (result: ReturnType<typeof lookupOutcome>) => {
      if (controller.signal.aborted) return;
      if (result === "anonymous") setLookup({ status: "anonymous" });
      else if (result) setLookup(result);
      else {
        failures += 1;
        timer = setTimeout(() => {
          timer = undefined;
          ask();
        }, lookupRetryDelayMs(failures));
      }
    };
    // Back online: ask at once rather than at the end of the wait.
    const online = () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      ask();
    };
    window.addEventListener("online", online);
    ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
      window.removeEventListener("online", online);
    };
  }, []);
  return lookup;
}

/** Where an anonymous visitor is sent from a signed-in page, with the way back. */
export function loginPath(returnTo: string): string {
  return `/login.asp?redirect=${encodeURIComponent(returnTo)}`;
}
