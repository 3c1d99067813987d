// Building blocks shared by the account pages: the page frame with breadcrumbs and zod field errors. The
// generic form parts (Notice, TextField, BusyButton) are in app/components/ui/.
import type { ReactNode } from "react";
import { Breadcrumbs, type Crumb } from "../../components/breadcrumbs.tsx";

export const MY_ACCOUNT_CRUMB: Crumb = { label: "My Account", href: "/myaccount.asp" };

export function AccountPage({
  title,
  crumbs,
  children,
  narrow = false,
  headingId,
}: {
  title: string;
  crumbs?: readonly Crumb[];
  children: ReactNode;
  narrow?: boolean;
  headingId?: string;
}) {
  return (
    <div className={`container-store py-6 ${narrow ? "max-w-xl" : ""}`}>
      {crumbs ? <Breadcrumbs items={crumbs} className="mb-4" /> : null}
      <h1 id={headingId} className="mb-6 text-3xl font-extrabold text-water-900">
        {title}
      </h1>
      {children}
    </div>
  );
}
