// Generated malformed requests against every API route (as Fastify registered them) and every page route
// (the storefront build's route tree, from app/routes.ts): methods, path parameters, query values,
// headers and bodies of every content type. None may answer 5xx or drop the connection, and the store
// must still serve a product page afterwards. The seed is printed; FUZZ_SEED=<seed> replays a run,
// FUZZ_REQUESTS=<n> changes its length, FUZZ_ONLY=<i,j> sends only those requests of the run (with the
// server's error log on the console) to look at one failure.
import { Agent, request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { collections, products } from "../../db/schema/catalog.ts";
import { createProduct, Shopper, signedInCustomer } from "../../fixtures/checkout-fixtures.ts";
import {
  escapeText,
  FuzzGenerator,
  type FuzzRequest,
  type KnownValues,
  type RoutePattern,
} from "./support/fuzz-requests.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const ONLY = process.env.FUZZ_ONLY ? new Set(process.env.FUZZ_ONLY.split(",").map(Number)) : null;
// One at a time when replaying, so requests share a connection in the order given.
const CONCURRENCY = ONLY ? 1 : 12;
/** A request not answered within this long counts as hanging. */
const TIMEOUT_MS = 30_000;

let store: TestStore;
let known: KnownValues;

beforeAll(async () => {
  store = await startTestStore({ products: 40, pages: true, logger: ONLY ? { level: "error" } : false });
  const db = store.database.db;
  const part = await createProduct(db, { title: "Fuzz Filter Cartridge", priceCents: 4_200, available: 100_000 });
  const cookies: string[] = [];
  const checkoutIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const customer = i === 0 ? await signedInCustomer(db) : null;
    const shopper = new Shopper(store.baseUrl, customer?.cookie ?? null);
    const added = await shopper.call<{ checkout: { id: string } }>("POST", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: part.levelId, quantity: 1 },
    });
    if (shopper.cookie) cookies.push(shopper.cookie);
    checkoutIds.push(added.body.checkout.id);
  }
  const productRows = await db.select({ handle: products.handle, id: products.id }).from(products).limit(20);
  const collectionRows = await db
    .select({ handle: collections.handle, id: collections.id })
    .from(collections)
    .limit(20);
  known = {
    productHandles: productRows.map((row) => row.handle),
    collectionHandles: collectionRows.map((row) => row.handle),
    ids: [...productRows.map((row) => row.id), ...collectionRows.map((row) => row.id), part.variantId, part.levelId],
    checkoutIds,
    cookies,
  };
});
afterAll(() => store?.close());

/** API routes from Fastify; page routes from the build's route tree (full paths, parents joined). */
function routeList(): { api: RoutePattern[]; pages: RoutePattern[] } {
  const api = store.routes.filter((route) => route.method !== "HEAD" && route.url.startsWith("/api"));
  const tree = store.build?.routes ?? {};
  const fullPath = (id: string): string => {
    const route = tree[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    const own = route.path ?? "";
    return own ? `${parent.replace(/\/$/, "")}/${own}` : parent;
  };
  const pages = Object.keys(tree)
    .filter((id) => id !== "root")
    .map((id) => ({ method: "GET", url: fullPath(id) || "/" }))
    .flatMap((route) => [route, { ...route, method: "POST" }]);
  return { api, pages };
}

interface Outcome {
  status: number | null;
  error?: string;
  /** The request sent before this one on the same connection (a hang or drop is often its doing). */
  previous?: number;
}

const lastOnSocket = new WeakMap<object, number>();

function send(agent: Agent, port: number, fuzz: FuzzRequest, index: number): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    let previous: number | undefined;
    const done = (outcome: Outcome) => {
      if (!settled) {
        settled = true;
        resolve({ ...outcome, previous });
      }
    };
    let request: ReturnType<typeof httpRequest>;
    try {
      request = httpRequest(
        {
          agent,
          host: "127.0.0.1",
          port,
          method: fuzz.method,
          // Node refuses to send spaces and characters above U+00FF: those are escaped.
          path: fuzz.path.replace(/[^\u0021-\u00ff]/g, (c) => escapeText(c)),
          headers: { ...fuzz.headers, ...(fuzz.body ? { "content-length": String(fuzz.body.length) } : {}) },
          timeout: TIMEOUT_MS,
        },
        (response) => {
          response.on("data", () => {});
          response.on("end", () => done({ status: response.statusCode ?? 0 }));
          response.on("error", () => done({ status: response.statusCode ?? 0 }));
          response.on("aborted", () => done({ status: response.statusCode ?? 0, error: "response aborted" }));
        },
      );
    } catch (error) {
      // The client itself refused to build the request (not the store's doing).
      return done({ status: -1, error: (error as Error).message });
    }
    request.on("socket", (socket) => {
      previous = lastOnSocket.get(socket);
      lastOnSocket.set(socket, index);
    });
    request.on("timeout", () => {
      request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`));
    });
    request.on("error", (error) => done({ status: null, error: error.message }));
    if (fuzz.body) request.end(fuzz.body);
    else request.end();
  });
}

describe("fuzz", () => {
  test(`${REQUESTS} generated requests: no 5xx, no dropped connection`, async () => {
    console.log(`fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${REQUESTS} requests`);
    const generator = new FuzzGenerator(SEED, known);
    const { api, pages } = routeList();
    expect(api.length).toBeGreaterThan(30);
    expect(pages.length).toBeGreaterThan(30);
    const port = Number(new URL(store.baseUrl).port);
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    // Generated up front, in order, so the seed alone decides every request whatever the timing.
    const requests = Array.from({ length: REQUESTS }, () =>
      generator.request(generator.chance(0.65) ? generator.pick(api) : generator.pick(pages)),
    );
    const order = requests.map((_, index) => index).filter((index) => !ONLY || ONLY.has(index));
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    let dropped = 0;
    const timeByRoute = new Map<string, [number, number]>();
    // React Router reports every refused method and unreadable form on the console: thousands of lines.
    const consoleError = vi.spyOn(console, "error");
    if (!ONLY) consoleError.mockImplementation(() => {});
    const started = performance.now();
    const worker = async () => {
      while (next < order.length) {
        const index = order[next++];
        const fuzz = requests[index];
        if (ONLY) {
          const { method, path, headers, body } = fuzz;
          console.log(`fuzz: #${index}`, {
            method,
            path,
            headers,
            body: body?.subarray(0, 300).toString("latin1"),
            length: body?.length,
          });
        }
        const began = performance.now();
        const outcome = await send(agent, port, fuzz, index);
        const route = fuzz.route;
        const spent = timeByRoute.get(route) ?? [0, 0];
        timeByRoute.set(route, [spent[0] + performance.now() - began, spent[1] + 1]);
        if (outcome.status === -1) continue;
        if (outcome.status !== null) statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        const bad = outcome.status === null || outcome.status >= 500 || outcome.error !== undefined;
        if (outcome.status === null) dropped++;
        if (bad && failures.length < 25) {
          failures.push(
            `#${index} ${fuzz.method} ${fuzz.path.slice(0, 160)} [${fuzz.headers["content-type"] ?? "-"}, ${fuzz.body?.length ?? 0} bytes] -> ${outcome.status ?? "dropped"}${outcome.error ? ` (${outcome.error})` : ""}${outcome.previous !== undefined ? `, after #${outcome.previous} on its connection` : ""}`,
          );
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    } finally {
      consoleError.mockRestore();
      agent.destroy();
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `fuzz: ${REQUESTS} requests in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );
    const slowest = [...timeByRoute]
      .sort((a, b) => b[1][0] - a[1][0])
      .slice(0, 8)
      .map(([route, [ms, n]]) => `${route} ${n}x ${Math.round(ms / n)} ms`);
    console.log(`fuzz: most time went to ${slowest.join("; ")}`);
    const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    expect({ seed: SEED, serverErrors, dropped, failures }).toEqual({
      seed: SEED,
      serverErrors: 0,
      dropped: 0,
      failures: [],
    });

    // Still serving: a product page and the API.
    const page = await store.get(`/products/${known.productHandles[0]}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<html");
    expect((await store.get("/api/health")).status).toBe(200);
  }, 600_000);
});
