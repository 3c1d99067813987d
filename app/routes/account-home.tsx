// /myaccount.asp: the account home. Rendered on the server from the session; anonymous visitors are
// sent to sign in first.
import { BookUser, CreditCard, KeyRound, LogOut, MailCheck, Package } from "lucide-react";
import { Link, redirect } from "react-router";
import { appContext } from "../context.ts";
import { getUserSummary } from "../features/account/account-data.server.ts";
import { AccountPage } from "../features/account/account-ui.tsx";
import { accountMeta, storeNameOf } from "../features/account/use-async-action.ts";
import { loginPath } from "../features/account/use-current-user.ts";
import { MyEquipmentList } from "../features/equipment/my-equipment.tsx";
import type { Route } from "./+types/account-home";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, session } = context.get(appContext);
  const current = await session.get();
  const user = current?.userId ? await getUserSummary(services.database.db, current.userId) : null;
  if (!user) throw redirect(loginPath("/myaccount.asp"));
  return { firstName: user.firstName, lastName: user.lastName, email: user.email };
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta("My Account", storeNameOf(matches));

const LINKS = [
  { to: "/orders.asp", label: "Orders", text: "Track orders and see what you bought.", Icon: Package },
  { to: "/address.asp", label: "Addresses", text: "Shipping and billing addresses.", Icon: BookUser },
  { to: "/wallet", label: "Wallet", text: "Saved cards and your transaction history.", Icon: CreditCard },
  {
    to: "/recovery-email",
    label: "Recovery email",
    text: "A second address to reset your password if you lose this one.",
    Icon: MailCheck,
  },
  { to: "/change-password", label: "Change password", text: "Signs you out on every other device.", Icon: KeyRound },
] as const;

export default function AccountHome({ loaderData }: Route.ComponentProps) {
  const name = [loaderData.firstName, loaderData.lastName].filter(Boolean).join(" ");
  return (
    <AccountPage title="My Account">
      <p className="-mt-4 mb-6 text-lg text-muted">
        Hello{name ? `, ${name}` : ""} <span className="text-sm">({loaderData.email})</span>
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 desk:grid-cols-3">
        {LINKS.map(({ to, label, text, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full items-start gap-4 rounded-lg border border-line bg-white p-5 shadow-sm hover:border-aqua-500 hover:shadow"
            >
              <Icon aria-hidden="true" size={28} className="shrink-0 text-water-800" />
              <span>
                <span className="block text-lg font-bold text-water-900">{label}</span>
                <span className="text-sm text-muted">{text}</span>
              </span>
            </Link>
          </li>
        ))}
        <li>
          <Link
            to="/logout"
            reloadDocument
            className="flex h-full items-start gap-4 rounded-lg border border-line bg-white p-5 shadow-sm hover:border-aqua-500 hover:shadow"
          >
            <LogOut aria-hidden="true" size={28} className="shrink-0 text-water-800" />
            <span>
              <span className="block text-lg font-bold text-water-900">Sign Out</span>
              <span className="text-sm text-muted">End your session on this device.</span>
            </span>
          </Link>
        </li>
      </ul>
      <MyEquipmentList />
    </AccountPage>
  );
}
