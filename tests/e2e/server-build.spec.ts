// The server build leaves services/ and db/ to Node (vite.config.ts), so the page loaders and the REST
// API share one instance of each module and of its caches. Read from the build the web server of
// these tests has just made.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { desktopOnly } from "./viewports.ts";

test("the server build imports services/ and db/ from their sources instead of bundling copies", () => {
  desktopOnly("one check of the build is enough");
  const bundle = readFileSync("build/server/index.js", "utf8");
  expect(bundle).toMatch(/from "\.\.\/\.\.\/services\/content\/footer-data\.ts"/);
  // Bundled, a service module's own functions would be defined in the build.
  expect(bundle).not.toMatch(/function loadFooterData\(/);
  expect(bundle).not.toMatch(/pgTable\(\s*"products"/);
});
