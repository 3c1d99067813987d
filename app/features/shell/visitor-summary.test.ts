import { describe, expect, test, vi } from "vitest";
import { hasSessionHint } from "../../../shared/session-hint.ts";
import { ANONYMOUS_VISITOR, fetchVisitorSummary } from "./visitor-summary.ts";

const answering = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

describe("the header's visitor summary", () => {
  test("without the session hint nothing is asked: an anonymous visitor", async () => {
    const fetchImpl = answering({ cartCount: 3, signedIn: true });
    expect(await fetchVisitorSummary(fetchImpl as unknown as typeof fetch, "theme=dark; store_visitorx=1")).toBe(
      ANONYMOUS_VISITOR,
    );
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  test("with the hint, the store's answer", async () => {
    const fetchImpl = answering({ cartCount: 3, signedIn: true });
    expect(await fetchVisitorSummary(fetchImpl as unknown as typeof fetch, "theme=dark; store_visitor=1")).toEqual({
      cartCount: 3,
      signedIn: true,
    });
    expect(fetchImpl).toHaveBeenCalledWith("/api/session/summary", expect.anything());
  });

  test("an error or no connection keeps what the page shows (null)", async () => {
    expect(await fetchVisitorSummary(answering({}, 503) as unknown as typeof fetch, "store_visitor=1")).toBeNull();
    const offline = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await fetchVisitorSummary(offline as unknown as typeof fetch, "store_visitor=1")).toBeNull();
  });

  test("the hint is read as a cookie name, wherever it stands", () => {
    expect(hasSessionHint("store_visitor=1")).toBe(true);
    expect(hasSessionHint("a=b;store_visitor=1;c=d")).toBe(true);
    expect(hasSessionHint("")).toBe(false);
    expect(hasSessionHint("my_store_visitor=1")).toBe(false);
  });
});
