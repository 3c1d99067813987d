/**
 * On <html> from the end of the page's first hydration until the last part left for later
 * (app/lib/hydrate-in-turn.tsx) has hydrated.
 */
export const HYDRATING_ATTRIBUTE = "data-hydrating";
