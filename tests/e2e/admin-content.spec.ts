// The content editors in Chromium: the owner writes a help page and a blog post in the rich-text editor
// (toolbar buttons for bold, a subheading and a list), saves them, and the store shows them as written; a
// draft stays off the store until it is published.
import { expect as baseExpect, type Page, test } from "@playwright/test";
import { helpAnswerPath } from "../../shared/content-paths.ts";
import { signInStaff } from "./admin-session.ts";
import { waitForHydration } from "./shell-hydration.ts";

// A sign-in solves a bot check and hashes a password; the editor's code is large: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

test.skip(({ isMobile }) => isMobile, "The back office's forms are checked at phone width elsewhere; this runs once.");

/** Types into the editor (labelled "Text"): a paragraph with bold words, a subheading and a bulleted list. */
async function writeText(page: Page, bold: string) {
  const editor = page.getByRole("textbox", { name: "Text", exact: true });
  await editor.click();
  await page.keyboard.type("Backwash when the pressure rises ");
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  await toolbar.getByRole("button", { name: "Bold", exact: true }).click();
  await page.keyboard.type(bold);
  await toolbar.getByRole("button", { name: "Bold", exact: true }).click();
  await page.keyboard.type(" above the clean reading.");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Subheading", exact: true }).click();
  await page.keyboard.type("What you need");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Bulleted list", exact: true }).click();
  await page.keyboard.type("A backwash hose");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Ten minutes");
}

/** The store's page shows the text as formatted in the editor. */
async function expectWritten(page: Page, bold: string) {
  const main = page.locator("main");
  await expect(main.locator("strong", { hasText: bold })).toBeVisible();
  await expect(main.getByText("Backwash when the pressure rises")).toBeVisible();
  await expect(main.locator("h3", { hasText: "What you need" })).toBeVisible();
  await expect(main.locator("ul li")).toContainText(["A backwash hose", "Ten minutes"]);
}

test("an owner writes a help page and a blog post in the editor; the store shows them as written", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const word = Date.now().toString(36);
  const shopper = await browser.newPage();

  // A help page, saved: the store shows it at once.
  await signInStaff(page, undefined, "/admin/content/help/new");
  await waitForHydration(page.getByRole("button", { name: "Save help page" }));
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(`When to backwash ${word}`);
  await page.getByRole("textbox", { name: "Address", exact: true }).fill(`when-to-backwash-${word}`);
  await page.getByRole("textbox", { name: "Category", exact: true }).fill("Filters");
  await writeText(page, "8 to 10 psi");
  await page.getByRole("button", { name: "Save help page" }).click();
  await expect(page.getByText("Help page saved: the store shows it now.").last()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/content\/help\/\d+$/);
  await shopper.goto(helpAnswerPath(`when-to-backwash-${word}`));
  await expect(shopper.getByRole("heading", { level: 1, name: `When to backwash ${word}` })).toBeVisible();
  await expectWritten(shopper, "8 to 10 psi");

  // A blog post: saved as a draft, it is not on the store; published, it is, as written.
  await page.goto("/admin/content/articles/new");
  await waitForHydration(page.getByRole("button", { name: "Save article" }));
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(`Backwashing a sand filter ${word}`);
  await page.getByRole("textbox", { name: "Address", exact: true }).fill(`backwashing-a-sand-filter-${word}`);
  await page.getByRole("textbox", { name: "Author", exact: true }).fill("Pat Pool");
  await writeText(page, "two to three minutes");
  await page.getByRole("button", { name: "Save article" }).click();
  await expect(page.getByText("Draft saved.").last()).toBeVisible();
  const blogPath = `/blog/backwashing-a-sand-filter-${word}`;
  expect((await shopper.goto(blogPath))?.status()).toBe(404);

  await expect(page).toHaveURL(/\/admin\/content\/articles\/\d+$/);
  await waitForHydration(page.getByRole("button", { name: "Save article" }));
  await page.getByRole("checkbox", { name: "Published", exact: true }).check();
  await page.getByRole("button", { name: "Save article" }).click();
  await expect(page.getByText("Article saved and published.").last()).toBeVisible();
  expect((await shopper.goto(blogPath))?.status()).toBe(200);
  await expect(shopper.getByRole("heading", { level: 1, name: `Backwashing a sand filter ${word}` })).toBeVisible();
  await expectWritten(shopper, "two to three minutes");
  await shopper.close();
});
