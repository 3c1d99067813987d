// Sign-up and sign-in, e-mail links, password changes, the signed-in user and customer, the
// recovery e-mail, and the bot-check challenge their forms solve first.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
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
  addressRules,
  changePasswordRules,
  mailRequestRules,
  recoveryEmailRules,
  registerRules,
  resetPasswordRules,
  signInAccountIpKey,
  signInRules,
  undoRecoveryEmailRules,
} from "../../services/account/rate-limit-rules.ts";
import { BOT_CHECK_ACTIONS } from "../../services/bot-check/bot-check.ts";
import { mergeAnonymousCheckout } from "../../services/checkout/checkout-merge.ts";
import { getCustomerView } from "../../services/customers/customer-service.ts";
import { enforceRateLimits, resetRateLimit } from "../../services/rate-limit/rate-limiter.ts";
import type { StoreServices } from "../../services/store-services.ts";
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
import {
  accountRequests,
  guardAccountRoutes,
  linkTokenSchema,
  successMessageReply,
  successReply,
  tokenBody,
} from "./account-guard.ts";
import { customerReply, orEmpty, userSummaryReply } from "./account-replies.ts";

const botChallengeReply = z.union([
  z.object({ kind: z.literal("recaptcha"), siteKey: z.string() }),
  z.object({ kind: z.literal("altcha"), challenge: z.record(z.string(), z.unknown()) }),
]);

/** The user a sign-in answers with (the same fields as `/user`, in the order the sign-in form has always read them). */
const signedInUserReply = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
});

export async function accountAuthRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardAccountRoutes(fastify);
  const { db, accountContext, requireSignIn, auth, verifyBot } = accountRequests(services);

  app.get(
    "/bot-check/challenge",
    {
      schema: {
        querystring: z.object({
          action: z.enum(BOT_CHECK_ACTIONS, { error: `must be one of ${BOT_CHECK_ACTIONS.join(", ")}` }),
        }),
        response: { 200: botChallengeReply },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return services.botCheck.challenge(request.query.action);
    },
  );

  app.post(
    "/auth/register",
    { schema: { body: registerSchema, response: { 200: successMessageReply } } },
    async (request) => {
      const { email, password, firstName, lastName, token } = request.body;
      await enforceRateLimits(db(), registerRules(email, request.ip), "sign-up attempts");
      await verifyBot(request, token, "register");
      await enforceRateLimits(db(), addressRules("register", email), "sign-up attempts");
      await registerAccount(accountContext(), { email, password, firstName, lastName });
      return {
        success: true,
        message: `Almost done: we sent a link to ${email}. Open it to confirm your address, then sign in.`,
      };
    },
  );

  app.post(
    "/auth/login",
    { schema: { body: signInSchema, response: { 200: z.object({ user: signedInUserReply }) } } },
    async (request) => {
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
    },
  );

  app.post("/auth/logout", { schema: { response: { 200: successReply } } }, async (request) => {
    await request.session.destroy();
    return { success: true };
  });

  app.post(
    "/auth/verification",
    { schema: { body: emailRequestSchema, response: { 200: successMessageReply } } },
    async (request) => {
      const { email, token } = request.body;
      await enforceRateLimits(db(), mailRequestRules("verification", email, request.ip), "requests for a new link");
      await verifyBot(request, token, "verification");
      await enforceRateLimits(db(), addressRules("verification", email), "requests for a new link");
      await resendVerification(accountContext(), email);
      return {
        success: true,
        message: `If ${email} belongs to an account that is not confirmed yet, a new confirmation link is on its way.`,
      };
    },
  );

  app.post(
    "/auth/verify-email",
    {
      schema: {
        body: verifyEmailSchema,
        response: { 200: z.object({ success: z.boolean(), kind: z.string(), message: z.string() }) },
      },
    },
    async (request) => {
      const { kind } = await verifyEmailToken(db(), request.body.verificationToken);
      return {
        success: true,
        kind,
        message:
          kind === "account"
            ? "Thank you: your e-mail address is confirmed. You can sign in now."
            : "Recovery email verified",
      };
    },
  );

  app.post(
    "/auth/recover",
    { schema: { body: emailRequestSchema, response: { 200: successMessageReply } } },
    async (request) => {
      const { email, token } = request.body;
      await enforceRateLimits(db(), mailRequestRules("reset", email, request.ip), "password reset requests");
      await verifyBot(request, token, "recover");
      await enforceRateLimits(db(), addressRules("reset", email), "password reset requests");
      await requestPasswordReset(accountContext(), email);
      return {
        success: true,
        message: `If ${email} belongs to an account, or is the confirmed recovery e-mail of one, we have sent it a link to choose a new password. The link works for one hour.`,
      };
    },
  );

  app.post(
    "/auth/reset-password",
    { schema: { body: resetPasswordSchema, response: { 200: successMessageReply } } },
    async (request) => {
      const { resetToken, password, token } = request.body;
      await enforceRateLimits(db(), resetPasswordRules(request.ip), "password reset attempts");
      await verifyBot(request, token, "reset_password");
      await resetPassword(accountContext(), { resetToken, password });
      // Whoever was signed in on this browser is signed out too: the account's sessions are all gone.
      await request.session.destroy();
      return { success: true, message: "Your password is changed. Please sign in with the new one." };
    },
  );

  app.post(
    "/auth/change-password",
    { onRequest: requireSignIn, schema: { body: changePasswordSchema, response: { 200: successMessageReply } } },
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

  app.get(
    "/user",
    { schema: { response: { 200: z.object({ user: orEmpty(userSummaryReply) }) } } },
    async (request) => {
      const session = await request.session.get();
      const user = session?.userId ? await getUserSummary(db(), session.userId) : null;
      return { user: user ?? {} };
    },
  );

  app.get(
    "/customer",
    { schema: { response: { 200: z.object({ customer: orEmpty(customerReply) }) } } },
    async (request) => {
      const session = await request.session.get();
      if (!session?.userId) return { customer: {} };
      const user = await getUserSummary(db(), session.userId);
      if (!user) return { customer: {} };
      return { customer: (await getCustomerView(db(), await ensureCustomerId(db(), user))) ?? {} };
    },
  );

  // Recovery e-mail ---------------------------------------------------------------------------------

  app.get(
    "/user/recoveryEmail",
    {
      onRequest: requireSignIn,
      schema: {
        response: { 200: z.object({ recoveryEmail: z.string().nullable(), recoveryEmailVerified: z.boolean() }) },
      },
    },
    async (request) => getRecoveryEmail(db(), auth(request).userId),
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
        response: { 200: successReply },
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
    { schema: { body: z.object({ undoToken: linkTokenSchema }), response: { 200: successMessageReply } } },
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

  app.post(
    "/user/recoveryEmail/verify",
    { onRequest: requireSignIn, schema: { body: tokenBody, response: { 200: successReply } } },
    async (request) => {
      const me = auth(request);
      await enforceRateLimits(db(), recoveryEmailRules(me.userId, "verify"), "verification e-mails");
      await verifyBot(request, request.body?.token, "recovery_email_verify");
      await sendRecoveryEmailVerification(accountContext(), me.userId);
      return { success: true };
    },
  );
}
