import type { MetaDescriptor } from "react-router";
import { breadcrumbJsonLd, type Crumb } from "../../components/breadcrumbs.tsx";
import { absoluteUrl, pageMeta, rootMetaData } from "../shell/page-meta.ts";

type MetaMatches = Parameters<typeof rootMetaData>[0];

export interface ArticleMetaData {
  title: string;
  seoTitle: string | null;
  seoDescription: string | null;
  excerpt: string | null;
  imageUrl: string | null;
  author: string | null;
  createdAt: string;
  updatedAt: string;
  isIndexed: boolean;
  readingMinutes: number;
}

/** Title, canonical, breadcrumbs and `Article` structured data of an article page (blog or info). */
export function articleMeta(
  matches: MetaMatches,
  input: { article: ArticleMetaData; path: string; crumbs: Crumb[]; storeLogoUrl: string },
): MetaDescriptor[] {
  const { article, path, crumbs, storeLogoUrl } = input;
  const { publicUrl, storeName } = rootMetaData(matches);
  const url = absoluteUrl(path, publicUrl);
  return pageMeta(matches, {
    title: article.seoTitle || article.title,
    description: article.seoDescription || article.excerpt,
    path,
    image: article.imageUrl,
    type: "article",
    noindex: !article.isIndexed,
    jsonLd: [
      breadcrumbJsonLd(crumbs, publicUrl, url),
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: article.title,
        ...(article.imageUrl ? { image: [absoluteUrl(article.imageUrl, publicUrl)] } : {}),
        datePublished: article.createdAt,
        dateModified: article.updatedAt,
        ...(article.author ? { author: { "@type": "Person", name: article.author } } : {}),
        publisher: {
          "@type": "Organization",
          name: storeName,
          logo: { "@type": "ImageObject", url: absoluteUrl(storeLogoUrl, publicUrl) },
        },
        mainEntityOfPage: { "@type": "WebPage", "@id": url },
        timeRequired: `PT${article.readingMinutes}M`,
      },
    ],
  });
}
