import { expect, test } from "@playwright/test";
import { desktopOnly } from "./viewports.ts";

// The API's browsable documentation renders in a real browser under the store's Content-Security-Policy:
// the document loads, and an operation opens with its request and response schemas.
test("/api/docs shows the store's API, and an operation opens with its schemas", async ({ page }) => {
  desktopOnly();
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") blocked.push(message.text());
  });
  await page.goto("/api/docs");
  await expect(page.locator(".swagger-ui .info .title")).toBeVisible();
  // Swagger UI breaks long paths with invisible characters: find operations by their summary.
  await expect(page.locator(".opblock").filter({ hasText: "Database health" })).toBeVisible();
  const operation = page.locator(".opblock").filter({ hasText: "Readiness: database reachable" }).first();
  await expect(operation).toBeVisible();
  await operation.locator(".opblock-summary").click();
  await expect(operation.getByText("Responses", { exact: true })).toBeVisible();
  expect(blocked.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
});
