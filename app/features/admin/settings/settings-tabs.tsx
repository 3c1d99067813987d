// The two settings pages' switcher: Shipping (policy, rates, countries) and Tax rates.
import { NavLink } from "react-router";

const TABS = [
  { to: "/admin/settings/shipping", label: "Shipping and countries" },
  { to: "/admin/settings/tax", label: "Tax rates" },
];

export function SettingsTabs() {
  return (
    <nav aria-label="Settings" className="mb-6 flex gap-1 overflow-x-auto border-b border-line">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          className={({ isActive }) =>
            `-mb-px flex min-h-11 items-center border-b-2 px-3 font-semibold whitespace-nowrap ${
              isActive ? "border-aqua-600 text-water-900" : "border-transparent text-muted hover:text-ink"
            }`
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
