// Whether an error means the database could not be reached (or stopped answering), as opposed to a
// query the database refused: the first is worth a "try again in a moment", the second is a bug or bad input.
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH"]);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Query read timeout|Client was closed|Cannot use a pool after calling end/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      // 08: connection exception; 57P01-57P03: the server is shutting down or starting; 57014: a statement
      // cancelled by statement_timeout; 53300: no connection slots left.
      if (code.startsWith("08") || /^57P0[1-3]$/.test(code) || code === "57014" || code === "53300") return true;
      if (CONNECTION_CODES.has(code)) return true;
    }
    if (typeof message === "string" && CONNECTION_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  "The store cannot reach its database right now. Please try again in a moment.";
/** Seconds a client is asked to wait before retrying (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
