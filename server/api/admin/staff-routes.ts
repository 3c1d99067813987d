// Staff management (owners: `staff:manage`): the list, adding a member (an e-mailed invitation or a
// temporary password), role, name, disabling, new password links, resetting two-step sign-in, and the
// rule that everyone signs in with two steps. Every change is in the audit log.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createStaffMember,
  getStaffAccessSettings,
  getStaffMember,
  listStaffMembers,
  type StaffListItem,
  setStaffAccessSettings,
  setStaffPassword,
  turnOffTwoStep,
  updateStaffMember,
} from "../../../services/staff/staff-accounts.ts";
import { sendStaffPasswordLink } from "../../../services/staff/staff-password-links.ts";
import type { StoreServices } from "../../../services/store-services.ts";
import { STAFF_ROLES } from "../../../shared/admin/permissions.ts";
import {
  staffAccessSettingsSchema,
  staffCreateSchema,
  staffPasswordSchema,
  staffUpdateSchema,
} from "../../../shared/admin/staff-forms.ts";
import { auditActor } from "./admin-guard.ts";

export const staffListItemReply = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  twoStepEnabled: z.boolean(),
  disabled: z.boolean(),
  hasPassword: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});

export function staffListItemJson(item: StaffListItem): z.infer<typeof staffListItemReply> {
  return {
    id: item.id,
    email: item.email,
    name: item.name,
    role: item.role,
    twoStepEnabled: item.twoStepEnabled,
    disabled: item.disabled,
    hasPassword: item.hasPassword,
    lastSignInAt: item.lastSignInAt?.toISOString() ?? null,
    createdAt: item.createdAt.toISOString(),
  };
}

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const successReply = z.object({ success: z.boolean(), message: z.string() });
const settingsReply = z.object({ requireTwoStep: z.boolean() });

export async function staffRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => services.database.db;
  const mail = () => ({ publicUrl: services.config.publicUrl, storeName: services.config.store.storeName });
  const config = { permission: "staff:manage" as const };

  app.get(
    "/staff",
    {
      config,
      schema: { response: { 200: z.object({ staff: z.array(staffListItemReply), settings: settingsReply }) } },
    },
    async () => ({
      staff: (await listStaffMembers(db())).map(staffListItemJson),
      settings: await getStaffAccessSettings(db()),
    }),
  );

  app.post(
    "/staff",
    {
      config,
      schema: {
        body: staffCreateSchema,
        response: { 200: z.object({ staff: staffListItemReply, message: z.string() }) },
      },
    },
    async (request) => {
      const { email, name, role, invite, password } = request.body;
      const actor = auditActor(request);
      const created = await createStaffMember(db(), { email, name, role, password: invite ? null : password }, actor);
      if (invite) await sendStaffPasswordLink(db(), created.id, mail(), actor, "invite");
      return {
        staff: staffListItemJson(created),
        message: invite
          ? `${name} is added. We e-mailed ${email} a link to choose a password (it works for three days).`
          : `${name} is added with the temporary password you chose. Ask them to change it after signing in.`,
      };
    },
  );

  app.patch(
    "/staff/:id",
    {
      config,
      schema: { params: idParams, body: staffUpdateSchema, response: { 200: z.object({ staff: staffListItemReply }) } },
    },
    async (request) => {
      const updated = await updateStaffMember(db(), request.params.id, request.body, auditActor(request));
      return { staff: staffListItemJson(updated) };
    },
  );

  app.post(
    "/staff/:id/password",
    { config, schema: { params: idParams, body: staffPasswordSchema, response: { 200: successReply } } },
    async (request) => {
      await setStaffPassword(db(), request.params.id, request.body.password, auditActor(request));
      return { success: true, message: "The temporary password is set, and their sessions have ended." };
    },
  );

  app.post(
    "/staff/:id/password-link",
    { config, schema: { params: idParams, response: { 200: successReply } } },
    async (request) => {
      const member = await getStaffMember(db(), request.params.id);
      await sendStaffPasswordLink(
        db(),
        member.id,
        mail(),
        auditActor(request),
        member.hasPassword ? "reset" : "invite",
      );
      return { success: true, message: `We e-mailed ${member.email} a link to choose a password.` };
    },
  );

  app.post(
    "/staff/:id/reset-two-step",
    { config, schema: { params: idParams, response: { 200: successReply } } },
    async (request) => {
      const member = await getStaffMember(db(), request.params.id);
      await turnOffTwoStep(db(), member.id, auditActor(request), { reset: true });
      return {
        success: true,
        message: `Two-step sign-in is off for ${member.name}, and their sessions have ended. They can set it up again after signing in.`,
      };
    },
  );

  app.put(
    "/staff-access",
    { config, schema: { body: staffAccessSettingsSchema, response: { 200: z.object({ settings: settingsReply }) } } },
    async (request) => ({ settings: await setStaffAccessSettings(db(), request.body, auditActor(request)) }),
  );
}
