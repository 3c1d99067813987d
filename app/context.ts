import { createContext } from "react-router";
import type { RequestSession } from "../server/plugins/session.ts";
import type { StoreServices } from "../services/store-services.ts";

/** The request's logger (pino's child logger for the request: its id, redaction and level). */
export interface RequestLogger {
  error(object: unknown, message?: string): void;
  warn(object: unknown, message?: string): void;
  info(object: unknown, message?: string): void;
}

export interface AppLoadContext {
  services: StoreServices;
  /** CSP nonce for the inline scripts of this response. */
  nonce: string;
  requestId: string;
  /** Loaders and actions log through this, never console.*. */
  logger: RequestLogger;
  /** The visitor's server-side session (loaded on first use). */
  session: RequestSession;
  /** The client address (the socket's, or the trusted proxies' report of it), for per-client limits. */
  clientIp?: string;
  /** The request's logger. */
  log?: { warn(details: object, message: string): void };
}

/**
 * The server sets this on every request. It reaches the server through the server build's entry
 * module (see entry.server.tsx), so both sides use the very same context key.
 */
export const appContext = createContext<AppLoadContext>();
