import type { SessionRecord } from "./session-store.ts";

/** The visitor's server-side session as a request handler or a page loader sees it (server/plugins/session.ts keeps it). */
export interface RequestSession {
  /** The visitor's session, or null when they have none yet (no cookie is set until one is needed). Loaded on first use. */
  get(): Promise<SessionRecord | null>;
  /** Returns the session, creating it (and setting the cookie) when the visitor has none. */
  ensure(): Promise<SessionRecord>;
  /** Merges keys into the session data and saves it. */
  update(patch: Record<string, unknown>): Promise<SessionRecord>;
  /**
   * Replaces the session with a fresh one (new id, new cookie) for `userId`, keeping its data:
   * called at sign-in so a session id known before sign-in is worthless after it.
   */
  rotate(userId: number | null): Promise<SessionRecord>;
  destroy(): Promise<void>;
}
