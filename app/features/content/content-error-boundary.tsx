import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundView, SomethingWentWrongView } from "../../components/status-views.tsx";

/**
 * The content routes' own error boundary: with it, a 404 keeps the route's `meta` (title '404 Not
 * Found', noindex) instead of falling back to the root's, which has no title.
 */
export function ContentErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return <SomethingWentWrongView />;
}
