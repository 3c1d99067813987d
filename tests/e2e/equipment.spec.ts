// Find parts by equipment model: from the home page a shopper types the number on the pump's label,
// opens the model's exploded diagram, picks a numbered part with the keyboard and adds it to the cart;
// saves the model to My equipment; and a category filtered by "Fits my equipment" lists only parts that fit.
import { expect, type Page, test } from "@playwright/test";
import { hydrated, seriousViolations, withoutExitIntent } from "./storefront-helpers.ts";

test.describe.configure({ timeout: 90_000 });

const PUMP = "hayward-super-pump-sp2610x15";
const slow = { timeout: 30_000 };

interface Part {
  id: number;
  handle: string;
  title: string;
  price: number;
  availableInventoryLevels: { availableForSale: boolean }[];
}
interface Model {
  diagrams: { callouts: { key: string; label: string; parts: Part[] }[] }[];
}

async function modelOf(page: Page): Promise<Model> {
  const response = await page.request.get(`/api/equipment/${PUMP}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { equipment: Model }).equipment;
}

test.beforeEach(async ({ page }) => {
  await withoutExitIntent(page);
});

test("find a model by its label number, pick a part on its diagram with the keyboard, add it to the cart", async ({
  page,
}) => {
  const model = await modelOf(page);
  // The first numbered part whose first product can be bought.
  const callout = model.diagrams[0].callouts.find(
    (c) => c.parts[0].price > 0 && c.parts[0].availableInventoryLevels[0]?.availableForSale,
  );
  expect(callout).toBeDefined();
  if (!callout) return;

  await page.goto("/");
  await page.getByPlaceholder("Enter Keyword or Part Number...").first().hover();
  const search = page.getByRole("combobox", { name: "Search by keyword or part number" }).first();
  // As a shopper reads it off the label, dashes and all.
  await search.fill("sp-2610-x15");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/searchresults\.asp\?/, slow);
  await search.press("Escape");
  const card = page.getByTestId("model-match");
  await expect(card).toContainText("Parts for Hayward Super Pump SP2610X15");
  await card.click();

  await expect(page).toHaveURL(new RegExp(`/equipment/${PUMP}$`), slow);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("SP2610X15");
  await hydrated(page);
  const hotspot = page.getByRole("button", { name: `${callout.key}: ${callout.label}`, exact: true });
  // Keyboard only: focus the hotspot, Enter picks it; its row lights up and its quantity field takes the focus.
  await hotspot.focus();
  await expect(page.locator(`[data-testid="part-row"][data-key="${callout.key}"]`).first()).toHaveAttribute(
    "data-active",
    "true",
  );
  await page.keyboard.press("Enter");
  const quantity = page.getByLabel(`Quantity of ${callout.parts[0].title}`).first();
  await expect(quantity).toBeFocused();
  await page.keyboard.press("Tab");
  const add = page.getByRole("button", { name: `Add ${callout.parts[0].title} to cart` }).first();
  await expect(add).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Product added to cart")).toBeVisible(slow);
  const overlay = page.getByRole("dialog", { name: /Your Cart/ });
  await expect(overlay.getByText(callout.parts[0].title).first()).toBeVisible();
});

test("save the model to My equipment; Fits my equipment lists only parts that fit, with the badge", async ({
  page,
}) => {
  const model = await modelOf(page);
  const fitting = new Set(model.diagrams[0].callouts.flatMap((c) => c.parts.map((p) => p.handle)));
  await page.goto(`/equipment/${PUMP}`);
  await hydrated(page);
  await page.getByPlaceholder('Nickname, e.g. "Backyard pump"').fill("Backyard pump");
  await page.getByRole("button", { name: "Save to My equipment" }).click();
  await expect(page.getByText('In My equipment as "Backyard pump"')).toBeVisible(slow);

  // A category that holds one of the model's parts.
  const part = model.diagrams[0].callouts[0].parts[0];
  const detail = (await (await page.request.get(`/api/products/handle/${part.handle}`)).json()) as {
    product: { Collections: { handle: string }[] };
  };
  const category = detail.product.Collections[0].handle;
  await page.goto(`/collections/${category}`);
  await hydrated(page);
  const toggle = page.getByRole("switch", { name: /Fits my equipment/ });
  await expect(toggle).toBeVisible(slow);
  await toggle.click();
  await expect(page).toHaveURL(new RegExp(`fits=${PUMP}`), slow);
  await expect(page.getByRole("switch", { name: /Fits my equipment/ })).toHaveAttribute("aria-checked", "true");
  const grid = page
    .locator("#main ul")
    .filter({ has: page.getByTestId("fits-badge") })
    .first();
  await expect(grid).toBeVisible(slow);
  const links = await page.locator("#main li.render-when-near").evaluateAll((items) =>
    items.map((li) => ({
      href: li.querySelector("a[href*='/products/']")?.getAttribute("href") ?? "",
      badge: li.querySelector("[data-testid='fits-badge']")?.textContent ?? "",
    })),
  );
  expect(links.length).toBeGreaterThan(0);
  for (const item of links) {
    const handle = decodeURIComponent(item.href.split("/products/")[1] ?? "").split("?")[0];
    expect(fitting.has(handle), handle).toBe(true);
    expect(item.badge).toContain("Fits your Backyard pump");
  }

  // The account-less list lives in the browser: /equipment shows it.
  await page.goto("/equipment");
  await expect(page.getByTestId("my-equipment").getByRole("link", { name: "Backyard pump" })).toBeVisible(slow);
});

test("the model page passes the axe check", async ({ page }) => {
  await page.goto(`/equipment/${PUMP}`);
  await hydrated(page);
  expect(await seriousViolations(page)).toEqual([]);
});
