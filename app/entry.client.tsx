import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrateInTurns } from "./lib/hydrate-in-turn.tsx";

/**
 * Starts the router's decoding of the page's loader data and resolves once it is done. The router
 * decodes it at its first render, and waits for it by suspending; the page is hydrated after that, so
 * that its first render finds the data and hydrates the document as the server wrote it.
 */
function routerData(): Promise<unknown> {
  try {
    // Its first call throws the decoding's promise before it renders anything (or an error, which stops
    // the hydration as it would have).
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) return thrown;
    throw thrown;
  }
  return Promise.resolve();
}

// After the page's module script has set the router's globals (manifest, route modules): this file runs
// as a dependency of that script, before its body.
queueMicrotask(async () => {
  await routerData();
  // Parts wrapped in <InTurn> (product cards) hydrate afterwards, each in a task of its own.
  hydrateInTurns(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  );
});
