// Import boundaries between the store's top-level folders, checked by `npm run check`
// (depcruise). A forbidden import fails the check with the rule's name and comment.
// Folders, lowest first: shared/ (browser and server), db/ (schema, client, migrations),
// services/ (business logic), server/ (Fastify) and app/ (React Router); demo/ builds the demo
// store; tests/, bench/ and scripts/ drive the store from outside.

/** Imports that are not files of the repository: Node built-ins and npm packages. */
const external = "^(node:|node_modules/)";

module.exports = {
  forbidden: [
    {
      name: "shared-imports-only-shared",
      comment: "shared/ runs in the browser and on the server: it may import only shared/ and npm packages.",
      severity: "error",
      from: { path: "^shared/" },
      to: { pathNot: [`${external}`, "^shared/"], dependencyTypesNot: ["core"] },
    },
    {
      name: "db-imports-only-db-and-shared",
      comment: "db/ (schema, client, migrations) sits below the services: it may import only db/ and shared/.",
      severity: "error",
      from: { path: "^db/" },
      to: { pathNot: [`${external}`, "^(db|shared)/"], dependencyTypesNot: ["core"] },
    },
    {
      name: "services-not-upward",
      comment:
        "services/ is the store's logic, under the HTTP server and the pages: it never imports server/, app/, demo/, tests/, bench/ or scripts/. Move what both need down into services/ or shared/.",
      severity: "error",
      from: { path: "^services/" },
      to: { path: "^(server|app|demo|tests|bench|scripts)/" },
    },
    {
      name: "server-not-app",
      comment:
        "server/ serves the pages through the build React Router makes of app/, never by importing app/ modules: the types both need live in services/ (e.g. services/load-context.ts).",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^app/" },
    },
    {
      name: "only-start-up-imports-demo",
      comment:
        "demo/ (the demo catalog, its content and its image route) is wired in at start-up only: server/main.ts, scripts/, and tests/ and bench/ that need a demo catalog may import it; the store's code does not know it exists.",
      severity: "error",
      from: { path: "^(shared|db|services|server|app)/", pathNot: "^server/main\\.ts$" },
      to: { path: "^demo/" },
    },
    {
      name: "browser-reaches-services-through-server-modules",
      comment:
        "app/ modules ship to the browser: they reach services/ and db/ only through a `*.server.ts` module (which React Router keeps out of the browser bundle). Type-only imports are allowed (they do not ship).",
      severity: "error",
      from: { path: "^app/", pathNot: ["\\.server\\.tsx?$", "\\.test\\.tsx?$"] },
      to: { path: "^(services|db)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "storefront-not-admin",
      comment:
        "The back office's code (app/routes/admin, app/features/admin) is its own chunk: no storefront module imports it, so a shopper's page never loads it. Only app/routes.ts names its route config.",
      severity: "error",
      from: { path: "^app/", pathNot: ["^app/(routes|features)/admin/", "^app/routes\\.ts$"] },
      to: { path: "^app/(routes|features)/admin/" },
    },
    {
      name: "app-not-server-or-tests",
      comment: "app/ never imports server/ (the HTTP server hands it everything through the load context) or tests/.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^(server|tests|bench|scripts)/" },
    },
    {
      name: "fixtures-only-for-tests-and-bench",
      comment: "fixtures/ (known products, rates, codes and a shopper over HTTP) serve tests/ and bench/ only.",
      severity: "error",
      from: { pathNot: "^(tests|bench|fixtures)/" },
      to: { path: "^fixtures/" },
    },
    {
      name: "bench-not-tests",
      comment:
        "bench/ measures the store on its own: it does not import tests/ (copy a fixture into bench/ or a module both may use).",
      severity: "error",
      from: { path: "^bench/" },
      to: { path: "^tests/" },
    },
    {
      name: "no-cycle-between-folders",
      comment:
        "Two folders that import each other (through any chain of files) cannot be understood, tested or moved apart: break the cycle by moving what both need into one of them or below both.",
      severity: "error",
      from: { path: "^(.+)/[^/]+$" },
      to: { circular: true, viaSomeNot: "^$1/[^/]+$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|data|\\.react-router|node_modules|test-results|playwright-report)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
