// Back-office sign-in and staff forms: one schema for the page (instant feedback) and the API (the judge).
import { z } from "zod";
import { emailSchema, PASSWORD_MAX_LENGTH, passwordProblem, safeRedirectPath, signInSchema } from "../account-forms.ts";
import { STAFF_ROLES } from "./permissions.ts";

/** Staff sign in as shoppers do: e-mail, password, bot-check answer. */
export const staffSignInSchema = signInSchema;

/** The second step: a 6-digit code from the app, or one of the recovery codes. */
export const twoStepCodeSchema = z.object({
  code: z
    .string({ error: "Enter the code from your authenticator app" })
    .trim()
    .min(6, { error: "Enter the 6-digit code from your authenticator app" })
    .max(20, { error: "Enter the 6-digit code from your authenticator app, or a recovery code" }),
});

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: "Choose a role: owner, manager or support" });

const staffName = z
  .string({ error: "Enter their name" })
  .trim()
  .min(1, { error: "Enter their name" })
  .max(100, { error: "A name has at most 100 characters" });

const newPassword = z
  .string({ error: "Enter a password" })
  .min(1, { error: "Enter a password" })
  .max(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters.` });

/** Adding a member: invited by e-mail (they choose their password from a link) or given a temporary password. */
export const staffCreateSchema = z
  .object({
    email: emailSchema,
    name: staffName,
    role: staffRoleSchema,
    invite: z.boolean().default(true),
    password: newPassword.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.invite) return;
    if (!value.password) {
      ctx.addIssue({
        code: "custom",
        path: ["password"],
        message: "Enter a temporary password, or send an invitation",
      });
      return;
    }
    const problem = passwordProblem(value.password, value.email);
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  });
export type StaffCreateInput = z.input<typeof staffCreateSchema>;

export const staffUpdateSchema = z
  .object({
    name: staffName.optional(),
    role: staffRoleSchema.optional(),
    disabled: z.boolean().optional(),
  })
  .refine((value) => value.name !== undefined || value.role !== undefined || value.disabled !== undefined, {
    error: "Send a name, a role or disabled",
  });

export const staffPasswordSchema = z.object({ password: newPassword });

/** Choosing a password from an invitation or reset link. */
export const staffSetPasswordSchema = z.object({
  token: z
    .string({ error: "This link is incomplete. Open it again from the e-mail." })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "This link is incomplete. Open it again from the e-mail." }),
  password: newPassword,
});

export const staffAccessSettingsSchema = z.object({ requireTwoStep: z.boolean() });

/** Where to go after signing in: a back-office path, nothing else. */
export function safeAdminPath(value: string | null | undefined): string {
  const path = safeRedirectPath(value, "/admin");
  return path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin?") ? path : "/admin";
}

/** The page a member is sent to when the owner requires two-step sign-in and they have none yet. */
export const TWO_STEP_SETUP_PATH = "/admin/two-step-setup";
