// The back office's side navigation: one line per area, shown to the roles that hold its permission.
// Add your area's line here (keep the order: daily work first, the owner's pages last).
import {
  Boxes,
  ClipboardList,
  FileSpreadsheet,
  FileText,
  FolderTree,
  LayoutDashboard,
  type LucideIcon,
  MessageCircleQuestion,
  Package,
  Percent,
  RotateCcw,
  ScrollText,
  ShoppingBag,
  Star,
  Tags,
  TicketPercent,
  Truck,
  UserRound,
  UsersRound,
  Wrench,
} from "lucide-react";
import type { Permission } from "../../../../shared/admin/permissions.ts";

export interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown only to roles with this permission; absent: every member. */
  permission?: Permission;
  /** Active only on this exact path (the dashboard), not on the pages under it. */
  end?: boolean;
}

export const ADMIN_NAV: AdminNavItem[] = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true },
  // Areas add their entries here, e.g. { to: "/admin/products", label: "Products", icon: Package, permission: "catalog:read" },
  { to: "/admin/products", label: "Products", icon: Package, permission: "catalog:read" },
  { to: "/admin/categories", label: "Categories", icon: FolderTree, permission: "catalog:read" },
  { to: "/admin/brands", label: "Brands", icon: Tags, permission: "catalog:read" },
  { to: "/admin/stock", label: "Stock", icon: Boxes, permission: "catalog:read" },
  { to: "/admin/equipment", label: "Equipment", icon: Wrench, permission: "catalog:read" },
  { to: "/admin/orders", label: "Orders", icon: ShoppingBag, permission: "orders:read" },
  { to: "/admin/returns", label: "Returns", icon: RotateCcw, permission: "orders:read" },
  { to: "/admin/import", label: "Import and export", icon: FileSpreadsheet, permission: "catalog:read" },
  { to: "/admin/customers", label: "Customers", icon: UserRound, permission: "customers:read" },
  { to: "/admin/discounts", label: "Discounts", icon: TicketPercent, permission: "discounts:write" },
  { to: "/admin/reviews", label: "Reviews", icon: Star, permission: "reviews:write" },
  { to: "/admin/questions", label: "Questions", icon: MessageCircleQuestion, permission: "reviews:write" },
  { to: "/admin/content", label: "Content", icon: FileText, permission: "content:write" },
  { to: "/admin/settings/shipping", label: "Shipping", icon: Truck, permission: "settings:write" },
  { to: "/admin/settings/tax", label: "Tax rates", icon: Percent, permission: "settings:write" },
  { to: "/admin/staff", label: "Staff", icon: UsersRound, permission: "staff:manage" },
  { to: "/admin/audit", label: "Audit log", icon: ScrollText, permission: "audit:read" },
];

/** Unused icon kept importable for areas without their own yet. */
export const DEFAULT_NAV_ICON: LucideIcon = ClipboardList;
