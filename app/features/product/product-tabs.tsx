import { type TabItem, Tabs } from "../../components/tabs.tsx";
import { RICH_TEXT } from "../catalog/rich-text.ts";

/** Shown in the DESCRIPTION tab when the product has no description. */
export const NO_DESCRIPTION_TEXT = "Fast Shipping. Order Today!";

export interface Specification {
  label: string;
  value: string;
  partNumber?: boolean;
}

const tabClass =
  "min-h-11 border-b-2 border-transparent px-4 text-sm font-bold tracking-wide text-muted hover:text-water-900 data-[state=active]:border-action-600 data-[state=active]:text-water-900";

/** The DESCRIPTION tab (the merchant's HTML) and the part's specifications, as accessible tabs. */
export function ProductTabs({
  descriptionHtml,
  specifications,
}: {
  descriptionHtml: string | null;
  specifications: readonly Specification[];
}) {
  const hasDescription = Boolean(descriptionHtml?.replace(/<[^>]*>/g, "").trim());
  const description: TabItem = {
    value: "description",
    label: "DESCRIPTION",
    content: hasDescription ? (
      <>
        {/* The merchant's headings inside start at h3: this one keeps the page's outline in order after the h1. */}
        <h2 className="sr-only">Description</h2>
        <div
          className={`max-w-3xl leading-7 ${RICH_TEXT}`}
          // The merchant's own HTML from the catalog; never shopper input.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: catalog content written by the store.
          dangerouslySetInnerHTML={{ __html: descriptionHtml ?? "" }}
        />
      </>
    ) : (
      <p className="text-lg font-semibold text-water-900">{NO_DESCRIPTION_TEXT}</p>
    ),
  };
  const items: TabItem[] = [description];
  if (specifications.length > 0) {
    items.push({
      value: "specifications",
      label: "SPECIFICATIONS",
      content: (
        <dl className="grid max-w-2xl grid-cols-[minmax(8rem,auto)_1fr] gap-x-6 gap-y-2 text-sm">
          {specifications.map((spec) => (
            <div key={spec.label} className="contents">
              <dt className="text-muted">{spec.label}</dt>
              <dd className={spec.partNumber ? "part-number" : ""}>{spec.value}</dd>
            </div>
          ))}
        </dl>
      ),
    });
  }
  return (
    <Tabs
      items={items}
      label="Product information"
      defaultValue="description"
      className="rounded-lg border border-line bg-white"
      listClassName="flex gap-2 border-b border-line px-2"
      tabClassName={tabClass}
      panelClassName="p-4 desk:p-6"
    />
  );
}
