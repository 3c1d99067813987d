// The live connection to /customer: a visit with the path on each path
// change, a leave on the way out, coordinates only when the visitor already allowed them; loaded after the
// page, never on first paint. The server's view: GET /api/visits/live (with the admin token).
import { expect, type Page, test, type WebSocket } from "@playwright/test";
import { E2E_ADMIN_TOKEN } from "./admin-token.ts";
import { startShellEffects } from "./shell-hydration.ts";
import { desktopOnly } from "./viewports.ts";

/** Without a first use the client starts once the page has settled: 2 s without a request, then idle. */
const SETTLED = { timeout: 20_000 };

// Several steps per test on a shared, sometimes busy machine.
test.describe.configure({ timeout: 90_000 });

interface Live {
  liveVisitors: number;
  paths: { path: string; visitors: number }[];
}

async function visitorsOn(page: Page, path: string): Promise<number> {
  const response = await page.request.get("/api/visits/live", {
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as Live;
  return body.paths.find((entry) => entry.path === path)?.visitors ?? 0;
}

/** The socket.io frames the page sends on the /customer namespace, decoded. */
function recordFrames(page: Page): Array<[string, unknown]> {
  const frames: Array<[string, unknown]> = [];
  page.on("websocket", (socket: WebSocket) => {
    socket.on("framesent", ({ payload }) => {
      const text = typeof payload === "string" ? payload : payload.toString();
      const match = /^42\/customer,(.*)$/.exec(text);
      if (match) frames.push(JSON.parse(match[1]) as [string, unknown]);
    });
  });
  return frames;
}

test("each path change is a visit; leaving ends it", async ({ page, browser }, testInfo) => {
  desktopOnly();
  const unique = `/questions?live=${testInfo.project.name}`;
  const frames = recordFrames(page);
  await page.goto(unique);
  // A first pointer move starts it at once.
  await startShellEffects(page);
  await expect.poll(() => frames.filter(([event]) => event === "visit").length).toBe(1);
  expect(frames[0]).toEqual(["visit", { path: "/questions" }]);
  await expect.poll(() => visitorsOn(page, "/questions")).toBeGreaterThanOrEqual(1);

  // A client-side move to another path is another visit on the same connection.
  await page.getByRole("contentinfo").getByRole("link", { name: "Help Center" }).click();
  await expect(page).toHaveURL(/\/help\.asp$/);
  await expect
    .poll(() => frames.filter(([event]) => event === "visit").map(([, data]) => data))
    .toEqual([{ path: "/questions" }, { path: "/help.asp" }]);

  // Another visitor on a page of its own, then gone.
  const other = await browser.newPage();
  await other.goto("/cindex.asp");
  await expect.poll(() => visitorsOn(page, "/cindex.asp"), SETTLED).toBeGreaterThanOrEqual(1);
  const before = await visitorsOn(page, "/cindex.asp");
  await other.close();
  await expect.poll(() => visitorsOn(page, "/cindex.asp")).toBe(before - 1);
});

test("no coordinates without permission, and no prompt for them", async ({ page }) => {
  desktopOnly();
  const frames = recordFrames(page);
  let prompted = false;
  page.on("dialog", () => {
    prompted = true;
  });
  await page.goto("/pindex.asp");
  await expect.poll(() => frames.length, SETTLED).toBeGreaterThan(0);
  expect(frames[0]).toEqual(["visit", { path: "/pindex.asp" }]);
  expect(prompted).toBe(false);
});

test("coordinates when the visitor already allowed them", async ({ browser, baseURL }) => {
  desktopOnly();
  const context = await browser.newContext({
    baseURL,
    permissions: ["geolocation"],
    geolocation: { latitude: 33.6411, longitude: -117.9187 },
  });
  const page = await context.newPage();
  const frames = recordFrames(page);
  await page.goto("/blog");
  await expect.poll(() => frames.length, SETTLED).toBeGreaterThan(0);
  expect(frames[0]).toEqual(["visit", { path: "/blog", latitude: 33.6411, longitude: -117.9187 }]);
  await context.close();
});

test("the client is not part of the first paint", async ({ page }) => {
  const html = await (await page.request.get("/brands")).text();
  // No socket.io chunk among the page's scripts or preloads...
  const scripts = [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) {
    const code = await (await page.request.get(src)).text();
    expect(code, src).not.toContain("engine.io");
  }
  // ...and the connection opens only after the page has loaded.
  let loadedAt = 0;
  let socketAt = 0;
  page.on("load", () => {
    loadedAt = Date.now();
  });
  page.on("websocket", () => {
    socketAt = Date.now();
  });
  await page.goto("/brands");
  await expect.poll(() => socketAt, SETTLED).toBeGreaterThan(0);
  expect(loadedAt).toBeGreaterThan(0);
  expect(socketAt).toBeGreaterThanOrEqual(loadedAt);
});
