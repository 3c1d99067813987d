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

export interface SecurityHeadersOptions {
  https: boolean;
  dev: boolean;
  /** Google Analytics is configured (gTagId): its tag and collection hosts are allowed. */
  analytics?: boolean;
  /** Further image origins (the review provider's seal and avatars). */
  imageOrigins?: string[];
  /** The support chat provider's origin (store config supportChat): its script, frames, calls and images. */
  chatOrigin?: string | null;
}

/**
 * Google's hosts for GA4 through gtag.js, as Google's Content Security Policy guide lists them: the tag
 * from googletagmanager.com, measurement requests (fetch, beacons and pixels) to google-analytics.com,
 * analytics.google.com (regional endpoints) and googletagmanager.com.
 */
export const GOOGLE_ANALYTICS_SOURCES = {
  script: ["https://*.googletagmanager.com"],
  img: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
  connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"],
} as const;

/**
 * Security headers for every answer. Inline scripts run only with the per-request nonce that the
 * server renderer puts on React Router's hydration scripts. Third parties are allowed only when the
 * store uses them (Google Analytics with a gTagId, the review provider's seal with a sealId).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
  const nonceSource = (_req: unknown, res: unknown) => `'nonce-${scriptNonceOf(res as ServerResponse)}'`;
  const analytics = options.analytics ?? false;
  const google = {
    script: analytics ? GOOGLE_ANALYTICS_SOURCES.script : [],
    img: analytics ? GOOGLE_ANALYTICS_SOURCES.img : [],
    connect: analytics ? GOOGLE_ANALYTICS_SOURCES.connect : [],
  };
  const chat = options.chatOrigin ? [options.chatOrigin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:", ...google.img, ...(options.imageOrigins ?? []), ...chat],
        fontSrc: ["'self'", "data:"],
        // React and the design tokens use style attributes; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: options.dev
          ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
          : [
              "'self'",
              nonceSource,
              ...google.script,
              ...chat,
              "https://www.google.com/recaptcha/",
              "https://www.gstatic.com/recaptcha/",
            ],
        connectSrc: ["'self'", "ws:", "wss:", ...google.connect, ...chat],
        frameSrc: ["'self'", "https://www.google.com/recaptcha/", ...chat],
        workerSrc: ["'self'", "blob:"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: options.https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
