// /cindex.asp: every category as a tree.
import { Link } from "react-router";
import { buildCategoryTree, type CategoryNode } from "../../shared/category-tree.ts";
import { collectionPath } from "../../shared/content-paths.ts";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../components/breadcrumbs.tsx";
import { listCollectionIndex } from "../features/catalog/catalog-data.server.ts";
import { storeOf } from "../features/content/content-route.server.ts";
import { absoluteUrl, pageMeta, rootMetaData } from "../features/shell/page-meta.ts";
import type { Route } from "./+types/index-categories";

const PATH = "/cindex.asp";
const CRUMBS: Crumb[] = [{ label: "Category Index" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, store } = storeOf(context);
  const rows = await listCollectionIndex(db);
  return {
    categories: rows.map(({ id, parentId, title, handle }) => ({ id, parentId, title, handle })),
    paths: store.paths,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { publicUrl } = rootMetaData(matches);
  return pageMeta(matches, {
    title: "Category Index",
    description: "Every category of pool and spa parts in one list.",
    path: PATH,
    jsonLd: [breadcrumbJsonLd(CRUMBS, publicUrl, absoluteUrl(PATH, publicUrl))],
  });
};

function Tree({ nodes, paths }: { nodes: readonly CategoryNode[]; paths: { collections: string } }) {
  return (
    <ul className="space-y-0.5 pl-4 first:pl-0">
      {nodes.map((node) => (
        <li key={node.id}>
          <Link
            to={collectionPath(node.handle, paths)}
            className={`inline-flex min-h-8 items-center hover:text-aqua-600 hover:underline ${node.depth === 0 ? "font-bold text-water-900" : ""}`}
          >
            {node.title}
          </Link>
          {node.children.length > 0 ? <Tree nodes={node.children} paths={paths} /> : null}
        </li>
      ))}
    </ul>
  );
}

export default function CategoryIndex({ loaderData }: Route.ComponentProps) {
  const tree = buildCategoryTree(loaderData.categories);
  return (
    <div className="container-store py-6">
      <Breadcrumbs items={CRUMBS} />
      <h1 className="mt-4 text-3xl font-extrabold text-water-900">Category Index</h1>
      <p className="mt-1 text-sm text-muted">
        <Link to="/pindex.asp" className="text-aqua-600 underline">
          Product index
        </Link>
      </p>
      <div className="mt-4 grid gap-6 sm:max-desk:grid-cols-2 desk:grid-cols-3">
        {tree.map((top) => (
          <section key={top.id} aria-label={top.title}>
            <Tree nodes={[top]} paths={loaderData.paths} />
          </section>
        ))}
      </div>
    </div>
  );
}
