// What the content pages' loaders (home, blog, pages, help, questions, brands, the site indexes and the
// legacy links) use from services/: the browser bundle reaches services only through this module.
export { listArticles } from "../../../services/catalog/articles.ts";
export { listCollectionIndex, suggestCollections } from "../../../services/catalog/collections.ts";
export { listSiteReviews } from "../../../services/catalog/reviews.ts";
export { listVendors } from "../../../services/catalog/vendors.ts";
export {
  findArticleByHandle,
  findArticleByLegacyId,
  getBlogArticle,
  readingTimeMinutes,
} from "../../../services/content/article-detail.ts";
export { findHelpPage, listHelpCategories } from "../../../services/content/help-pages.ts";
export { resolveHtmLink, resolveSearchResultsLink } from "../../../services/content/legacy-links.ts";
export { findPageByHandle } from "../../../services/content/pages.ts";
export {
  findQuestion,
  findQuestionTopic,
  listQuestions,
  listQuestionTopics,
} from "../../../services/content/questions.ts";
export { findVendor, listAllVendors, listProductIndex } from "../../../services/content/site-indexes.ts";
export { NotFound } from "../../../services/errors.ts";
export { filterProducts } from "../../../services/search/product-filter.ts";
