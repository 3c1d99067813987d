// The title block of a back-office page: title, an optional line under it, and the page's actions.
import type { ReactNode } from "react";
import { Link } from "react-router";

export function PageHeader({
  title,
  description,
  actions,
  breadcrumbs,
}: {
  title: string;
  description?: ReactNode;
  /** Buttons or links at the right (under the title on a narrow screen). */
  actions?: ReactNode;
  /** Parent pages, e.g. [{ label: "Products", to: "/admin/products" }]. */
  breadcrumbs?: Array<{ label: string; to: string }>;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        {breadcrumbs?.length ? (
          <nav aria-label="Breadcrumb" className="mb-1 text-sm text-muted">
            <ol className="flex flex-wrap gap-1">
              {breadcrumbs.map((crumb) => (
                <li key={crumb.to} className="after:ml-1 after:content-['/'] last:after:content-none">
                  <Link to={crumb.to} className="text-aqua-600 hover:underline">
                    {crumb.label}
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <h1 className="text-2xl font-bold text-water-900">{title}</h1>
        {description ? <p className="mt-1 text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}

/** A white panel for a page's sections. */
export function Panel({
  title,
  children,
  className = "",
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-lg border border-line bg-white p-4 shadow-sm sm:p-5 ${className}`}>
      {title ? <h2 className="mb-3 text-lg font-semibold text-water-900">{title}</h2> : null}
      {children}
    </section>
  );
}
