// A member's own account: two-step sign-in setup (a QR code and the key to type, confirmed with a
// code; recovery codes shown once) and turning it off, and choosing a password from an e-mailed link.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import QRCode from "qrcode";
import { z } from "zod";
import { Conflict, Unauthorized } from "../../../services/errors.ts";
import { enforceRateLimits } from "../../../services/rate-limit/rate-limiter.ts";
import {
  beginTwoStepEnrolment,
  confirmTwoStepEnrolment,
  getStaffAccessSettings,
  remainingRecoveryCodes,
  turnOffTwoStep,
  verifyStaffCredentials,
} from "../../../services/staff/staff-accounts.ts";
import { setStaffPasswordWithLink } from "../../../services/staff/staff-password-links.ts";
import { twoStepRules } from "../../../services/staff/staff-rate-limits.ts";
import { totpUri } from "../../../services/staff/two-step.ts";
import type { StoreServices } from "../../../services/store-services.ts";
import { PASSWORD_MAX_LENGTH } from "../../../shared/account-forms.ts";
import { staffSetPasswordSchema, twoStepCodeSchema } from "../../../shared/admin/staff-forms.ts";
import { auditActor } from "./admin-guard.ts";

const MINUTE = 60 * 1000;

export async function staffAccountRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => services.database.db;
  const now = () => services.clock.now();
  const me = (request: { staffSession: { staff: { id: number; email: string } } | null }) => {
    const staff = request.staffSession?.staff;
    if (!staff) throw new Unauthorized("Please sign in to the back office to continue.");
    return staff;
  };

  app.get(
    "/account/two-step",
    {
      config: { permission: "own-account" },
      schema: {
        response: {
          200: z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number() }),
        },
      },
    },
    async (request) => {
      const staff = me(request);
      const session = request.staffSession;
      return {
        enabled: session?.staff.twoStepEnabled ?? false,
        required: (await getStaffAccessSettings(db())).requireTwoStep,
        recoveryCodesLeft: await remainingRecoveryCodes(db(), staff.id),
      };
    },
  );

  app.post(
    "/account/two-step/setup",
    {
      config: { permission: "own-account" },
      schema: { response: { 200: z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() }) } },
    },
    async (request) => {
      const staff = me(request);
      const { secret } = await beginTwoStepEnrolment(db(), staff.id);
      const uri = totpUri(secret, staff.email, services.config.store.storeName);
      const qrCode = await QRCode.toDataURL(uri, { margin: 1, width: 220, errorCorrectionLevel: "M" });
      return { secret, uri, qrCode };
    },
  );

  app.post(
    "/account/two-step/confirm",
    {
      config: { permission: "own-account" },
      schema: { body: twoStepCodeSchema, response: { 200: z.object({ recoveryCodes: z.array(z.string()) }) } },
    },
    async (request, reply) => {
      const staff = me(request);
      await enforceRateLimits(db(), twoStepRules(staff.id, request.ip), "code attempts");
      const result = await confirmTwoStepEnrolment(db(), staff.id, request.body.code, now(), auditActor(request));
      // Sent here to set it up before anything else: now fully signed in, on a new session id.
      if (request.staffSession?.stage === "enrol")
        await fastify.staffSessions.start(request, reply, staff.id, "active");
      return result;
    },
  );

  app.post(
    "/account/two-step/disable",
    {
      config: { permission: "signed-in" },
      schema: {
        body: z.object({ password: z.string().min(1, { error: "Enter your password" }).max(PASSWORD_MAX_LENGTH) }),
        response: { 200: z.object({ success: z.boolean() }) },
      },
    },
    async (request) => {
      const staff = me(request);
      await enforceRateLimits(
        db(),
        [{ key: `staff-two-step-off:staff:${staff.id}`, limit: 5, windowMs: 15 * MINUTE }],
        "attempts",
      );
      if ((await getStaffAccessSettings(db())).requireTwoStep) {
        throw new Conflict("The store's owner requires two-step sign-in for everyone, so it cannot be turned off.");
      }
      await verifyStaffCredentials(db(), { email: staff.email, password: request.body.password });
      await turnOffTwoStep(db(), staff.id, auditActor(request), { reset: false });
      return { success: true };
    },
  );

  app.post(
    "/auth/set-password",
    {
      config: { permission: "public" },
      schema: {
        body: staffSetPasswordSchema,
        response: { 200: z.object({ success: z.boolean(), email: z.string() }) },
      },
    },
    async (request) => {
      await enforceRateLimits(
        db(),
        [{ key: `staff-set-password:ip:${request.ip}`, limit: 20, windowMs: 15 * MINUTE }],
        "attempts",
      );
      const { email } = await setStaffPasswordWithLink(
        db(),
        request.body,
        { requestId: request.id, ipAddress: request.ip },
        now(),
      );
      return { success: true, email };
    },
  );
}
