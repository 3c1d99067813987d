// Titles, canonical URLs, descriptions and structured data for the content pages, from one call in each
// route's `meta` export. The store name and public URL come from the root loader's data.
import type { MetaDescriptor } from "react-router";

interface RootMetaData {
  publicUrl?: string;
  store?: { storeName?: string };
}

type MetaMatches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

export function rootMetaData(matches: MetaMatches): { storeName: string; publicUrl: string } {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootMetaData | undefined;
  return { storeName: root?.store?.storeName ?? "", publicUrl: root?.publicUrl ?? "" };
}

/** Spec: a page title gets the store name appended when it does not already contain it. */
export function withStoreName(title: string, storeName: string): string {
  if (!storeName || title.toLowerCase().includes(storeName.toLowerCase())) return title;
  return title ? `${title} | ${storeName}` : storeName;
}

export function absoluteUrl(path: string, publicUrl: string): string {
  if (!publicUrl) return path;
  return new URL(path, publicUrl.endsWith("/") ? publicUrl : `${publicUrl}/`).toString();
}

export interface PageMetaInput {
  title: string;
  description?: string | null;
  /** The canonical path (with the query that identifies the page, e.g. `?page=2`). */
  path: string;
  noindex?: boolean;
  image?: string | null;
  type?: "website" | "article";
  /** Structured data objects, each emitted as its own ld+json script. */
  jsonLd?: ReadonlyArray<Record<string, unknown> | MetaDescriptor>;
}

export function pageMeta(matches: MetaMatches, input: PageMetaInput): MetaDescriptor[] {
  const { storeName, publicUrl } = rootMetaData(matches);
  const title = withStoreName(input.title, storeName);
  const url = absoluteUrl(input.path, publicUrl);
  const meta: MetaDescriptor[] = [
    { title },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:url", content: url },
    { property: "og:type", content: input.type ?? "website" },
  ];
  if (storeName) meta.push({ property: "og:site_name", content: storeName });
  if (input.description) {
    meta.push({ name: "description", content: input.description });
    meta.push({ property: "og:description", content: input.description });
  }
  if (input.image) meta.push({ property: "og:image", content: absoluteUrl(input.image, publicUrl) });
  if (input.noindex) meta.push({ name: "robots", content: "noindex" });
  for (const data of input.jsonLd ?? []) {
    meta.push("script:ld+json" in data ? (data as MetaDescriptor) : { "script:ld+json": data });
  }
  return meta;
}

/** The title and robots tag of a 404 answered by a content route. */
export function notFoundMeta(matches: MetaMatches): MetaDescriptor[] {
  const { storeName } = rootMetaData(matches);
  return [{ title: withStoreName("404 Not Found", storeName) }, { name: "robots", content: "noindex" }];
}
