import type { FastifyRequest } from "fastify";
import pino, { type BaseLogger, type Logger, type LoggerOptions } from "pino";
import { redactUrl } from "../shared/redact-url.ts";

/** pino options: the level, and nothing secret in any log line (cookies, passwords, card numbers, tokens). */
export function loggerOptions(level: string): LoggerOptions | false {
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

/** The process's logger; `silent` gives one that writes nothing. */
export function createLogger(level: string): Logger {
  const options = loggerOptions(level);
  return options === false ? pino({ level: "silent" }) : pino(options);
}

export type { Logger };

/** What a request handler or a page loader logs through: the request's child of the process logger. */
export type RequestLogger = Pick<BaseLogger, "fatal" | "error" | "warn" | "info" | "debug" | "trace">;
