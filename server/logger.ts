import type { FastifyServerOptions } from "fastify";

/** pino options: request ids, and nothing secret in any log line. */
export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  if (level === "silent") return false;
  return {
    level,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.newPassword",
        "*.currentPassword",
        "*.cardNumber",
        "*.number",
        "*.cvc",
        "*.token",
      ],
      censor: "[redacted]",
    },
  };
}
