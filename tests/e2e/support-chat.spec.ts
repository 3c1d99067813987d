// The support chat (spec shopping §1: support is advertised with chat): nothing without a provider in
// config/store.json; with one, a 'Chat with us' entry in the header's support block whose provider script
// is fetched only when a shopper opens it, from a host the Content-Security-Policy admits.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { type StoreProcess, startStoreProcess } from "./store-process.ts";

const CHAT_HOST = "https://chat.example";
const CHAT_SCRIPT = `${CHAT_HOST}/{id}/widget.js`;

test("without a chat provider configured, the header offers no chat", async ({ page }) => {
  const chatRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(CHAT_HOST)) chatRequests.push(request.url());
  });
  const response = await page.goto("/help.asp");
  await expect(page.getByRole("banner").getByText("Mon-Fri 6am-5pm PST").first()).toBeAttached();
  await expect(page.getByRole("button", { name: "Chat with us" })).toHaveCount(0);
  expect(response?.headers()["content-security-policy"]).not.toContain(CHAT_HOST);
  expect(chatRequests).toEqual([]);
});

test.describe("with a chat provider", () => {
  test.describe.configure({ timeout: 120_000 });
  let store: StoreProcess | undefined;
  let baseUrl = "";

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook uses from this pattern.
  test.beforeAll(async ({}, testInfo) => {
    // A store of its own (the shared one has no chat): the built storefront on an empty database.
    store = await startStoreProcess({
      port: Number(process.env.E2E_PORT ?? 3107) + (testInfo.project.name === "phone" ? 3 : 2),
      prepare: (dir) => {
        const config = JSON.parse(readFileSync("config/store.json", "utf8"));
        config.supportChat = { scriptUrl: CHAT_SCRIPT, id: "store-42" };
        writeFileSync(join(dir, "store.json"), JSON.stringify(config));
        return { STORE_CONFIG: join(dir, "store.json") };
      },
    });
    baseUrl = store.baseUrl;
  });

  test.afterAll(async () => {
    await store?.stop();
  });

  test("'Chat with us' loads the provider's script on the first click only, with the store's id", async ({
    page,
  }, testInfo) => {
    const chatRequests: string[] = [];
    await page.route(`${CHAT_HOST}/**`, (route) => {
      chatRequests.push(route.request().url());
      return route.fulfill({
        contentType: "text/javascript",
        body: `(() => {
          const panel = document.createElement("div");
          panel.setAttribute("role", "dialog");
          panel.setAttribute("aria-label", "Support chat");
          panel.textContent = "Chat for " + document.currentScript.dataset.chatId;
          panel.style.cssText = "position:fixed;right:16px;bottom:96px;padding:16px;background:#fff;border:1px solid #0B3C5D;z-index:20000";
          document.body.append(panel);
        })();`,
      });
    });
    const response = await page.goto(`${baseUrl}/help.asp`);
    expect(response?.headers()["content-security-policy"]).toContain(CHAT_HOST);
    const open = page.getByRole("button", { name: "Chat with us" });
    await expect(open).toBeVisible();
    // Nothing from the provider before a shopper asks for it.
    await page.waitForLoadState("networkidle");
    expect(chatRequests).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`chat-entry-${testInfo.project.name}.png`) });

    await expect
      .poll(async () => {
        await open.click();
        return chatRequests.length;
      })
      .toBeGreaterThan(0);
    expect(chatRequests[0]).toBe(`${CHAT_HOST}/store-42/widget.js`);
    await expect(page.getByRole("dialog", { name: "Support chat" })).toHaveText("Chat for store-42");
    await page.screenshot({ path: testInfo.outputPath(`chat-open-${testInfo.project.name}.png`) });
  });
});
