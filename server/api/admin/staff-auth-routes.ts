// Back-office sign-in: password (same rules, limits and bot check as shoppers), then a two-step code
// when the member has one, or the two-step setup when the owner requires it and they have none.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../../../services/audit/audit-log.ts";
import { InvalidInput, Unauthorized } from "../../../services/errors.ts";
import { enforceRateLimits, resetRateLimit } from "../../../services/rate-limit/rate-limiter.ts";
import {
  getStaffAccessSettings,
  recordStaffSignIn,
  staffSignInCountingFailures,
  toStaffMember,
  verifyTwoStepCode,
  WRONG_CODE,
} from "../../../services/staff/staff-accounts.ts";
import { staffSignInAccountIpKey, staffSignInRules, twoStepRules } from "../../../services/staff/staff-rate-limits.ts";
import type { StaffMember } from "../../../services/staff/staff-types.ts";
import type { StoreServices } from "../../../services/store-services.ts";
import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES } from "../../../shared/admin/permissions.ts";
import { staffSignInSchema, twoStepCodeSchema } from "../../../shared/admin/staff-forms.ts";
import { auditActor } from "./admin-guard.ts";

export const staffReply = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  twoStepEnabled: z.boolean(),
});

/** What a sign-in step answers: who, and what comes next (nothing, the code, or setting two-step sign-in up). */
const signInReply = z.object({
  staff: staffReply,
  next: z.enum(["done", "two-step", "enrol"]),
});

const meReply = z.object({
  staff: staffReply,
  stage: z.enum(["active", "totp", "enrol"]),
  permissions: z.array(z.enum(PERMISSIONS)),
  requireTwoStep: z.boolean(),
});

const TWO_STEP_EXPECTED = "Sign in with your e-mail address and password first.";

function publicStaff(staff: StaffMember) {
  return { id: staff.id, email: staff.email, name: staff.name, role: staff.role, twoStepEnabled: staff.twoStepEnabled };
}

export async function staffAuthRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => services.database.db;
  const now = () => services.clock.now();

  app.post(
    "/auth/login",
    { config: { permission: "public" }, schema: { body: staffSignInSchema, response: { 200: signInReply } } },
    async (request, reply) => {
      const { email, password, token } = request.body;
      await enforceRateLimits(db(), staffSignInRules(email, request.ip), "sign-in attempts");
      await services.botCheck.verify(token, { action: "login", ipAddress: request.ip });
      const row = await staffSignInCountingFailures(db(), { email, password });
      await resetRateLimit(db(), staffSignInAccountIpKey(email, request.ip));
      const staff = toStaffMember(row);
      const { requireTwoStep } = await getStaffAccessSettings(db());
      const next: "two-step" | "enrol" | "done" = staff.twoStepEnabled ? "two-step" : requireTwoStep ? "enrol" : "done";
      await fastify.staffSessions.start(
        request,
        reply,
        staff.id,
        next === "two-step" ? "totp" : next === "enrol" ? "enrol" : "active",
      );
      if (next === "done") {
        await recordStaffSignIn(db(), staff.id, now());
        await recordAudit(db(), {
          ...auditActor(request),
          staffId: staff.id,
          staffEmail: staff.email,
          action: "staff.sign-in",
          entity: "staff",
          entityId: staff.id,
        });
      }
      return { staff: publicStaff(staff), next };
    },
  );

  app.post(
    "/auth/two-step",
    { config: { permission: "public" }, schema: { body: twoStepCodeSchema, response: { 200: signInReply } } },
    async (request, reply) => {
      const session = request.staffSession;
      if (session?.stage !== "totp") throw new Unauthorized(TWO_STEP_EXPECTED);
      const staff = session.staff;
      await enforceRateLimits(db(), twoStepRules(staff.id, request.ip), "code attempts");
      const passed = await verifyTwoStepCode(db(), staff.id, request.body.code, now());
      if (!passed) throw new InvalidInput(WRONG_CODE);
      await fastify.staffSessions.start(request, reply, staff.id, "active");
      await recordStaffSignIn(db(), staff.id, now());
      await recordAudit(db(), {
        ...auditActor(request),
        staffId: staff.id,
        staffEmail: staff.email,
        action: passed === "recovery" ? "staff.sign-in-recovery-code" : "staff.sign-in",
        entity: "staff",
        entityId: staff.id,
      });
      return { staff: publicStaff(staff), next: "done" as const };
    },
  );

  app.post(
    "/auth/logout",
    { config: { permission: "public" }, schema: { response: { 200: z.object({ success: z.boolean() }) } } },
    async (request, reply) => {
      await fastify.staffSessions.end(request, reply);
      return { success: true };
    },
  );

  app.get("/me", { config: { permission: "own-account" }, schema: { response: { 200: meReply } } }, async (request) => {
    const session = request.staffSession;
    if (!session) throw new Unauthorized(TWO_STEP_EXPECTED);
    const { requireTwoStep } = await getStaffAccessSettings(db());
    return {
      staff: publicStaff(session.staff),
      stage: session.stage,
      permissions: [...ROLE_PERMISSIONS[session.staff.role]],
      requireTwoStep,
    };
  });
}
