import type { StaffRole } from "../../shared/admin/permissions.ts";

/** A staff member as the back office sees the one signed in (request.staff, requireStaffPage). */
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  twoStepEnabled: boolean;
}
