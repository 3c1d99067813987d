// The Filter & Sort drawer's code (Radix Dialog and the drawer) loads the first time it opens, not with the
// page: desktops never open it and most phone visits do not either. Once loaded it stays mounted, so
// closing animates and focus returns to the button as before.
import { lazy, Suspense } from "react";
import { useOpenedOnce } from "../../lib/use-opened-once.ts";
import type { FilterDrawerProps } from "./filter-drawer.tsx";

const FilterDrawer = lazy(() => import("./filter-drawer.tsx").then((module) => ({ default: module.FilterDrawer })));

export function LazyFilterDrawer(props: FilterDrawerProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <FilterDrawer {...props} />
    </Suspense>
  );
}
