import type { FastifyRequest, FastifyServerOptions } from "fastify";
import { redactUrl } from "../shared/redact-url.ts";

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
    serializers: {
      // Fastify's own fields, with link tokens taken out of the URL (?token=, ?unsubscribeToken=...).
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
