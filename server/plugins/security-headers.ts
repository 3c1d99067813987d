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
  /** Card payments go through Stripe: Stripe.js and its Payment Element frames are allowed. */
  stripe?: boolean;
  /** The support chat provider's origin (store config supportChat): its script, frames, calls and images. */
  chatOrigin?: string | null;
}

/**
 * Stripe's hosts as its Content Security Policy guide lists them for Stripe.js and Elements: the script
 * and the card-form frames from js.stripe.com, API calls to api.stripe.com, 3-D Secure pages through
 * hooks.stripe.com, and m.stripe.network for Stripe's fraud signals.
 */
export const STRIPE_SOURCES = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com", "https://m.stripe.network"],
  connect: ["https://api.stripe.com", "https://m.stripe.network"],
  img: ["https://*.stripe.com"],
} as const;

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
  const stripe = {
    script: options.stripe ? STRIPE_SOURCES.script : [],
    frame: options.stripe ? STRIPE_SOURCES.frame : [],
    connect: options.stripe ? STRIPE_SOURCES.connect : [],
    img: options.stripe ? STRIPE_SOURCES.img : [],
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
        imgSrc: ["'self'", "data:", "blob:", ...google.img, ...stripe.img, ...(options.imageOrigins ?? []), ...chat],
        fontSrc: ["'self'", "data:"],
        // React and the design tokens use style attributes; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: options.dev
          ? ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...stripe.script]
          : [
              "'self'",
              nonceSource,
              ...google.script,
              ...stripe.script,
              ...chat,
              "https://www.google.com/recaptcha/",
              "https://www.gstatic.com/recaptcha/",
            ],
        connectSrc: ["'self'", "ws:", "wss:", ...google.connect, ...stripe.connect, ...chat],
        frameSrc: ["'self'", "https://www.google.com/recaptcha/", ...stripe.frame, ...chat],
        workerSrc: ["'self'", "blob:"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: options.https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
