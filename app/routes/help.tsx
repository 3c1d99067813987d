// /help.asp: the help centre, its answers grouped by topic.
import { ChevronRight, LifeBuoy } from "lucide-react";
import { Link } from "react-router";
import { helpAnswerPath } from "../../shared/content-paths.ts";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../components/breadcrumbs.tsx";
import { telHref } from "../components/header-bar-support-hours.tsx";
import { SELLER_REVIEWS_LIMIT, SellerReviews } from "../components/seller-reviews.tsx";
import { listHelpCategories, listSiteReviews } from "../features/content/content-data.server.ts";
import { storeOf } from "../features/content/content-route.server.ts";
import { absoluteUrl, pageMeta, rootMetaData } from "../features/shell/page-meta.ts";
import type { Route } from "./+types/help";

export const HELP_PATH = "/help.asp";
const CRUMBS: Crumb[] = [{ label: "Help Center" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, store, logger } = storeOf(context);
  const [categories, reviews] = await Promise.all([
    listHelpCategories(db),
    // What other shoppers say about our help, server-rendered (the carousel fetches them itself elsewhere).
    listSiteReviews(db, { page: 0, limit: SELLER_REVIEWS_LIMIT }).catch((error: unknown) => {
      logger.error({ err: error }, "Seller reviews could not be loaded");
      return null;
    }),
  ]);
  return {
    categories,
    reviews: reviews?.siteReviews ?? null,
    phone: store.contactPhoneNumber,
    email: store.storeEmail,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { publicUrl } = rootMetaData(matches);
  return pageMeta(matches, {
    title: "Help Center",
    description: "Answers about shipping, orders, returns, finding the right part, payment and warranties.",
    path: HELP_PATH,
    jsonLd: [breadcrumbJsonLd(CRUMBS, publicUrl, absoluteUrl(HELP_PATH, publicUrl))],
  });
};

export default function Help({ loaderData }: Route.ComponentProps) {
  const { categories, reviews, phone, email } = loaderData;
  return (
    <div className="container-store py-6">
      <Breadcrumbs items={CRUMBS} />
      <h1 className="mt-4 text-3xl font-extrabold text-water-900">Help Center</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Quick answers to the questions we hear most. Can't find yours? Ask in our{" "}
        <Link to="/questions" className="text-aqua-600 underline">
          Questions &amp; Answers
        </Link>{" "}
        or call our pool techs.
      </p>
      <div className="mt-6 grid gap-6 sm:max-desk:grid-cols-2 desk:grid-cols-3">
        {categories.map((group, index) => (
          <section
            key={group.category}
            aria-labelledby={`help-topic-${index}`}
            className="rounded-lg border border-line bg-white p-4"
          >
            <h2 id={`help-topic-${index}`} className="text-lg font-bold text-water-900">
              {group.category}
            </h2>
            <ul className="mt-2">
              {group.pages.map((page) => (
                <li key={page.id}>
                  <Link
                    to={helpAnswerPath(page.handle)}
                    className="flex min-h-11 items-center justify-between gap-2 border-b border-line py-1 text-ink last:border-0 hover:text-aqua-600"
                  >
                    {page.title}
                    <ChevronRight aria-hidden="true" size={16} className="shrink-0 text-muted" />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <aside className="mt-8 flex flex-wrap items-center gap-4 rounded-lg bg-surface p-5">
        <LifeBuoy aria-hidden="true" size={32} className="text-aqua-600" />
        <div>
          <h2 className="font-bold text-water-900">Still need help?</h2>
          <p className="text-muted">
            Call{" "}
            <a href={telHref(phone)} className="tabular font-semibold text-aqua-600 underline">
              {phone}
            </a>{" "}
            or e-mail{" "}
            <a href={`mailto:${email}`} className="font-semibold text-aqua-600 underline">
              {email}
            </a>
            . Mon-Fri 6AM-8PM PST, Sat-Sun 6AM-3PM PST.
          </p>
        </div>
      </aside>
      <SellerReviews reviews={reviews ?? undefined} contained={false} className="mt-4" />
    </div>
  );
}
