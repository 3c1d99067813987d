import { createContext } from "react-router";
import type { AppLoadContext } from "../services/load-context.ts";
import type { RequestLogger } from "../services/logger.ts";

export type { AppLoadContext, RequestLogger };

/**
 * The server sets this on every request. It reaches the server through the server build's entry
 * module (see entry.server.tsx), so both sides use the very same context key.
 */
export const appContext = createContext<AppLoadContext>();
