import { data } from "react-router";
import { NotFoundView } from "../components/status-views.tsx";
import type { Route } from "./+types/not-found";

// Every path no other route claims: the 404 page with a real 404 status.
export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { store?: { storeName: string } }
    | undefined;
  return [{ title: `404 Not Found | ${root?.store?.storeName ?? "Store"}` }, { name: "robots", content: "noindex" }];
};

export default function NotFound() {
  return <NotFoundView />;
}
