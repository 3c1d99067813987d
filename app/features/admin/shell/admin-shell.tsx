// The back office's frame: a side navigation (a menu button opens it on narrow screens), a top bar with
// the store's name, the signed-in member and sign-out, and the page. No storefront header, footer or cart.
import { LogOut, Menu, Store, X } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { type Permission, ROLE_LABELS, roleCan, type StaffRole } from "../../../../shared/admin/permissions.ts";
import { ToastContainer } from "../../../components/toasts.tsx";
import { ADMIN_NAV } from "./admin-nav.ts";

export interface ShellStaff {
  name: string;
  email: string;
  role: StaffRole;
}

function NavList({ role, onNavigate }: { role: StaffRole; onNavigate?: () => void }) {
  const items = ADMIN_NAV.filter((item) => !item.permission || roleCan(role, item.permission as Permission));
  return (
    <ul className="space-y-1">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex min-h-11 items-center gap-3 rounded-md px-3 font-medium ${
                isActive ? "bg-white/15 text-white" : "text-white/80 hover:bg-white/10 hover:text-white"
              }`
            }
          >
            <item.icon aria-hidden="true" size={18} />
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function AdminShell({
  staff,
  storeName,
  children,
}: {
  staff: ShellStaff;
  storeName: string;
  children: ReactNode;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // A new page closes the narrow screen's menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation on purpose.
  useEffect(() => setMenuOpen(false), [location.pathname]);
  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[15rem_1fr]">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <aside
        id="admin-navigation"
        className={`${menuOpen ? "block" : "hidden"} bg-water-950 px-3 py-4 text-white lg:sticky lg:top-0 lg:block lg:h-screen lg:overflow-y-auto`}
      >
        <Link to="/admin" className="mb-6 hidden items-center gap-2 px-3 text-lg font-bold lg:flex">
          <Store aria-hidden="true" size={22} />
          <span className="leading-tight">{storeName}</span>
        </Link>
        <nav aria-label="Back office">
          <NavList role={staff.role} onNavigate={() => setMenuOpen(false)} />
        </nav>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex min-h-14 items-center gap-3 border-b border-line bg-white px-4">
          <button
            type="button"
            className="-ml-2 flex size-11 items-center justify-center rounded text-water-900 hover:bg-surface lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="admin-navigation"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" size={22} /> : <Menu aria-hidden="true" size={22} />}
            <span className="sr-only">{menuOpen ? "Close menu" : "Menu"}</span>
          </button>
          <p className="truncate font-semibold text-water-900 lg:hidden">{storeName}</p>
          <p className="hidden text-sm text-muted lg:block">Back office</p>
          <div className="ml-auto flex items-center gap-3">
            <Link to="/" className="hidden text-sm text-aqua-600 hover:underline sm:inline">
              View store
            </Link>
            <Link
              to="/admin/account"
              className="rounded px-1 text-right leading-tight hover:bg-surface"
              title={`${staff.email}: your account and two-step sign-in`}
            >
              <p className="max-w-[12rem] truncate text-sm font-semibold text-ink">{staff.name}</p>
              <p className="text-xs text-muted">{ROLE_LABELS[staff.role]}</p>
            </Link>
            <Form method="post" action="/admin/logout" reloadDocument>
              <button
                type="submit"
                className="flex min-h-11 items-center gap-2 rounded-md border border-line px-3 text-sm font-semibold text-water-900 hover:bg-surface"
              >
                <LogOut aria-hidden="true" size={16} />
                <span className="hidden sm:inline">Sign out</span>
                <span className="sr-only sm:hidden">Sign out</span>
              </button>
            </Form>
          </div>
        </header>
        {/*
          Nothing in a page may widen the document: on a phone a wider document widens the layout viewport,
          and a dialog centred in it (position: fixed) lands partly off the screen, where its buttons cannot
          be tapped. Screen-reader-only text in a table that scrolls sideways is positioned absolutely and
          escapes the table's scroller; `relative` with `overflow-x: clip` keeps it (and anything else) in
          the page's width without making the page a scroll container.
        */}
        <main
          id="admin-main"
          className="relative mx-auto w-full max-w-[1280px] flex-1 overflow-x-clip px-4 py-6 lg:px-8"
        >
          {children}
        </main>
      </div>
      <ToastContainer />
    </div>
  );
}
