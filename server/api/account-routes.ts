// Account REST API (spec account-and-shell §7, plus the credential flows the route table names):
// sign-up and sign-in, e-mail links, the signed-in user and customer, mailing addresses, countries and
// states, the wallet, the recovery e-mail and the newsletter.
//
// Rules every route here keeps:
// - Who is asking comes from the session only. A path that names a user or customer id must name the
//   signed-in one (403); an address, payment method or transaction of someone else is "not found" (404).
//   Anonymous callers of a signed-in route get 401 before anything else is looked at.
// - Writes from another site are refused even without a session cookie (sign-in CSRF, newsletter spam).
// - Mail-sending and credential writes are throttled (429 with Retry-After) and need a bot-check token.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type AccountContext,
  changePassword,
  ensureCustomerId,
  getRecoveryEmail,
  getUserSummary,
  registerAccount,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  sendRecoveryEmailVerification,
  setRecoveryEmail,
  signInCountingFailures,
  undoRecoveryEmailChange,
  verifyEmailToken,
} from "../../services/account/account-service.ts";
import {
  addCardRules,
  addressRules,
  changePasswordRules,
  mailRequestRules,
  newsletterRules,
  recoveryEmailRules,
  registerRules,
  resetPasswordRules,
  signInAccountIpKey,
  signInRules,
  undoRecoveryEmailRules,
} from "../../services/account/rate-limit-rules.ts";
import { BOT_CHECK_ACTIONS, type BotCheck } from "../../services/bot-check/bot-check.ts";
import { createBotCheck } from "../../services/bot-check/create-bot-check.ts";
import { idParam } from "../../services/catalog/query-params.ts";
import { mergeAnonymousCheckout } from "../../services/checkout/checkout-merge.ts";
import {
  createMailingAddress,
  deleteMailingAddress,
  getCustomerView,
  listCountries,
  listStates,
  updateMailingAddress,
} from "../../services/customers/customer-service.ts";
import { Forbidden, Unauthorized } from "../../services/errors.ts";
import {
  confirmSubscription,
  type NewsletterContext,
  requestSubscription,
  unsubscribe,
} from "../../services/newsletter/newsletter-service.ts";
import { enforceRateLimits, RateLimited, resetRateLimit } from "../../services/rate-limit/rate-limiter.ts";
import type { StoreServices } from "../../services/store-services.ts";
import {
  addCard,
  deletePaymentMethod,
  listPaymentMethods,
  listTransactions,
  updatePaymentMethodAddress,
} from "../../services/wallet/wallet-service.ts";
import {
  changePasswordSchema,
  emailRequestSchema,
  emailSchema,
  PASSWORD_MAX_LENGTH,
  registerSchema,
  resetPasswordSchema,
  signInSchema,
  verifyEmailSchema,
} from "../../shared/account-forms.ts";
import { isCrossSiteWrite } from "../plugins/session.ts";

/** The page the wallet opens in a popup to add a card (spec §7 `_links.addPaymentMethod.href`). */
export const ADD_PAYMENT_METHOD_PATH = "/wallet/add-card";
export const SIGN_IN_REQUIRED = "Please sign in to continue.";
export const NOT_YOUR_ACCOUNT = "You can only see and change your own account.";

const userIdParams = z.object({ id: idParam("user") });
const paymentMethodParams = z.object({ id: idParam("user"), paymentMethodId: idParam("payment method") });
const addressParams = z.object({ id: idParam("address") });
const customerAddressParams = z.object({ customerId: idParam("customer"), addressId: idParam("address") });
const tokenBody = z.object({ token: z.string().max(20_000).optional() }).optional();
const linkTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "must be the token from the e-mail link" });

const addCardBody = z.object({
  number: z
    .string({ error: "Enter the card number" })
    .regex(/^[\d\s-]{12,25}$/, { error: "Your card number is invalid." }),
  expMonth: z.coerce.number({ error: "Enter the expiry month" }).int().min(1).max(12),
  expYear: z.coerce.number({ error: "Enter the expiry year" }).int().min(0).max(2200),
  cvc: z
    .string({ error: "Enter the security code" })
    .regex(/^\d{3,4}$/, { error: "Your card's security code is invalid." }),
  name: z.string().trim().max(100).optional(),
  mailingAddressId: z.coerce.number().int().positive().optional(),
  token: z.string().max(20_000).optional(),
});

interface SignedIn {
  userId: number;
  sessionId: string;
}

export async function accountRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => services.database.db;
  // Read on each use: tests learn the public URL only after the server listens.
  const accountContext = (): AccountContext => ({
    db: db(),
    publicUrl: services.config.publicUrl,
    storeName: services.config.store.storeName,
  });
  const newsletterContext = (): NewsletterContext => ({ ...accountContext(), secret: services.config.sessionSecret });
  const botCheck: BotCheck = createBotCheck({
    db: services.database.db,
    recaptchaSiteKey: services.config.store.recaptchaSiteKey,
    recaptchaSecret: services.config.env.RECAPTCHA_SECRET,
    serverSecret: services.config.sessionSecret,
  });
  const gateway = services.paymentGateway;
  const signedIn = new WeakMap<FastifyRequest, SignedIn>();

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

  /** onRequest guard of signed-in routes: 401 before validation, so anonymous callers learn nothing. */
  const requireSignIn = async (request: FastifyRequest) => {
    const session = await request.session.get();
    if (!session?.userId) throw new Unauthorized(SIGN_IN_REQUIRED);
    signedIn.set(request, { userId: session.userId, sessionId: session.id });
  };
  const auth = (request: FastifyRequest): SignedIn => {
    const found = signedIn.get(request);
    if (!found) throw new Unauthorized(SIGN_IN_REQUIRED);
    return found;
  };
  const ownUser = (request: FastifyRequest, pathUserId: number): SignedIn => {
    const me = auth(request);
    if (pathUserId !== me.userId) throw new Forbidden(NOT_YOUR_ACCOUNT);
    return me;
  };
  const customerIdOf = async (userId: number): Promise<number> => {
    const user = await getUserSummary(db(), userId);
    if (!user) throw new Unauthorized(SIGN_IN_REQUIRED);
    return ensureCustomerId(db(), user);
  };
  const verifyBot = (request: FastifyRequest, token: string | undefined, action: string) =>
    botCheck.verify(token, { action, ipAddress: request.ip });

  // Bot check ---------------------------------------------------------------------------------------

  app.get(
    "/bot-check/challenge",
    {
      schema: {
        querystring: z.object({
          action: z.enum(BOT_CHECK_ACTIONS, { error: `must be one of ${BOT_CHECK_ACTIONS.join(", ")}` }),
        }),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return botCheck.challenge(request.query.action);
    },
  );

  // Credential flows --------------------------------------------------------------------------------

  app.post("/auth/register", { schema: { body: registerSchema } }, async (request) => {
    const { email, password, firstName, lastName, token } = request.body;
    await enforceRateLimits(db(), registerRules(email, request.ip), "sign-up attempts");
    await verifyBot(request, token, "register");
    await enforceRateLimits(db(), addressRules("register", email), "sign-up attempts");
    await registerAccount(accountContext(), { email, password, firstName, lastName });
    return {
      success: true,
      message: `Almost done: we sent a link to ${email}. Open it to confirm your address, then sign in.`,
    };
  });

  app.post("/auth/login", { schema: { body: signInSchema } }, async (request) => {
    const { email, password, token } = request.body;
    await enforceRateLimits(db(), signInRules(email, request.ip), "sign-in attempts");
    await verifyBot(request, token, "login");
    const user = await signInCountingFailures(db(), { email, password });
    await resetRateLimit(db(), signInAccountIpKey(email, request.ip));
    // A new session id at sign-in: an id planted or seen before is worthless now. Its data (the cart) stays.
    const session = await request.session.rotate(user.id);
    const customerId = await ensureCustomerId(db(), user);
    const anonymousCheckoutId = typeof session.data.checkoutId === "string" ? session.data.checkoutId : null;
    await mergeAnonymousCheckout(db(), { anonymousCheckoutId, customerId });
    return { user: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email } };
  });

  app.post("/auth/logout", async (request) => {
    await request.session.destroy();
    return { success: true };
  });

  app.post("/auth/verification", { schema: { body: emailRequestSchema } }, async (request) => {
    const { email, token } = request.body;
    await enforceRateLimits(db(), mailRequestRules("verification", email, request.ip), "requests for a new link");
    await verifyBot(request, token, "verification");
    await enforceRateLimits(db(), addressRules("verification", email), "requests for a new link");
    await resendVerification(accountContext(), email);
    return {
      success: true,
      message: `If ${email} belongs to an account that is not confirmed yet, a new confirmation link is on its way.`,
    };
  });

  app.post("/auth/verify-email", { schema: { body: verifyEmailSchema } }, async (request) => {
    const { kind } = await verifyEmailToken(db(), request.body.verificationToken);
    return {
      success: true,
      kind,
      message:
        kind === "account"
          ? "Thank you: your e-mail address is confirmed. You can sign in now."
          : "Recovery email verified",
    };
  });

  app.post("/auth/recover", { schema: { body: emailRequestSchema } }, async (request) => {
    const { email, token } = request.body;
    await enforceRateLimits(db(), mailRequestRules("reset", email, request.ip), "password reset requests");
    await verifyBot(request, token, "recover");
    await enforceRateLimits(db(), addressRules("reset", email), "password reset requests");
    await requestPasswordReset(accountContext(), email);
    return {
      success: true,
      message: `If ${email} belongs to an account, or is the confirmed recovery e-mail of one, we have sent it a link to choose a new password. The link works for one hour.`,
    };
  });

  app.post("/auth/reset-password", { schema: { body: resetPasswordSchema } }, async (request) => {
    const { resetToken, password, token } = request.body;
    await enforceRateLimits(db(), resetPasswordRules(request.ip), "password reset attempts");
    await verifyBot(request, token, "reset_password");
    await resetPassword(accountContext(), { resetToken, password });
    // Whoever was signed in on this browser is signed out too: the account's sessions are all gone.
    await request.session.destroy();
    return { success: true, message: "Your password is changed. Please sign in with the new one." };
  });

  app.post(
    "/auth/change-password",
    { onRequest: requireSignIn, schema: { body: changePasswordSchema } },
    async (request) => {
      const me = auth(request);
      await enforceRateLimits(db(), changePasswordRules(me.userId), "password change attempts");
      await changePassword(accountContext(), {
        userId: me.userId,
        currentPassword: request.body.currentPassword,
        newPassword: request.body.newPassword,
        keepSessionId: me.sessionId,
      });
      await request.session.rotate(me.userId);
      return { success: true, message: "Your password is changed. Every other session was signed out." };
    },
  );

  // The user and the customer -----------------------------------------------------------------------

  app.get("/user", async (request) => {
    const session = await request.session.get();
    const user = session?.userId ? await getUserSummary(db(), session.userId) : null;
    return { user: user ?? {} };
  });

  app.get("/customer", async (request) => {
    const session = await request.session.get();
    if (!session?.userId) return { customer: {} };
    const user = await getUserSummary(db(), session.userId);
    if (!user) return { customer: {} };
    return { customer: (await getCustomerView(db(), await ensureCustomerId(db(), user))) ?? {} };
  });

  // Countries and states ----------------------------------------------------------------------------

  // The router ignores trailing slashes, so this also answers /countries/ (the spec's second spelling).
  app.get("/countries", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=3600");
    return { countries: await listCountries(db()) };
  });

  app.get(
    "/states",
    {
      schema: {
        querystring: z.object({
          countryCode: z.string().regex(/^[A-Za-z]{2}$/, { error: "must be a 2-letter country code" }),
          page: z.coerce.number().int().min(0).max(1000).optional(),
        }),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=3600");
      // Every state of a country fits on page 0; later pages are empty.
      const states = (request.query.page ?? 0) > 0 ? [] : await listStates(db(), request.query.countryCode);
      return { states };
    },
  );

  // Mailing addresses -------------------------------------------------------------------------------

  app.post("/mailingAddresses", { onRequest: requireSignIn }, async (request, reply) => {
    const customerId = await customerIdOf(auth(request).userId);
    const mailingAddress = await createMailingAddress(db(), customerId, request.body);
    return reply.status(201).send({ mailingAddress });
  });

  app.put("/mailingAddresses/:id", { onRequest: requireSignIn, schema: { params: addressParams } }, async (request) => {
    const customerId = await customerIdOf(auth(request).userId);
    return { mailingAddress: await updateMailingAddress(db(), customerId, request.params.id, request.body) };
  });

  app.delete(
    "/customer/:customerId/mailingAddresses/:addressId",
    { onRequest: requireSignIn, schema: { params: customerAddressParams } },
    async (request) => {
      const customerId = await customerIdOf(auth(request).userId);
      if (request.params.customerId !== customerId) throw new Forbidden(NOT_YOUR_ACCOUNT);
      await deleteMailingAddress(db(), customerId, request.params.addressId);
      return { success: true };
    },
  );

  // Wallet ------------------------------------------------------------------------------------------

  app.get(
    "/user/:id/paymentMethods",
    { onRequest: requireSignIn, schema: { params: userIdParams } },
    async (request) => {
      const me = ownUser(request, request.params.id);
      return {
        paymentMethods: await listPaymentMethods(db(), await customerIdOf(me.userId)),
        _links: { addPaymentMethod: { href: ADD_PAYMENT_METHOD_PATH } },
      };
    },
  );

  app.post(
    "/user/:id/paymentMethods",
    { onRequest: requireSignIn, schema: { params: userIdParams, body: addCardBody } },
    async (request, reply) => {
      const me = ownUser(request, request.params.id);
      await enforceRateLimits(db(), addCardRules(me.userId, request.ip), "cards added");
      await verifyBot(request, request.body.token, "add_card");
      const { token: _botToken, ...card } = request.body;
      const paymentMethod = await addCard(db(), gateway, await customerIdOf(me.userId), card);
      return reply.status(201).send({ success: true, paymentMethod });
    },
  );

  app.put(
    "/user/:id/paymentMethods/:paymentMethodId",
    {
      onRequest: requireSignIn,
      schema: {
        params: paymentMethodParams,
        body: z.object({
          mailingAddressId: z.coerce
            .number({ error: "Choose an address" })
            .int()
            .positive({ error: "Choose an address" }),
          isAbtraGiftCard: z.boolean().optional(),
        }),
      },
    },
    async (request) => {
      const me = ownUser(request, request.params.id);
      const customerId = await customerIdOf(me.userId);
      await updatePaymentMethodAddress(db(), customerId, request.params.paymentMethodId, request.body.mailingAddressId);
      return { success: true };
    },
  );

  app.delete(
    "/user/:id/paymentMethods/:paymentMethodId",
    { onRequest: requireSignIn, schema: { params: paymentMethodParams } },
    async (request) => {
      const me = ownUser(request, request.params.id);
      await deletePaymentMethod(db(), await customerIdOf(me.userId), request.params.paymentMethodId, gateway);
      return { success: true };
    },
  );

  app.get(
    "/user/:id/transactions",
    {
      onRequest: requireSignIn,
      schema: { params: userIdParams, querystring: z.object({ displayableId: z.string().max(100).optional() }) },
    },
    async (request) => {
      const me = ownUser(request, request.params.id);
      return {
        transactions: await listTransactions(db(), await customerIdOf(me.userId), request.query.displayableId),
      };
    },
  );

  // Recovery e-mail ---------------------------------------------------------------------------------

  app.get("/user/recoveryEmail", { onRequest: requireSignIn }, async (request) =>
    getRecoveryEmail(db(), auth(request).userId),
  );

  app.put(
    "/user/recoveryEmail",
    {
      onRequest: requireSignIn,
      schema: {
        body: z.object({
          recoveryEmail: emailSchema,
          // A session alone does not change where reset links may go: the password is asked again.
          currentPassword: z
            .string({ error: "Enter your current password" })
            .min(1, { error: "Enter your current password" })
            .max(PASSWORD_MAX_LENGTH),
          token: z.string().max(20_000).optional(),
        }),
      },
    },
    async (request) => {
      const me = auth(request);
      await enforceRateLimits(db(), recoveryEmailRules(me.userId, "update"), "recovery email changes");
      await verifyBot(request, request.body.token, "recovery_email");
      await setRecoveryEmail(accountContext(), {
        userId: me.userId,
        recoveryEmail: request.body.recoveryEmail,
        currentPassword: request.body.currentPassword,
      });
      return { success: true };
    },
  );

  app.post(
    "/user/recoveryEmail/undo",
    { schema: { body: z.object({ undoToken: linkTokenSchema }) } },
    async (request) => {
      await enforceRateLimits(db(), undoRecoveryEmailRules(request.ip), "undo attempts");
      await undoRecoveryEmailChange(db(), request.body.undoToken);
      // This browser's session ended with the others.
      await request.session.destroy();
      return {
        success: true,
        message: "The change is undone and every session of your account is signed out. Please choose a new password.",
      };
    },
  );

  app.post("/user/recoveryEmail/verify", { onRequest: requireSignIn, schema: { body: tokenBody } }, async (request) => {
    const me = auth(request);
    await enforceRateLimits(db(), recoveryEmailRules(me.userId, "verify"), "verification e-mails");
    await verifyBot(request, request.body?.token, "recovery_email_verify");
    await sendRecoveryEmailVerification(accountContext(), me.userId);
    return { success: true };
  });

  // Newsletter --------------------------------------------------------------------------------------

  app.post(
    "/newsletterSubscriptions/subscribe",
    {
      schema: {
        querystring: z.object({ email: emailSchema }),
        body: tokenBody,
      },
    },
    async (request) => {
      const email = request.query.email;
      await enforceRateLimits(db(), newsletterRules(email, request.ip), "newsletter sign-ups");
      await verifyBot(request, request.body?.token, "newsletter");
      await requestSubscription(newsletterContext(), email, request.ip);
      return { success: true };
    },
  );

  app.post(
    "/newsletterSubscriptions/confirm",
    { schema: { body: z.object({ confirmToken: linkTokenSchema }) } },
    async (request) => {
      const { email } = await confirmSubscription(newsletterContext(), request.body.confirmToken);
      return { success: true, email };
    },
  );

  app.post(
    "/newsletterSubscriptions/unsubscribe",
    { schema: { body: z.object({ unsubscribeToken: z.string().max(200) }) } },
    async (request) => {
      await unsubscribe(db(), request.body.unsubscribeToken);
      return { success: true };
    },
  );
}
