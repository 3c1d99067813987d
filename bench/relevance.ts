// npm run bench:relevance -- [--products 1000] [--verbose]
//
// nDCG@10 of the hard relevance set (fixtures/search-judgments.ts: prices, units, "X for Y",
// product types, word forms, relaxed queries) on the demo catalog in an in-memory PGlite, through the
// same service as GET /api/products/filter. Prints the figure per class and overall, the queries that
// found nothing, and (with --verbose) each query's first results with their grades.
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { seedDemoData } from "../demo/seed/seed.ts";
import { evaluateHardSet, loadJudgedProducts, summarize } from "../fixtures/search-judgments.ts";
import { filterProducts } from "../services/search/product-filter.ts";
import { rebuildSearchIndex } from "../services/search/search-index.ts";
import { parseCatalogQuery } from "../shared/catalog-query.ts";

const { values } = parseArgs({
  options: { products: { type: "string", default: "1000" }, verbose: { type: "boolean", default: false } },
});

const database = await openDatabase({ memory: true });
try {
  await migrateDatabase(database);
  console.error(`Seeding ${values.products} products and building the search data...`);
  await seedDemoData(database.db, { products: Number(values.products) });
  await rebuildSearchIndex(database.db);
  const products = await loadJudgedProducts(database.db);
  const results = await evaluateHardSet(products, async (q) => {
    const result = await filterProducts(database.db, parseCatalogQuery({ q, limit: "16" }));
    return { ids: result.products.map((p) => p.id), total: result.pageInfo.totalObjects };
  });
  const summary = summarize(results);
  if (values.verbose) {
    for (const r of results) {
      console.log(`\n${r.ndcg.toFixed(2)}  ${r.case.q}  (${r.total} found)`);
      for (const t of r.top) console.log(`   ${t.grade}  $${t.price}  ${t.title}`);
    }
  }
  console.log(`\nHard relevance set: ${results.length} queries, ${products.length} products\n`);
  console.log("| class | queries | nDCG@10 |\n|---|---|---|");
  for (const group of summary.groups) console.log(`| ${group.group} | ${group.queries} | ${group.ndcg.toFixed(3)} |`);
  console.log(`| **all** | ${results.length} | **${summary.overall.toFixed(3)}** |`);
  console.log(
    `\nQueries with no results: ${summary.empty.length}${summary.empty.length ? ` (${summary.empty.join("; ")})` : ""}`,
  );
  const weakest = [...results].sort((a, b) => a.ndcg - b.ndcg).slice(0, 8);
  console.log(`Weakest: ${weakest.map((r) => `${r.case.q} ${r.ndcg.toFixed(2)}`).join("; ")}`);
} finally {
  await database.close();
}
