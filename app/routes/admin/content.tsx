// /admin/content: the storefront's editable parts (announcement bar, home page slides, featured products
// banner, footer links, exit-intent offer) with a preview before saving, and the lists of articles and
// help pages. What is saved here lies over config/store.json, which stays each part's default.
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Form, Link, useRevalidator, useSearchParams } from "react-router";
import {
  contentListQuerySchema,
  type StoreContent,
  type StoreContentKey,
  storeContentSchema,
} from "../../../shared/admin/content.ts";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { inputClass } from "../../components/ui/text-field.tsx";
import { requireStaffPage } from "../../features/admin/admin-session.server.ts";
import {
  getStoreContent,
  listAdminArticles,
  listAdminHelpPages,
} from "../../features/admin/content/content-data.server.ts";
import { StorefrontPreview } from "../../features/admin/content/storefront-preview.tsx";
import { adminApi, messageOf } from "../../features/admin/ui/admin-api.ts";
import { PageHeader, Panel } from "../../features/admin/ui/page-header.tsx";
import { toast } from "../../features/admin/ui/toast.ts";
import type { Route } from "./+types/content";

const TABS = [
  { value: "storefront", label: "Storefront" },
  { value: "articles", label: "Articles" },
  { value: "help", label: "Help pages" },
] as const;
type Tab = (typeof TABS)[number]["value"];

export async function loader(args: Route.LoaderArgs) {
  const { services } = requireStaffPage(args, "content:write");
  const db = services.database.db;
  const url = new URL(args.request.url);
  const tab: Tab = (TABS.find((t) => t.value === url.searchParams.get("tab"))?.value ?? "storefront") as Tab;
  const query = contentListQuerySchema.safeParse({
    q: url.searchParams.get("q") || undefined,
    page: Math.max(0, Number(url.searchParams.get("page") ?? "1") - 1) || 0,
    pageSize: 50,
  });
  const list = query.success ? query.data : contentListQuerySchema.parse({ pageSize: 50 });
  return {
    tab,
    storefront: tab === "storefront" ? await getStoreContent(db, services.config.store) : null,
    articles: tab === "articles" ? await listAdminArticles(db, list) : null,
    helpPages: tab === "help" ? await listAdminHelpPages(db, list) : null,
    blogPath: services.config.store.paths.blog,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Content | Back office" }];

function TextInput({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  placeholder?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={`${inputClass} ${error ? "border-sale" : "border-line"}`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-sale">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function Section({
  title,
  saved,
  onReset,
  children,
}: {
  title: string;
  saved: boolean;
  onReset: () => void;
  children: ReactNode;
}) {
  return (
    <Panel>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-water-900">{title}</h2>
        {saved ? (
          <button type="button" className="text-sm font-semibold text-aqua-600 hover:underline" onClick={onReset}>
            Back to the store's default
          </button>
        ) : (
          <span className="text-xs text-muted">The store's default</span>
        )}
      </div>
      {children}
    </Panel>
  );
}

function errorsByPath(content: StoreContent): Record<string, string> {
  const parsed = storeContentSchema.safeParse(content);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join(".");
      if (!errors[path]) errors[path] = issue.message;
    }
  }
  return errors;
}

function move<T>(list: T[], index: number, by: number): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(Math.max(0, Math.min(next.length, index + by)), 0, item);
  return next;
}

function StorefrontEditor({ state }: { state: NonNullable<Route.ComponentProps["loaderData"]["storefront"]> }) {
  const revalidator = useRevalidator();
  const [content, setContent] = useState<StoreContent>(state.content);
  const [busy, setBusy] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = showErrors ? errorsByPath(content) : {};
  const changed = JSON.stringify(content) !== JSON.stringify(state.content);
  const saved = new Set(state.saved);
  const set = <K extends StoreContentKey>(key: K, value: StoreContent[K]) =>
    setContent((c) => ({ ...c, [key]: value }));

  async function save() {
    setShowErrors(true);
    setFailure(null);
    const parsed = storeContentSchema.safeParse(content);
    if (!parsed.success) {
      setFailure("Some fields need a look: see the messages in red.");
      return;
    }
    const patch: Partial<StoreContent> = {};
    for (const key of Object.keys(parsed.data) as StoreContentKey[]) {
      if (JSON.stringify(parsed.data[key]) !== JSON.stringify(state.content[key])) {
        (patch as Record<string, unknown>)[key] = parsed.data[key];
      }
    }
    setBusy(true);
    try {
      await adminApi("/api/admin/content/storefront", { method: "PUT", body: patch });
      toast.success("Saved: the storefront shows it now.");
      setShowErrors(false);
      await revalidator.revalidate();
    } catch (error) {
      setFailure(messageOf(error, "The content could not be saved. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  async function reset(key: StoreContentKey) {
    try {
      const next = await adminApi<{ content: StoreContent }>(`/api/admin/content/storefront/${key}/reset`, {
        method: "POST",
      });
      setContent((c) => ({ ...c, [key]: next.content[key] }));
      toast.success("Back to the store's default.");
      await revalidator.revalidate();
    } catch (error) {
      toast.error(messageOf(error, "That did not work. Please try again."));
    }
  }

  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_360px]">
      <div className="space-y-4">
        <Section title="Announcement bar" saved={saved.has("announcement")} onReset={() => reset("announcement")}>
          <TextInput
            id="announcement"
            label="Text above the header"
            value={content.announcement}
            onChange={(value) => set("announcement", value)}
            error={errors.announcement}
            hint="Empty: no bar. At most 200 characters."
          />
        </Section>

        <Section title="Home page slides" saved={saved.has("heroSlides")} onReset={() => reset("heroSlides")}>
          <ol className="space-y-3">
            {content.heroSlides.map((slide, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: slides have no identity; each row shows state by position.
              <li key={`slide-${index}`} className="rounded-md border border-line p-3">
                <div className="mb-2 flex items-center justify-between gap-2">
                  <p className="font-semibold">Slide {index + 1}</p>
                  <div className="flex gap-1">
                    <button
                      type="button"
                      className="btn-secondary min-h-9 px-2"
                      disabled={index === 0}
                      onClick={() => set("heroSlides", move(content.heroSlides, index, -1))}
                    >
                      <ArrowUp aria-hidden="true" size={16} />
                      <span className="sr-only">Move slide {index + 1} up</span>
                    </button>
                    <button
                      type="button"
                      className="btn-secondary min-h-9 px-2"
                      disabled={index === content.heroSlides.length - 1}
                      onClick={() => set("heroSlides", move(content.heroSlides, index, 1))}
                    >
                      <ArrowDown aria-hidden="true" size={16} />
                      <span className="sr-only">Move slide {index + 1} down</span>
                    </button>
                    <button
                      type="button"
                      className="btn-secondary min-h-9 px-2 text-sale"
                      onClick={() =>
                        set(
                          "heroSlides",
                          content.heroSlides.filter((_, i) => i !== index),
                        )
                      }
                    >
                      <Trash2 aria-hidden="true" size={16} />
                      <span className="sr-only">Remove slide {index + 1}</span>
                    </button>
                  </div>
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  {(
                    [
                      ["url", "Picture (desktop)", "/img/... or https://..."],
                      ["phoneUrl", "Picture for phones (optional)", "A taller picture"],
                      ["alt", "Description (alt text)", "What the picture shows"],
                      ["link", "Link (optional)", "/collections/pool-pumps"],
                      ["title", "Title (optional)", ""],
                    ] as const
                  ).map(([field, label, placeholder]) => (
                    <TextInput
                      key={field}
                      id={`slide-${index}-${field}`}
                      label={label}
                      placeholder={placeholder}
                      value={slide[field] ?? ""}
                      error={errors[`heroSlides.${index}.${field}`]}
                      onChange={(value) =>
                        set(
                          "heroSlides",
                          content.heroSlides.map((s, i) => (i === index ? { ...s, [field]: value } : s)),
                        )
                      }
                    />
                  ))}
                </div>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="btn-secondary mt-3"
            disabled={content.heroSlides.length >= 10}
            onClick={() => set("heroSlides", [...content.heroSlides, { url: "", alt: "" }])}
          >
            <Plus aria-hidden="true" size={16} /> Add a slide
          </button>
        </Section>

        <Section
          title="Featured products banner"
          saved={saved.has("featuredProducts")}
          onReset={() => reset("featuredProducts")}
        >
          <label className="mb-3 flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5 accent-aqua-600"
              checked={content.featuredProducts !== null}
              onChange={(event) => set("featuredProducts", event.target.checked ? { url: "", bannerUrl: "" } : null)}
            />
            Show a banner tile in the category pages' featured products
          </label>
          {content.featuredProducts ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <TextInput
                id="featured-url"
                label="Link"
                value={content.featuredProducts.url}
                error={errors["featuredProducts.url"]}
                onChange={(value) =>
                  set("featuredProducts", { ...(content.featuredProducts ?? { bannerUrl: "" }), url: value })
                }
              />
              <TextInput
                id="featured-banner"
                label="Banner picture"
                value={content.featuredProducts.bannerUrl}
                error={errors["featuredProducts.bannerUrl"]}
                onChange={(value) =>
                  set("featuredProducts", { ...(content.featuredProducts ?? { url: "" }), bannerUrl: value })
                }
              />
            </div>
          ) : null}
        </Section>

        <Section
          title="Footer links (Information)"
          saved={saved.has("footerLinks")}
          onReset={() => reset("footerLinks")}
        >
          <ol className="space-y-2">
            {content.footerLinks.map((link, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: links have no identity; each row shows state by position.
              <li key={`link-${index}`} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
                <TextInput
                  id={`footer-${index}-title`}
                  label={`Link ${index + 1} text`}
                  value={link.title}
                  error={errors[`footerLinks.${index}.title`]}
                  onChange={(value) =>
                    set(
                      "footerLinks",
                      content.footerLinks.map((l, i) => (i === index ? { ...l, title: value } : l)),
                    )
                  }
                />
                <TextInput
                  id={`footer-${index}-url`}
                  label={`Link ${index + 1} address`}
                  value={link.url}
                  error={errors[`footerLinks.${index}.url`]}
                  onChange={(value) =>
                    set(
                      "footerLinks",
                      content.footerLinks.map((l, i) => (i === index ? { ...l, url: value } : l)),
                    )
                  }
                />
                <button
                  type="button"
                  className="btn-secondary min-h-11 px-3 text-sale"
                  onClick={() =>
                    set(
                      "footerLinks",
                      content.footerLinks.filter((_, i) => i !== index),
                    )
                  }
                >
                  <Trash2 aria-hidden="true" size={16} />
                  <span className="sr-only">Remove link {index + 1}</span>
                </button>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="btn-secondary mt-3"
            disabled={content.footerLinks.length >= 20}
            onClick={() => set("footerLinks", [...content.footerLinks, { title: "", url: "" }])}
          >
            <Plus aria-hidden="true" size={16} /> Add a link
          </button>
        </Section>

        <Section title="Exit-intent offer" saved={saved.has("exitIntent")} onReset={() => reset("exitIntent")}>
          <label className="mb-3 flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5 accent-aqua-600"
              checked={content.exitIntent !== null}
              onChange={(event) =>
                set(
                  "exitIntent",
                  event.target.checked ? { backgroundImageUrl: "", discountMessage: "", discountCode: "" } : null,
                )
              }
            />
            Offer a discount code when a shopper is about to leave
          </label>
          {content.exitIntent ? (
            <div className="grid gap-3 sm:grid-cols-3">
              {(
                [
                  ["discountMessage", "Message"],
                  ["discountCode", "Discount code"],
                  ["backgroundImageUrl", "Background picture"],
                ] as const
              ).map(([field, label]) => (
                <TextInput
                  key={field}
                  id={`exit-${field}`}
                  label={label}
                  value={content.exitIntent?.[field] ?? ""}
                  error={errors[`exitIntent.${field}`]}
                  onChange={(value) =>
                    set("exitIntent", {
                      ...(content.exitIntent ?? { backgroundImageUrl: "", discountMessage: "", discountCode: "" }),
                      [field]: value,
                    })
                  }
                />
              ))}
            </div>
          ) : null}
        </Section>
      </div>
      <div className="space-y-4 xl:sticky xl:top-4 xl:self-start">
        <Panel title="Preview">
          <StorefrontPreview content={content} />
        </Panel>
        {failure ? <Notice tone="danger">{failure}</Notice> : null}
        <div className="flex flex-wrap gap-3">
          <BusyButton type="button" busy={busy} busyLabel="Publishing..." disabled={!changed} onClick={save}>
            Publish changes
          </BusyButton>
          <button
            type="button"
            className="btn-secondary"
            disabled={!changed || busy}
            onClick={() => setContent(state.content)}
          >
            Discard changes
          </button>
        </div>
        <p className="text-sm text-muted">
          {changed ? "You have changes that are not published yet." : "Everything shown is live."}
        </p>
      </div>
    </div>
  );
}

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader
        title="Content"
        description="The storefront's announcement, slides, banners, footer links and offers; articles and help pages."
        actions={
          loaderData.tab === "articles" ? (
            <Link to="/admin/content/articles/new" className="btn-primary">
              <Plus aria-hidden="true" size={18} /> New article
            </Link>
          ) : loaderData.tab === "help" ? (
            <Link to="/admin/content/help/new" className="btn-primary">
              <Plus aria-hidden="true" size={18} /> New help page
            </Link>
          ) : null
        }
      />
      <nav aria-label="Content" className="mb-4 flex flex-wrap gap-1 rounded-lg border border-line bg-white p-1">
        {TABS.map((tab) => (
          <Link
            key={tab.value}
            to={`?tab=${tab.value}`}
            aria-current={tab.value === loaderData.tab ? "page" : undefined}
            className={`flex min-h-10 items-center rounded-md px-4 text-sm font-semibold ${
              tab.value === loaderData.tab ? "bg-water-900 text-white" : "text-water-900 hover:bg-surface"
            }`}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {loaderData.storefront ? (
        <StorefrontEditor key={JSON.stringify(loaderData.storefront.content)} state={loaderData.storefront} />
      ) : null}
      {loaderData.articles ? (
        <Panel>
          <Form method="get" role="search" className="mb-3 flex gap-2">
            <input type="hidden" name="tab" value="articles" />
            <label htmlFor="article-search" className="sr-only">
              Search articles
            </label>
            <input
              id="article-search"
              name="q"
              type="search"
              defaultValue={params.get("q") ?? ""}
              placeholder="Search articles"
              className="min-h-10 w-72 max-w-full rounded-md border border-line px-3 text-sm"
            />
            <button type="submit" className="btn-secondary min-h-10">
              Search
            </button>
          </Form>
          <ul className="divide-y divide-line">
            {loaderData.articles.articles.map((article) => (
              <li key={article.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <Link
                    to={`/admin/content/articles/${article.id}`}
                    className="font-semibold text-aqua-600 hover:underline"
                  >
                    {article.title}
                  </Link>
                  <span className="ml-2 text-xs text-muted">
                    {article.kind === "blog" ? "Blog post" : "Information page"} · /{article.handle}
                  </span>
                </span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${article.published ? "bg-green-50 text-stock" : "bg-amber-50 text-amber-800"}`}
                >
                  {article.published ? "Published" : "Draft"}
                </span>
              </li>
            ))}
            {loaderData.articles.articles.length === 0 ? <li className="py-4 text-muted">No articles match.</li> : null}
          </ul>
        </Panel>
      ) : null}
      {loaderData.helpPages ? (
        <Panel>
          <ul className="divide-y divide-line">
            {loaderData.helpPages.helpPages.map((page) => (
              <li key={page.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link to={`/admin/content/help/${page.id}`} className="font-semibold text-aqua-600 hover:underline">
                  {page.title}
                </Link>
                <span className="text-xs text-muted">{page.category ?? "No category"}</span>
              </li>
            ))}
            {loaderData.helpPages.helpPages.length === 0 ? (
              <li className="py-4 text-muted">No help pages yet.</li>
            ) : null}
          </ul>
        </Panel>
      ) : null}
    </>
  );
}
