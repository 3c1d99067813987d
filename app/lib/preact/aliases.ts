// The store's components are written against React's API and run on Preact (preact/compat), in the
// browser, on the server and in the unit tests: the same components at a fraction of the code a phone
// downloads (React's DOM renderer alone is 54 KB compressed; Preact with its React layer about 11 KB).
// vite.config.ts and vitest.config.ts point these imports at Preact.
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "../../..");
const preact = resolve(root, "node_modules/preact");

export const REACT_ON_PREACT: { find: RegExp; replacement: string }[] = [
  // React's API with the one hook React Router needs that preact/compat lacks.
  { find: /^react$/, replacement: resolve(import.meta.dirname, "react.js") },
  { find: /^react\/jsx-runtime$/, replacement: `${preact}/jsx-runtime/dist/jsxRuntime.mjs` },
  { find: /^react\/jsx-dev-runtime$/, replacement: `${preact}/jsx-runtime/dist/jsxRuntime.mjs` },
  { find: /^react-dom\/client$/, replacement: `${preact}/compat/client.mjs` },
  { find: /^react-dom\/server$/, replacement: `${preact}/compat/server.mjs` },
  { find: /^react-dom$/, replacement: `${preact}/compat/dist/compat.mjs` },
];

/**
 * Packages the server build bundles rather than loads from node_modules, so that their imports of React
 * reach Preact too: React Router and every package built on React.
 */
export const BUNDLED_FOR_PREACT = [/react|radix|tiptap|stripe|lucide|hookform|tanstack|preact|floating-ui|embla|^use-/];
