// /blog and /blog/{handle} when the store's blog lives elsewhere (paths.blog in config/store.json): the
// address shoppers and other sites know keeps working, moved permanently to the configured one.
import type { LoaderFunctionArgs } from "react-router";
import { ContentErrorBoundary } from "../features/content/content-error-boundary.tsx";
import { movedPermanently, notFound, requestUrl, storeOf } from "../features/content/content-route.server.ts";

/** The blog's address everyone knows; the route table adds this route only when paths.blog differs. */
export const DEFAULT_BLOG_PATH = "/blog";

/** Where an address under /blog lives under the configured blog path; null when nothing moved. */
export function movedBlogPath(blogPath: string, handle: string | undefined, search: string): string | null {
  if (blogPath === DEFAULT_BLOG_PATH) return null;
  const target = handle === undefined ? blogPath : `${blogPath}/${encodeURIComponent(handle)}`;
  return `${target}${search}`;
}

// Only in the route table when the blog is configured elsewhere, so it has no generated route types.
export function loader({ request, params, context }: LoaderFunctionArgs) {
  const { store } = storeOf(context);
  const target = movedBlogPath(store.paths.blog, params.handle, requestUrl(request).search);
  if (!target) notFound();
  movedPermanently(target);
}

// The loader always answers with a redirect or the 404 page.
export default function BlogMoved() {
  return null;
}

export const ErrorBoundary = ContentErrorBoundary;
