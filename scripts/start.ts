// `npm start`: build the storefront when the build is missing or older than its sources,
// then start the server (which migrates, seeds an empty database and listens).
import { buildIsStale, buildStorefront } from "./storefront-build.ts";

if (buildIsStale()) {
  console.log("Building the storefront (sources changed since the last build)...");
  if (!buildStorefront()) {
    console.error("The build failed; see the messages above.");
    process.exit(1);
  }
}

await import("../server/main.ts");
