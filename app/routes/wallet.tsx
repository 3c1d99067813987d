// /wallet: 'Checking login status...' until the user is known; anonymous visitors
// are sent to sign in; then the tabs 'Payment methods' (default) and 'Transaction History'.
import { useEffect } from "react";
import { Tabs } from "../components/tabs.tsx";
import { AccountPage, MY_ACCOUNT_CRUMB } from "../features/account/account-ui.tsx";
import { accountMeta, storeNameOf } from "../features/account/use-async-action.ts";
import { loginPath, useCurrentUser } from "../features/account/use-current-user.ts";
import { PaymentMethodsTab } from "../features/account/wallet-payment-methods.tsx";
import { TransactionsTab } from "../features/account/wallet-transactions.tsx";
import type { Route } from "./+types/wallet";

/** What this page shows is the visitor's (loaded in the browser): the page cache never keeps it. */
export const handle = { personal: true };

export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Wallet", storeNameOf(matches));

const tabClass =
  "min-h-11 border-b-3 border-transparent px-4 font-semibold text-muted hover:text-water-900 data-[state=active]:border-aqua-600 data-[state=active]:text-water-900";

export default function Wallet() {
  const lookup = useCurrentUser();
  useEffect(() => {
    if (lookup.status === "anonymous") window.location.assign(loginPath("/wallet"));
  }, [lookup.status]);

  return (
    <AccountPage title="Wallet" crumbs={[MY_ACCOUNT_CRUMB, { label: "Wallet" }]}>
      {lookup.status === "loading" ? <p className="text-muted">Checking login status...</p> : null}
      {lookup.status === "anonymous" ? <p className="text-muted">Redirect to login...</p> : null}
      {lookup.status === "signed-in" ? (
        <Tabs
          label="Wallet"
          defaultValue="payment-methods"
          items={[
            {
              value: "payment-methods",
              label: "Payment methods",
              content: <PaymentMethodsTab userId={lookup.user.id} />,
            },
            {
              value: "transactions",
              label: "Transaction History",
              content: <TransactionsTab userId={lookup.user.id} />,
            },
          ]}
          listClassName="mb-6 flex gap-2 border-b border-line"
          tabClassName={tabClass}
          panelClassName="focus:outline-none"
        />
      ) : null}
    </AccountPage>
  );
}
