import { useEffect, useState } from "react";
import { apiJson } from "./account-api.ts";

export interface CurrentUser {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
}

export type UserLookup = { status: "loading" } | { status: "anonymous" } | { status: "signed-in"; user: CurrentUser };

/** GET /api/user once on mount (spec §4 "User session": known once the lookup finishes). Failures count as anonymous. */
export function useCurrentUser(): UserLookup {
  const [lookup, setLookup] = useState<UserLookup>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    apiJson<{ user: Partial<CurrentUser> }>("/api/user", { signal: controller.signal })
      .then(({ user }) =>
        setLookup(
          typeof user?.id === "number" ? { status: "signed-in", user: user as CurrentUser } : { status: "anonymous" },
        ),
      )
      .catch((error: Error) => {
        if (error.name !== "AbortError") setLookup({ status: "anonymous" });
      });
    return () => controller.abort();
  }, []);
  return lookup;
}

/** Where an anonymous visitor is sent from a signed-in page, with the way back. */
export function loginPath(returnTo: string): string {
  return `/login.asp?redirect=${encodeURIComponent(returnTo)}`;
}
