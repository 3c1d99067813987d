// What every account route module shares (sign-up and sign-in, addresses, wallet, newsletter):
// - Who is asking comes from the session only. A path that names a user or customer id must name the
//   signed-in one (403); an address, payment method or transaction of someone else is "not found" (404).
//   Anonymous callers of a signed-in route get 401 before anything else is looked at.
// - Writes from another site are refused even without a session cookie (sign-in CSRF, newsletter spam).
// - Mail-sending and credential writes are throttled (429 with Retry-After) and need a bot-check token.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { type AccountContext, ensureCustomerId, getUserSummary } from "../../services/account/account-service.ts";
import { Forbidden, Unauthorized } from "../../services/errors.ts";
import type { NewsletterContext } from "../../services/newsletter/newsletter-service.ts";
import { RateLimited } from "../../services/rate-limit/rate-limiter.ts";
import type { StoreServices } from "../../services/store-services.ts";
import { isCrossSiteWrite } from "../plugins/session.ts";

const SIGN_IN_REQUIRED = "Please sign in to continue.";
export const NOT_YOUR_ACCOUNT = "You can only see and change your own account.";

/** The token of a link the store e-mailed. */
export const linkTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "must be the token from the e-mail link" });
/** A bot-check token in a body that carries nothing else. */
export const tokenBody = z.object({ token: z.string().max(20_000).optional() }).optional();
/** `{ success: true }`: the answer of a write that has nothing else to say. */
export const successReply = z.object({ success: z.boolean() });
export const successMessageReply = z.object({ success: z.boolean(), message: z.string() });

interface SignedIn {
  userId: number;
  sessionId: string;
}

/** The hooks of an account route module: cross-site writes refused, Retry-After on a throttled answer. */
export function guardAccountRoutes(fastify: FastifyInstance): void {
  fastify.addHook("onRequest", async (request) => {
    if (isCrossSiteWrite(request)) {
      throw new Forbidden(
        "This request came from another site and was refused. Please try again from the store's own pages.",
      );
    }
  });
  fastify.addHook("onError", async (_request, reply, error) => {
    if (error instanceof RateLimited) reply.header("retry-after", String(error.retryAfterSeconds));
  });
}

/** The request helpers of an account route module, on the store's services. */
export function accountRequests(services: StoreServices) {
  const db = () => services.database.db;
  const signedIn = new WeakMap<FastifyRequest, SignedIn>();
  // Read on each use: tests learn the public URL only after the server listens.
  const accountContext = (): AccountContext => ({
    db: db(),
    publicUrl: services.config.publicUrl,
    storeName: services.config.store.storeName,
  });
  const auth = (request: FastifyRequest): SignedIn => {
    const found = signedIn.get(request);
    if (!found) throw new Unauthorized(SIGN_IN_REQUIRED);
    return found;
  };
  return {
    db,
    accountContext,
    newsletterContext: (): NewsletterContext => ({ ...accountContext(), secret: services.config.sessionSecret }),
    /** onRequest guard of signed-in routes: 401 before validation, so anonymous callers learn nothing. */
    requireSignIn: async (request: FastifyRequest) => {
      const session = await request.session.get();
      if (!session?.userId) throw new Unauthorized(SIGN_IN_REQUIRED);
      signedIn.set(request, { userId: session.userId, sessionId: session.id });
    },
    auth,
    /** The signed-in user, when the path's user id is theirs (403 otherwise). */
    ownUser: (request: FastifyRequest, pathUserId: number): SignedIn => {
      const me = auth(request);
      if (pathUserId !== me.userId) throw new Forbidden(NOT_YOUR_ACCOUNT);
      return me;
    },
    customerIdOf: async (userId: number): Promise<number> => {
      const user = await getUserSummary(db(), userId);
      if (!user) throw new Unauthorized(SIGN_IN_REQUIRED);
      return ensureCustomerId(db(), user);
    },
    verifyBot: (request: FastifyRequest, token: string | undefined, action: string) =>
      services.botCheck.verify(token, { action, ipAddress: request.ip }),
  };
}
