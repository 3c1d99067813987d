// The listing pages' sidebars (categories, filters): a desktop page shows them beside the results, a
// phone only in the filter drawer. Their code is not part of a phone's first load (lib/deferred-hydration.tsx).
import { desktopPart } from "../../lib/deferred-hydration.tsx";

export const filterSidebar = desktopPart(() => import("./filter-sidebar.tsx").then((module) => module.FilterSidebar));

export const categorySidebar = desktopPart(() =>
  import("../../components/category-sidebar.tsx").then((module) => module.CategorySidebar),
);
