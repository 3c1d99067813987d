// What the back office's catalog pages (products, categories, brands, stock) load from services/: the
// browser bundle reaches services only through this module.
export { listBrands } from "../../../../services/catalog/admin/brands.ts";
export { listCategories } from "../../../../services/catalog/admin/categories.ts";
export { type EditableProduct, loadProductForEditing } from "../../../../services/catalog/admin/product-editing.ts";
export { type AdminProductRow, listProductsForAdmin } from "../../../../services/catalog/admin/product-list.ts";
export { findStockVariant, listStockVariants, stockHistory } from "../../../../services/catalog/admin/stock.ts";
