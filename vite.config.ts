import { existsSync, readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { BUNDLED_FOR_PREACT, REACT_ON_PREACT } from "./app/lib/preact/aliases.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes file.br (brotli, quality 11) and file.gz (gzip -9) beside each script, stylesheet and SVG of the
 * client build; the server sends them as they are (@fastify/static preCompressed). Brotli at its best
 * level is too slow to run per request but makes the first load smaller (React and the router were 92 KB
 * instead of the 108 KB the on-the-fly encoder, quality 4, sent), and the server no longer compresses
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
  getModuleInfo(id: string): {
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
    importers: readonly string[];
    dynamicImporters: readonly string[];
  } | null;
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
/** The two listing pages: their filters, pagination and listing state go into a file of their own. */
const LISTING_ROUTES = new Set(["category", "search-results"].map((name) => appFile(`routes/${name}.tsx`)));
/**
 * A module goes into the storefront file when at least this many of those pages import it. Two rather
 * than three: a page then loads a few KB it may not run, but every separate file costs a request and
 * 300 bytes of response headers on the wire, more than most of these small modules weigh compressed.
 * Two exceptions, so a page does not load the others' code: what only the two listing pages share is the
 * listing file, and what only the home and category pages share is the carousels' file.
 */
const STOREFRONT_SHARE = 2;

/** Which modules go into which of the files below (the rest the bundler places by itself). */
interface ModuleSets {
  graph: ModuleGraph;
  /** Every module that goes into the shell's file, lucide's helpers and the icons the shell draws included. */
  shell: Set<string>;
  storefront: Set<string>;
  listing: Set<string>;
  carousels: Set<string>;
  /** Per storefront page: its own modules that other pages' code imports too, and its icons. */
  pageExtras: Map<string, Set<string>>;
}

/** The shell's, the storefront's and the listing's own modules, worked out once per chunking pass. */
let sets: ModuleSets | null = null;
function moduleSets(graph: ModuleGraph): ModuleSets {
  if (sets?.graph === graph) return sets;
  const shellModules = staticClosure(graph, SHELL_ENTRIES);
  const usedBy = new Map<string, string[]>();
  for (const route of STOREFRONT_ROUTES) {
    for (const id of staticClosure(graph, [route])) usedBy.set(id, [...(usedBy.get(id) ?? []), route]);
  }
  const own = (id: string) => !shellModules.has(id) && !id.includes("node_modules");
  const listingModules = [...usedBy]
    .filter(([id, routes]) => own(id) && routes.length === 2 && routes.every((route) => LISTING_ROUTES.has(route)))
    .map(([id]) => id);
  // What only the home and category pages share (the carousels' swipe loader) is a file of its own, so
  // the product and search pages do not load it; unless other code imports it too (the phone-layout hook,
  // which the shell's effects use as well): that goes into the storefront file.
  const homeAndCategory = [appFile("routes/home.tsx"), appFile("routes/category.tsx")];
  const homeAndCategoryStatic = staticClosure(graph, homeAndCategory);
  // With the parts those pages load later (the home page's seller reviews).
  const homeAndCategoryClosure = staticClosure(graph, [
    ...homeAndCategoryStatic,
    ...[...homeAndCategoryStatic].flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []),
  ]);
  const onlyHomeAndCategoryImport = (id: string) => {
    const info = graph.getModuleInfo(id);
    return [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])].every((by) =>
      homeAndCategoryClosure.has(by),
    );
  };
  const homeAndCategoryModules = [...usedBy]
    .filter(
      ([id, routes]) => own(id) && routes.length === 2 && routes.every((route) => homeAndCategory.includes(route)),
    )
    .map(([id]) => id);
  const storefrontModules = [...usedBy]
    .filter(
      ([id, routes]) =>
        own(id) &&
        routes.length >= STOREFRONT_SHARE &&
        !routes.every((route) => LISTING_ROUTES.has(route)) &&
        !(homeAndCategoryModules.includes(id) && onlyHomeAndCategoryImport(id)),
    )
    .map(([id]) => id);
  // Icons travel with the code that draws them, in the same file: the shell's in the shell's file (with
  // lucide's helpers, which every icon needs), those two or more pages draw in the storefront's, one
  // page's with that page's extras (below). The back office's and other pages' icons go with their code.
  const shell = new Set([...shellModules].filter((id) => !LUCIDE.test(id)));
  for (const id of lucideModulesUsedBy([...shellModules], { helpers: true })) shell.add(id);
  const iconPages = new Map<string, string[]>();
  for (const route of STOREFRONT_ROUTES) {
    const modules = [...usedBy].filter(([id, routes]) => own(id) && routes.includes(route)).map(([id]) => id);
    for (const icon of lucideModulesUsedBy(modules)) {
      if (!shell.has(icon)) iconPages.set(icon, [...(iconPages.get(icon) ?? []), route]);
    }
  }
  const storefront = new Set(storefrontModules);
  for (const [icon, routes] of iconPages) if (routes.length >= 2) storefront.add(icon);
  const listing = new Set(listingModules);
  const carousels = new Set(homeAndCategoryModules.filter(onlyHomeAndCategoryImport));
  // What one of the four pages imports that other pages (not measured) share: in one file per page rather
  // than a file per module (a tab list, a placeholder, an icon), each with its request and headers. A
  // module only that page imports stays in the page's own file.
  // A page's module that the shell's later parts (its effects, the search suggestions...) import too goes
  // into the storefront file: otherwise every page would load that page's extras with them.
  const shellLate = staticClosure(
    graph,
    [...shellModules].flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []),
  );
  const pageExtras = new Map<string, Set<string>>();
  for (const route of STOREFRONT_ROUTES) {
    const closure = staticClosure(graph, [route]);
    const extras = new Set(
      [...usedBy]
        .filter(([id, routes]) => own(id) && id !== route && routes.length === 1 && routes[0] === route)
        .map(([id]) => id)
        .filter((id) => {
          if (!shellLate.has(id)) return true;
          storefront.add(id);
          return false;
        })
        .filter((id) => {
          const info = graph.getModuleInfo(id);
          const importers = [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])];
          return importers.some((by) => !closure.has(by) && !by.startsWith(route));
        }),
    );
    for (const [icon, routes] of iconPages) if (routes.length === 1 && routes[0] === route) extras.add(icon);
    pageExtras.set(route, extras);
  }
  sets = { graph, shell, storefront, listing, carousels, pageExtras };
  return sets;
}

/** What "react" resolves to (app/lib/preact/aliases.ts). */
const REACT_LAYER = resolve(import.meta.dirname, "app/lib/preact/react.js");

/** Rolldown's own helpers (module namespaces, CommonJS interop). */
const RUNTIME_ID = "\0rolldown/runtime.js";

const LUCIDE = /node_modules[\\/]lucide-react[\\/]/;
const LUCIDE_DIR = resolve(import.meta.dirname, "node_modules/lucide-react/dist/esm");

/**
 * The lucide-react files that `ids` (the app's modules) draw: every module imports the package's index,
 * which re-exports all 1,600 icons, so the module graph alone cannot tell which icons a page uses. The
 * names imported from "lucide-react" are looked up in that index; lucide's own helpers (Icon,
 * createLucideIcon...) too when `helpers` is set.
 */
function lucideModulesUsedBy(ids: readonly string[], { helpers = false } = {}): Set<string> {
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
  if (helpers) for (const id of ids) if (LUCIDE.test(id) && !id.includes(`${LUCIDE_DIR}/icons/`)) used.add(id);
  return used;
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
  resolve: { alias: REACT_ON_PREACT },
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  build: { target: "es2022" },
  environments: {
    ssr: {
      // CommonJS among the packages bundled for Preact, which the development server's module runner
      // cannot load as it is: bundled beforehand (the build's bundler reads CommonJS itself).
      optimizeDeps: {
        noDiscovery: false,
        include: ["use-sync-external-store/shim", "use-sync-external-store/shim/with-selector"],
      },
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
            // would otherwise preload some forty small modules (Preact and the router in several
            // pieces, one file per icon). Besides the framework and the icons: one file for the shell (all that
            // the client entry and the root route import statically, which every page loads anyway)
            // and one for the cards, prices and helpers most storefront pages share. Small files
            // compress worse than one file with the same code: this saves 2-5 KB gzip per page.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  // With the bundler's runtime helpers (on their own they were one more request) and the
                  // React layer's additions (app/lib/preact/react.js).
                  test: (id) =>
                    id === RUNTIME_ID ||
                    id === REACT_LAYER ||
                    /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream|preact)[\\/]/.test(
                      id,
                    ),
                  priority: 20,
                },
                {
                  name: (id, graph) => (moduleSets(graph).shell.has(id) ? "shell" : null),
                  priority: 5,
                },
                {
                  name: (id, graph) => (moduleSets(graph).storefront.has(id) ? "storefront" : null),
                  priority: 4,
                },
                {
                  name: (id, graph) => (moduleSets(graph).listing.has(id) ? "listing" : null),
                  priority: 3,
                },
                {
                  name: (id, graph) => (moduleSets(graph).carousels.has(id) ? "carousels" : null),
                  priority: 3,
                },
                {
                  name: (id, graph) => {
                    for (const [route, extras] of moduleSets(graph).pageExtras) {
                      if (extras.has(id))
                        return `${route
                          .split("/")
                          .pop()
                          ?.replace(/\.tsx$/, "")}-extras`;
                    }
                    return null;
                  },
                  priority: 2,
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
    noExternal: BUNDLED_FOR_PREACT,
  },
});
