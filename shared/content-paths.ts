// The addresses of the content pages. Pure functions with no imports: the pages' components (browser
// bundle) and the services both use them.

export function brandPath(name: string): string {
  return `/brands/${encodeURIComponent(name)}`;
}

export function helpAnswerPath(handle: string): string {
  return `/help_answer/${encodeURIComponent(handle)}`;
}

export function questionPath(question: { displayableId: string; handle: string }): string {
  return `/questions/${encodeURIComponent(question.displayableId)}/${encodeURIComponent(question.handle)}`;
}

export function topicPath(topic: { id: number; handle: string }): string {
  return `/questions/Topic/${encodeURIComponent(topic.handle)}/${topic.id}`;
}

/**
 * Where an article lives: blog posts under the configured blog path; info articles keep the old site's
 * address when they have one (footer and help pages link there), else sit at /{handle}.
 */
export function articlePath(
  article: { kind: string; handle: string; legacyId: number | null },
  paths: { blog: string },
): string {
  if (article.kind === "blog") return `${paths.blog}/${encodeURIComponent(article.handle)}`;
  if (article.legacyId !== null) return `/Articles.asp?ID=${article.legacyId}`;
  return `/${encodeURIComponent(article.handle)}`;
}

export function productPath(handle: string, paths: { products: string }): string {
  return `${paths.products}/${encodeURIComponent(handle)}`;
}

export function collectionPath(handle: string, paths: { collections: string }): string {
  return `${paths.collections}/${encodeURIComponent(handle)}`;
}
