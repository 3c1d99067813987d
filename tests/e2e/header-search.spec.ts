import { expect, type Page, type Route, test } from "@playwright/test";
import { installPausedClock } from "./shell-hydration.ts";
import { axe } from "./storefront-helpers.ts";
import { desktopOnly } from "./viewports.ts";

// The header keyword box.
// Most tests answer GET /api/products/filter themselves so the dropdown's behaviour is checked against
// known data; one test uses the store's real endpoint.

const LABEL = "Search by keyword or part number";
const PLACEHOLDER = "Enter Keyword or Part Number...";

const suggestions = {
  products: [
    {
      id: 101,
      title: "Hayward Super Pump 1.5 HP",
      handle: "hayward-super-pump-1-5-hp",
      imageUrl: "/img/no-image.svg",
      price: 649.99,
      vendor: "Hayward",
    },
    { id: 102, title: "Pump Lid Gasket", handle: "pump-lid-gasket", imageUrl: null, price: 0, vendor: "Pentair" },
  ],
  pageInfo: { limitPerPage: 4, totalObjects: 2, totalPages: 1 },
  collections: [{ id: 7, title: "Pool Pumps", handle: "pool-pumps" }],
};

const empty = { products: [], pageInfo: { limitPerPage: 4, totalObjects: 0, totalPages: 0 }, collections: [] };

/** Answers the dropdown's requests with `body` and records the query strings asked for. */
async function answerSuggestions(page: Page, body: unknown, status = 200): Promise<URLSearchParams[]> {
  const asked: URLSearchParams[] = [];
  await page.route("**/api/products/filter?**", async (route: Route) => {
    asked.push(new URL(route.request().url()).searchParams);
    await route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
  });
  return asked;
}

/** The enhanced box (a combobox) replaces the server-rendered input once its code has loaded. */
async function searchBox(page: Page) {
  await page.getByPlaceholder(PLACEHOLDER).hover();
  const box = page.getByRole("combobox", { name: LABEL });
  await expect(box).toBeVisible();
  return box;
}

test.describe("before JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the box is a plain GET form to the results page", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("searchbox", { name: LABEL });
    await expect(box).toHaveAttribute("placeholder", PLACEHOLDER);
    await box.fill("sand filter");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/searchresults\.asp\?q=sand\+filter$/);
  });
});

test("suggestions load from 3 characters, debounced, with Categories and Products groups", async ({ page }) => {
  const asked = await answerSuggestions(page, suggestions);
  await page.goto("/");
  const box = await searchBox(page);

  await box.pressSequentially("pu", { delay: 30 });
  await box.pressSequentially("mp", { delay: 30 });
  const list = page.getByRole("listbox");
  await expect(list).toBeVisible();
  // One request for the whole burst of typing, for the final text, limited to 4 products.
  expect(asked.map((params) => params.get("q"))).toEqual(["pump"]);
  expect(asked[0].get("limit")).toBe("4");

  await expect(list.getByText("Categories", { exact: true })).toBeVisible();
  await expect(list.getByText("Products", { exact: true })).toBeVisible();
  await expect(page.getByRole("option", { name: "Pool Pumps" })).toBeVisible();
  await expect(page.getByRole("option", { name: /Hayward Super Pump 1\.5 HP/ })).toContainText("$649.99");
  // A zero price is never shown as $0.00.
  await expect(page.getByRole("option", { name: /Pump Lid Gasket/ })).not.toContainText("$0.00");

  // The open combobox and its list, checked by axe: roles, names, the active option.
  const results = await axe(page).include("search").analyze();
  expect(results.violations).toEqual([]);

  // Emptying the box closes the list.
  await box.fill("");
  await expect(list).toBeHidden();
});

test("each group lists exactly 4 suggestions when the answer has more", async ({ page }) => {
  desktopOnly();
  const many = {
    products: Array.from({ length: 6 }, (_, index) => ({
      id: 200 + index,
      title: `Pump Part ${index + 1}`,
      handle: `pump-part-${index + 1}`,
      imageUrl: null,
      price: 10 + index,
      vendor: "Hayward",
    })),
    pageInfo: { limitPerPage: 36, totalObjects: 6, totalPages: 1 },
    collections: Array.from({ length: 6 }, (_, index) => ({
      id: 300 + index,
      title: `Pump Category ${index + 1}`,
      handle: `pump-category-${index + 1}`,
    })),
  };
  await answerSuggestions(page, many);
  await page.goto("/");
  const box = await searchBox(page);
  await box.fill("pump");
  const list = page.getByRole("listbox");
  await expect(list).toBeVisible();
  await expect(list.getByRole("group", { name: "Categories" }).getByRole("option")).toHaveCount(4);
  await expect(list.getByRole("group", { name: "Products" }).getByRole("option")).toHaveCount(4);
  await expect(page.getByRole("option", { name: "Pump Category 5" })).toHaveCount(0);
  await expect(page.getByRole("option", { name: /Pump Part 5/ })).toHaveCount(0);
});

test("the dropdown asks only for the fields it shows", async ({ page }) => {
  desktopOnly();
  const asked = await answerSuggestions(page, suggestions);
  await page.goto("/");
  const box = await searchBox(page);
  await box.fill("pump");
  await expect(page.getByRole("listbox")).toBeVisible();
  expect(asked[0].get("fields")?.split(",").sort()).toEqual(["handle", "id", "imageUrl", "price", "title", "vendor"]);
});

test.describe("debounce under a fake clock", () => {
  test("two characters send no request; three wait 600 ms in the header", async ({ page }) => {
    desktopOnly();
    await installPausedClock(page);
    const asked = await answerSuggestions(page, suggestions);
    await page.goto("/");
    const box = await searchBox(page);
    await box.fill("pu");
    await expect(box).toHaveValue("pu");
    await page.clock.runFor(2000);
    expect(asked).toHaveLength(0);

    await box.fill("pum");
    await expect(box).toHaveValue("pum");
    await page.clock.runFor(590);
    expect(asked).toHaveLength(0);
    await page.clock.runFor(10);
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0].get("q")).toBe("pum");
  });

  test("on the results page the box waits 400 ms", async ({ page }) => {
    desktopOnly();
    await installPausedClock(page);
    const asked = await answerSuggestions(page, suggestions);
    await page.goto("/searchresults.asp?q=filter");
    const box = await searchBox(page);
    await box.fill("pump");
    await expect(box).toHaveValue("pump");
    await page.clock.runFor(390);
    expect(asked).toHaveLength(0);
    await page.clock.runFor(10);
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0].get("q")).toBe("pump");
  });
});

test("a category suggestion opens the category; a product suggestion opens the product", async ({ page }) => {
  await answerSuggestions(page, suggestions);
  await page.goto("/");
  const box = await searchBox(page);
  await box.fill("pump");
  await page.getByRole("option", { name: "Pool Pumps" }).click();
  await expect(page).toHaveURL(/\/collections\/pool-pumps$/);

  await page.goto("/");
  const again = await searchBox(page);
  await again.fill("pump");
  await expect(page.getByRole("listbox")).toBeVisible();
  // Keyboard: arrow down through the options, Enter opens the highlighted one.
  await again.press("ArrowDown");
  await again.press("ArrowDown");
  await again.press("Enter");
  await expect(page).toHaveURL(/\/products\/hayward-super-pump-1-5-hp$/);
});

test("Enter searches for the text typed, even with the list open; Escape closes the list", async ({ page }) => {
  await answerSuggestions(page, suggestions);
  await page.goto("/");
  const box = await searchBox(page);
  await box.fill("pump");
  await expect(page.getByRole("listbox")).toBeVisible();
  await box.press("Escape");
  await expect(page.getByRole("listbox")).toBeHidden();
  await expect(box).toHaveValue("pump");
  await expect(box).toBeFocused();

  await box.fill("pump motor");
  await expect(page.getByRole("listbox")).toBeVisible();
  await box.press("Enter");
  await expect(page).toHaveURL(/\/searchresults\.asp\?q=pump\+motor$/);
});

test("on the results page a new search keeps the filters but starts again at page 0", async ({ page }) => {
  desktopOnly();
  await answerSuggestions(page, suggestions);
  await page.goto("/searchresults.asp?q=pump&page=3&sortBy=price_asc");
  const box = await searchBox(page);
  await expect(box).toHaveValue("pump");
  await box.fill("heater");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/searchresults\.asp\?q=heater&sortBy=price_asc$/);
});

test("nothing found shows 'No results found.'", async ({ page }) => {
  desktopOnly();
  await answerSuggestions(page, empty);
  await page.goto("/");
  const box = await searchBox(page);
  await box.fill("zzzz");
  await expect(page.getByText("No results found.")).toBeVisible();
});

test("a price phrase is offered as a price filter", async ({ page }) => {
  desktopOnly();
  const asked = await answerSuggestions(page, empty);
  await page.goto("/");
  const box = await searchBox(page);
  await box.fill("pumps under $500");
  const chip = page.getByRole("option", { name: /Price filter: under \$500/ });
  // The chip needs no answer from the server: it shows at once, and stays when the answer arrives.
  await expect(chip).toBeVisible();
  await expect(chip).toContainText("Accept suggestion?");
  await expect.poll(() => asked.length).toBe(1);
  await expect(page.getByText("No results found.")).toBeHidden();
  await chip.click();
  await expect(page).toHaveURL(/\/searchresults\.asp\?q=pumps&maxPrice=500\.00$/);
});

test("a failed suggestion request is only logged", async ({ page }) => {
  desktopOnly();
  const asked = await answerSuggestions(page, { error: "Boom" }, 500);
  const logged: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") logged.push(message.text());
  });
  await page.goto("/");
  const box = await searchBox(page);
  await box.fill("pump");
  await expect.poll(() => logged.some((text) => text.includes("Header search failed"))).toBe(true);
  expect(asked).toHaveLength(1);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/searchresults\.asp\?q=pump$/);
});

test("the store's own endpoint answers the dropdown", async ({ page }) => {
  desktopOnly();
  await page.goto("/");
  const box = await searchBox(page);
  const answered = page.waitForResponse((response) => response.url().includes("/api/products/filter?"));
  await box.fill("pump");
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(new URL(response.url()).searchParams.get("limit")).toBe("4");
  const body = (await response.json()) as { products: Array<{ title: string }> };
  // The projection keeps the answer to what a suggestion row shows.
  for (const product of body.products) {
    expect(Object.keys(product).sort()).toEqual(["handle", "id", "imageUrl", "price", "title", "vendor"]);
  }
  if (body.products.length > 0) {
    await expect(page.getByRole("option", { name: new RegExp(escapeRegExp(body.products[0].title)) })).toBeVisible();
  } else {
    await expect(page.getByText("No results found.")).toBeVisible();
  }
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
