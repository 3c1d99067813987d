// /admin/import in Chromium: an owner drops a small CSV, the dry run shows its problem by row and column
// and writes nothing, the fixed file is imported (progress bar, counts), and the new product is found by
// the storefront's search. Screenshots at 1280 and 768 px.
import { expect, test } from "@playwright/test";
import { signInStaff } from "./admin-session.ts";
import { waitForHydration } from "./shell-hydration.ts";

test.skip(({ isMobile }) => isMobile, "The back office is for desktop and tablet widths; its e2e runs once.");

const SHOTS = process.env.ADMIN_SCREENSHOTS_DIR ?? "test-results/admin-import";

function csvFor(word: string, price: string): string {
  const header = "handle,title,brand,tags,option1_name,option1_value,sku,price,stock,image_urls";
  const handle = `${word.toLowerCase()}-skimmer-lid`;
  const sku = `${word.toUpperCase()}-LID`;
  return [
    header,
    `${handle},${word} Skimmer Lid,Hayward,Type_Skimmer Lid,Color,White,${sku}-W,"${price}",12,https://images.example.com/lid.jpg`,
    `${handle},,,,,Gray,${sku}-G,31.99,4,`,
  ].join("\n");
}

test("an owner dry-runs a CSV, fixes its problem, imports it, and shoppers find the product", async ({ page }) => {
  test.setTimeout(120_000);
  const word = `Lidmatic${Date.now().toString(36)}`;
  await signInStaff(page);
  await page.getByRole("link", { name: "Import and export" }).first().click();
  await expect(page.getByRole("heading", { name: "Import and export" })).toBeVisible();
  // A drop on the server's HTML would go nowhere: the page has hydrated first.
  await waitForHydration(page.getByTestId("import-drop-zone"));
  await expect(page.getByRole("link", { name: "Download the catalog (CSV)" })).toHaveAttribute(
    "href",
    "/api/admin/catalog/export",
  );

  // Dropped onto the drop zone: a price with a comma.
  const dropped = await page.evaluateHandle(
    (text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], "lids.csv", { type: "text/csv" }));
      return transfer;
    },
    csvFor(word, "29,99"),
  );
  await page.getByTestId("import-drop-zone").dispatchEvent("drop", { dataTransfer: dropped });
  await expect(page.getByText(/lids\.csv \(\d+ bytes\)/)).toBeVisible();
  await expect(page.getByLabel("Dry run: check every row, write nothing")).toBeChecked();
  await page.getByRole("button", { name: "Start the dry run" }).click();
  await expect(page.getByText("1 problem found: nothing was written.")).toBeVisible({ timeout: 30_000 });
  const problems = page.getByRole("table", { name: "Problems by row and column" });
  await expect(problems.getByRole("row").nth(1)).toContainText("2");
  await expect(problems.getByRole("row").nth(1)).toContainText("price");
  await expect(problems).toContainText("at most 2 decimals");
  await expect(page.getByRole("progressbar", { name: "Dry run progress" })).toHaveAttribute("aria-valuenow", "100");
  await expect(page).toHaveURL(/[?&]run=\d+/);
  await page.screenshot({ path: `${SHOTS}/import-problems-1280.png`, fullPage: true });

  // The run survives a reload.
  await page.reload();
  await expect(page.getByText("1 problem found: nothing was written.")).toBeVisible();

  // Fixed, and imported.
  await page.getByLabel("CSV file").setInputFiles({
    name: "lids-fixed.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csvFor(word, "29.99")),
  });
  await page.getByLabel("Import: write the file to the catalog").check();
  await page.getByRole("button", { name: "Start the import" }).click();
  await expect(page.getByText(/Imported 2 rows: 1 products changed \(1 new\), 2 variants added/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId("import-rate")).toContainText("rows/s");
  await expect(page.getByRole("table", { name: "Latest imports and dry runs" })).toContainText("lids-fixed.csv");
  await page.setViewportSize({ width: 768, height: 1000 });
  await page.screenshot({ path: `${SHOTS}/import-done-768.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The storefront's search finds it.
  await page.goto(`/searchresults.asp?q=${encodeURIComponent(word)}`);
  await expect(page.getByRole("link", { name: new RegExp(`${word} Skimmer Lid`) }).first()).toBeVisible();
});
