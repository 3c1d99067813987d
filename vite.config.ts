import { existsSync, readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes file.br (brotli, quality 11) and file.gz (gzip -9) beside each script, stylesheet and SVG of the
 * client build; the server sends them as they are (@fastify/static preCompressed). Brotli at its best
 * level is too slow to run per request but makes the first load smaller: React and the router are 92 KB
 * instead of the 108 KB the on-the-fly encoder (quality 4) sent, and the server no longer compresses
 * static files at all.
 */
function precompressAssets(): Plugin {
  return {
    name: "store:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir as string;
      const files = Object.keys(bundle).filter((file) => /\.(js|css|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file);
          const content = await readFile(path);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/** What codeSplitting's name functions are told about the module graph. */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every module `start` imports statically, directly or through others (dynamic imports excluded). */
function staticClosure(graph: ModuleGraph, start: readonly string[]): Set<string> {
  const ids = new Set<string>();
  const stack = [...start];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (ids.has(id)) continue;
    ids.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return ids;
}

const appFile = (file: string) => resolve(import.meta.dirname, "app", file);
/** The code every page runs before hydrating: the client entry and the root route (layout, header, footer). */
const SHELL_ENTRIES = [appFile("entry.client.tsx"), appFile("root.tsx")];
/** The storefront's main pages (the ones bench:pages measures). */
const STOREFRONT_ROUTES = ["home", "category", "search-results", "product"].map((name) =>
  appFile(`routes/${name}.tsx`),
);
/**
 * A module goes into the storefront file when at least this many of those pages import it. Two rather
 * than three: a page then loads a few KB it may not run, but every separate file costs a request and
 * about 1 KB of response headers on the wire, more than most of these small modules weigh compressed.
 */
const STOREFRONT_SHARE = 2;

/** The shell's and the storefront's own modules, worked out once per chunking pass. */
let sets: { graph: ModuleGraph; shell: Set<string>; storefront: Set<string>; icons: Set<string> } | null = null;
function moduleSets(graph: ModuleGraph) {
  if (sets?.graph === graph) return sets;
  const shell = staticClosure(graph, SHELL_ENTRIES);
  const uses = new Map<string, number>();
  for (const route of STOREFRONT_ROUTES) {
    for (const id of staticClosure(graph, [route])) uses.set(id, (uses.get(id) ?? 0) + 1);
  }
  const storefront = new Set(
    [...uses]
      .filter(([id, count]) => count >= STOREFRONT_SHARE && !shell.has(id) && !id.includes("node_modules"))
      .map(([id]) => id),
  );
  // The icons the shell and the storefront pages draw; the back office's and other pages' icons go with
  // their own code instead of into a file every page loads.
  const icons = lucideModulesUsedBy([...shell, ...uses.keys()]);
  sets = { graph, shell, storefront, icons };
  return sets;
}

const LUCIDE = /node_modules[\\/]lucide-react[\\/]/;
const LUCIDE_DIR = resolve(import.meta.dirname, "node_modules/lucide-react/dist/esm");

/**
 * The lucide-react files that `ids` (the app's modules) draw: every module imports the package's index,
 * which re-exports all 1,600 icons, so the module graph alone cannot tell which icons a page uses. The
 * names imported from "lucide-react" are looked up in that index; lucide's own helpers are always in.
 */
function lucideModulesUsedBy(ids: readonly string[]): Set<string> {
  const index = readFileSync(join(LUCIDE_DIR, "lucide-react.mjs"), "utf8");
  const fileOf = new Map<string, string>();
  for (const match of index.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g)) {
    for (const part of match[1].split(",")) {
      const name = part.trim().split(/\s+as\s+/)[1];
      if (name) fileOf.set(name, resolve(LUCIDE_DIR, match[2]));
    }
  }
  const used = new Set<string>();
  for (const id of ids) {
    const file = id.split("?")[0];
    if (file.includes("node_modules") || !/\.(tsx?|jsx?)$/.test(file) || !existsSync(file)) continue;
    for (const match of readFileSync(file, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"lucide-react"/g)) {
      for (const part of match[1].split(",")) {
        const name = part
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0];
        const icon = fileOf.get(name);
        if (icon) used.add(icon);
      }
    }
  }
  return new Set([...ids.filter((id) => LUCIDE.test(id) && !id.includes(`${LUCIDE_DIR}/icons/`)), ...used]);
}

/**
 * The server build leaves services/ and db/ to Node, which loads them from their sources: the REST
 * API (server/) imports the same files, so pages and API share one instance of every module and of
 * its caches (a footer, shipping-policy or synonym cache cleared through one is cleared for both).
 * Bundled, each module would exist twice in the process.
 */
const SERVER_BUILD_DIR = resolve(import.meta.dirname, "build/server");
const SHARED_WITH_THE_API = ["services", "db"].map((folder) => `${resolve(import.meta.dirname, folder)}/`);
function sharedWithTheApi(id: string, isResolved: boolean): boolean {
  // Judged on the resolved path, so the bundler writes the import relative to the output file.
  return isResolved && SHARED_WITH_THE_API.some((folder) => id.startsWith(folder));
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  build: { target: "es2022" },
  environments: {
    ssr: {
      build: {
        rolldownOptions: {
          external: (id, _importer, isResolved) => sharedWithTheApi(id, isResolved),
          makeAbsoluteExternalsRelative: false,
          // The import is written relative to the server build (build/server/index.js), where Node reads it.
          // One server file: the relative paths above hold only for build/server/index.js, so a split-off
          // chunk in build/server/assets/ (from a lazy import) would point them at the wrong folder.
          output: {
            paths: (id) => (sharedWithTheApi(id, true) ? relative(SERVER_BUILD_DIR, id) : id),
            inlineDynamicImports: true,
          },
        },
      },
    },
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Fewer, larger first-load files: on a phone every request costs a round trip, and a page
            // would otherwise preload some forty small modules (React and the router in several
            // pieces, one file per icon). Besides React and the icons: one file for the shell (all that
            // the client entry and the root route import statically, which every page loads anyway)
            // and one for the cards, prices and helpers most storefront pages share. Small files
            // compress worse than one file with the same code: this saves 2-5 KB gzip per page.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  // With the bundler's runtime helpers: on their own they were one more request.
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]|^\0rolldown\/runtime/,
                  priority: 20,
                },
                {
                  name: (id, graph) => (moduleSets(graph).icons.has(id) ? "icons" : null),
                  priority: 10,
                },
                {
                  // Not the icons the shell's code does not draw (see lucideModulesUsedBy).
                  name: (id, graph) => (moduleSets(graph).shell.has(id) && !LUCIDE.test(id) ? "shell" : null),
                  priority: 5,
                },
                {
                  name: (id, graph) => (moduleSets(graph).storefront.has(id) ? "storefront" : null),
                  priority: 4,
                },
              ],
            },
          },
        },
      },
    },
  },
  ssr: {
    // Server-only packages stay external in the server build.
    external: ["@electric-sql/pglite", "pg", "sharp"],
  },
});
