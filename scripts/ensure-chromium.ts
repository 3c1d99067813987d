// End-to-end tests drive Debian's Chromium (never a downloaded browser build). Make sure it is
// there: install it when we may (root with apt-get), otherwise say exactly what to do.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const browser = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(browser)) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (isRoot && hasApt && !process.env.CHROME_PATH) {
    console.log("Installing Debian's chromium for the end-to-end tests...");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-dejavu-core"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } else {
    console.error(
      `The end-to-end tests need Chromium at ${browser}. Install it with \`sudo apt-get install chromium\` ` +
        "(Debian/Ubuntu), or point CHROME_PATH at a Chromium or Chrome binary.",
    );
    process.exit(1);
  }
}
