import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

type NoncedResponse = ServerResponse & { scriptNonce?: string };

/** The nonce that React Router's inline scripts must carry on this response. */
export function scriptNonceOf(res: ServerResponse): string {
  const nonced = res as NoncedResponse;
  nonced.scriptNonce ??= randomBytes(16).toString("base64");
  return nonced.scriptNonce;
}

/**
 * Security headers for every answer. Inline scripts run only with the per-request nonce that the
 * server renderer puts on React Router's hydration scripts.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean; dev: boolean }) {
  const nonceSource = (_req: unknown, res: unknown) => `'nonce-${scriptNonceOf(res as ServerResponse)}'`;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:", "https://www.googletagmanager.com"],
        fontSrc: ["'self'", "data:"],
        // React and the design tokens use style attributes; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: options.dev
          ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
          : [
              "'self'",
              nonceSource,
              "https://www.googletagmanager.com",
              "https://www.google.com/recaptcha/",
              "https://www.gstatic.com/recaptcha/",
            ],
        connectSrc: ["'self'", "ws:", "wss:", "https://*.google-analytics.com"],
        frameSrc: ["'self'", "https://www.google.com/recaptcha/"],
        workerSrc: ["'self'", "blob:"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: options.https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
