import { CalendarDays, Clock, UserRound } from "lucide-react";
import { Breadcrumbs, type Crumb } from "../../components/breadcrumbs.tsx";
import { RichText } from "../../components/rich-text.tsx";
import { formatStoreDate } from "../../lib/format-date.ts";

export interface ArticleViewData {
  title: string;
  author: string | null;
  imageUrl: string | null;
  createdAt: string;
  bodyHtml: string;
  readingMinutes: number;
}

/** An article page: blog posts and the info articles (shipping details, returns...). */
export function ArticleView({
  article,
  crumbs,
  timeZone,
  showDate = true,
}: {
  article: ArticleViewData;
  crumbs: Crumb[];
  timeZone: string;
  showDate?: boolean;
}) {
  return (
    <div className="container-store py-6">
      <Breadcrumbs items={crumbs} />
      <article className="mx-auto mt-4 max-w-3xl">
        <h1 className="text-3xl font-extrabold leading-tight text-water-900 desk:text-4xl">{article.title}</h1>
        <p className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-muted">
          {article.author ? (
            <span className="inline-flex items-center gap-1.5">
              <UserRound aria-hidden="true" size={16} /> By {article.author}
            </span>
          ) : null}
          {showDate ? (
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" size={16} />
              <time dateTime={article.createdAt}>{formatStoreDate(article.createdAt, timeZone)}</time>
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1.5" data-testid="reading-time">
            <Clock aria-hidden="true" size={16} /> {article.readingMinutes} min read
          </span>
        </p>
        {article.imageUrl ? (
          <img
            src={article.imageUrl}
            alt=""
            width={1600}
            height={400}
            className="mt-6 aspect-[4/1] h-auto w-full rounded-lg bg-surface object-cover"
          />
        ) : null}
        <RichText html={article.bodyHtml} className="mt-6 max-w-none" />
      </article>
    </div>
  );
}
