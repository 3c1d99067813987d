// Preact hydrates a page in one pass, in one task: on a phone, a category page's 24 product cards kept
// the main thread busy for a few hundred milliseconds after the page showed, and a tap then waited
// for all of it. A part wrapped in <InTurn> is left as the server rendered it during that pass, and
// hydrated afterwards in a task of its own, one part per task, in the page's order. Between two of them
// the browser handles input and paints.
//
// The part's HTML is kept between Preact's range markers while it waits (see deferred-hydration.tsx).
// A part that renders again before its turn (its props changed: the cart loaded, the router navigated)
// takes its turn at once. After the first hydration, <InTurn> renders its children as they are.
import { type ReactNode, useRef } from "react";
import { PartBoundary } from "./deferred-hydration.tsx";
import { HYDRATING_ATTRIBUTE } from "./hydrating-attribute.ts";

interface Turn {
  done: boolean;
  promise: Promise<void>;
  resolve(): void;
}

const waiting: Turn[] = [];
/** True only while the page's first hydration pass runs (set by the client entry). */
let firstPass = false;
let port: MessagePort | null = null;

/** Runs `hydrate` (the page's first hydration) with <InTurn> parts left for later, then starts their turns. */
export function hydrateInTurns(hydrate: () => void): void {
  firstPass = true;
  try {
    hydrate();
  } finally {
    firstPass = false;
  }
  if (waiting.length === 0) return;
  document.documentElement.setAttribute(HYDRATING_ATTRIBUTE, "");
  nextTurn();
}

/**
 * Asks for the next task. A message, not a timer: a page opened in a background tab (a shopper's middle
 * click) gets its timers slowed to one a second, and would take half a minute to hydrate its cards.
 */
function nextTurn() {
  if (!port) {
    const channel = new MessageChannel();
    channel.port1.onmessage = takeTurn;
    port = channel.port2;
  }
  port.postMessage(null);
}

/** One part's turn: its promise resolves, and Preact hydrates it in this task's microtasks. */
function takeTurn() {
  const turn = waiting.shift();
  if (turn) release(turn);
  if (waiting.length > 0) nextTurn();
  else document.documentElement.removeAttribute(HYDRATING_ATTRIBUTE);
}

function release(turn: Turn) {
  if (turn.done) return;
  turn.done = true;
  const at = waiting.indexOf(turn);
  if (at >= 0) waiting.splice(at, 1);
  turn.resolve();
}

function queueTurn(): Turn {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  const turn: Turn = { done: false, promise, resolve };
  waiting.push(turn);
  return turn;
}

/** Throws its turn's promise until the turn has come: Preact keeps the server's HTML meanwhile. */
function Gate({ turn, children }: { turn: Turn | null; children: ReactNode }) {
  if (turn && !turn.done) throw turn.promise;
  return children;
}

/** Hydrates `children` in a task of its own after the page's first hydration (see above). */
export function InTurn({ children }: { children: ReactNode }) {
  const turn = useRef<Turn | null | undefined>(undefined);
  if (turn.current === undefined) turn.current = !import.meta.env.SSR && firstPass ? queueTurn() : null;
  else if (turn.current) release(turn.current);
  return (
    <PartBoundary>
      <Gate turn={turn.current}>{children}</Gate>
    </PartBoundary>
  );
}
