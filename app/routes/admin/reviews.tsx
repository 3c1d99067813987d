// /admin/reviews: shoppers' product reviews waiting for a decision, and those approved or rejected.
// Approving shows the review on the product page and moves the product's rating and count.
import { BadgeCheck } from "lucide-react";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { StarRating } from "../../components/star-rating.tsx";
import { requireStaffPage } from "../../features/admin/admin-session.server.ts";
import { listReviewsForModeration } from "../../features/admin/reviews/moderation-data.server.ts";
import { ModerationDelete } from "../../features/admin/reviews/moderation-delete.tsx";
import { moderationQuery } from "../../features/admin/reviews/moderation-query.ts";
import { StatusTabs } from "../../features/admin/reviews/status-tabs.tsx";
import { adminApi, messageOf } from "../../features/admin/ui/admin-api.ts";
import { adminColumns, DataTable } from "../../features/admin/ui/data-table.tsx";
import { PageHeader } from "../../features/admin/ui/page-header.tsx";
import { toast } from "../../features/admin/ui/toast.ts";
import type { Route } from "./+types/reviews";

const PAGE_SIZE = 20;

export async function loader(args: Route.LoaderArgs) {
  const { services } = requireStaffPage(args, "reviews:write");
  const query = moderationQuery(new URL(args.request.url), PAGE_SIZE);
  const result = await listReviewsForModeration(services.database.db, query);
  return { ...result, status: query.status, productPath: services.config.store.paths.products };
}

export const meta: Route.MetaFunction = () => [{ title: "Reviews | Back office" }];

type Row = Route.ComponentProps["loaderData"]["reviews"][number];

function ReviewActions({ review }: { review: Row }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function decide(status: "approved" | "rejected") {
    setBusy(true);
    try {
      const result = await adminApi<{ product: { avgRating: number; totalReviews: number } }>(
        `/api/admin/reviews/${review.id}/status`,
        { method: "POST", body: { status } },
      );
      toast.success(
        status === "approved"
          ? `Review approved. ${review.productTitle} now has ${result.product.totalReviews} review${result.product.totalReviews === 1 ? "" : "s"}, ${result.product.avgRating.toFixed(1)} stars.`
          : "Review rejected: it will not be shown.",
      );
      await revalidator.revalidate();
    } catch (error) {
      toast.error(messageOf(error, "The review could not be changed. Please try again."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap gap-2">
      {review.status !== "approved" ? (
        <button type="button" className="btn-primary min-h-9 px-3" disabled={busy} onClick={() => decide("approved")}>
          Approve
        </button>
      ) : null}
      {review.status !== "rejected" ? (
        <button type="button" className="btn-secondary min-h-9 px-3" disabled={busy} onClick={() => decide("rejected")}>
          Reject
        </button>
      ) : null}
      <ModerationDelete
        kind="review"
        id={review.id}
        description={`The review "${review.title ?? "(no title)"}" by ${review.authorName} is removed for good.`}
        disabled={busy}
      />
    </div>
  );
}

function columnsFor(productPath: string) {
  return adminColumns<Row>((c) => [
    c.accessor("title", {
      enableSorting: false,
      header: "Review",
      cell: (info) => {
        const review = info.row.original;
        return (
          <div className="max-w-xl sm:min-w-64">
            <div className="flex flex-wrap items-center gap-2">
              <StarRating rating={review.starsRating} />
              <span className="font-semibold text-ink">{review.title}</span>
            </div>
            <p className="mt-1 whitespace-pre-line text-ink">{review.body}</p>
            <p className="mt-1 text-xs text-muted">
              {review.authorName}
              {review.email ? ` · ${review.email}` : ""} ·{" "}
              <time dateTime={review.createdAt}>{new Date(review.createdAt).toLocaleString("en-US")}</time>
              {review.verifiedPurchase ? (
                <span className="ml-2 inline-flex items-center gap-1 font-semibold text-stock">
                  <BadgeCheck aria-hidden="true" size={14} /> Verified purchase
                </span>
              ) : null}
            </p>
          </div>
        );
      },
    }),
    c.accessor("productTitle", {
      enableSorting: false,
      header: "Product",
      cell: (info) => (
        <Link
          to={`${productPath}/${encodeURIComponent(info.row.original.productHandle)}`}
          className="text-aqua-600 hover:underline"
          target="_blank"
          rel="noreferrer"
        >
          {info.getValue()}
        </Link>
      ),
    }),
    c.accessor("id", {
      id: "actions",
      enableSorting: false,
      header: "Decision",
      cell: (info) => <ReviewActions review={info.row.original} />,
    }),
  ]);
}

let cachedColumns: { path: string; columns: ReturnType<typeof columnsFor> } | null = null;

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  if (cachedColumns?.path !== loaderData.productPath) {
    cachedColumns = { path: loaderData.productPath, columns: columnsFor(loaderData.productPath) };
  }
  const empty =
    loaderData.status === "pending"
      ? "No reviews are waiting. New ones from the product pages show up here."
      : "No reviews here.";
  return (
    <>
      <PageHeader
        title="Reviews"
        description="Shoppers' reviews show on the product page once approved; the product's rating follows."
      />
      <StatusTabs counts={loaderData.counts} searchLabel="Search reviews" />
      <DataTable
        caption="Product reviews"
        mode="server"
        stacked
        columns={cachedColumns.columns}
        data={loaderData.reviews}
        rowId={(row) => String(row.id)}
        total={loaderData.total}
        pageSize={PAGE_SIZE}
        empty={empty}
      />
    </>
  );
}
