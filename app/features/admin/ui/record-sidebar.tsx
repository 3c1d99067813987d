// The right-hand column of a list-and-form page (brands, categories, stock): the chosen record's form,
// sticky beside a long list on wide screens and above the list on a phone, or a hint to choose one.
import type { ReactNode } from "react";
import { Panel } from "./page-header.tsx";

export function RecordSidebar({
  open,
  hint,
  scrolls = false,
  children,
}: {
  /** A record is chosen (or a new one is being added): show `children`, first on a phone. */
  open: boolean;
  /** What the column says while nothing is chosen. */
  hint: ReactNode;
  /** A form taller than the window scrolls inside the sticky column on wide screens. */
  scrolls?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={`lg:sticky lg:top-4 lg:self-start ${scrolls ? "lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto" : ""} ${open ? "order-first lg:order-none" : ""}`}
    >
      {open ? (
        children
      ) : (
        <Panel>
          <p className="text-muted">{hint}</p>
        </Panel>
      )}
    </div>
  );
}
