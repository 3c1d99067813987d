// The content pages' way to the services.
export {
  getAdminArticle,
  getAdminHelpPage,
  getStoreContent,
  listAdminArticles,
  listAdminHelpPages,
} from "../../../../services/content/admin/content-admin.ts";
