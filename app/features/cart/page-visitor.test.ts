import { expect, test } from "vitest";
import { requestIp } from "./page-visitor.server.ts";

const request = (forwarded?: string) =>
  new Request("http://store.test/", { headers: forwarded ? { "x-forwarded-for": forwarded } : {} });

test("the client address follows the trusted proxy hops, like the API's trustProxy", () => {
  expect(requestIp(request("203.0.113.7"), 0)).toBeNull();
  expect(requestIp(request("203.0.113.7"), 1)).toBe("203.0.113.7");
  // A spoofed entry on the left is ignored: one proxy appended the real client on the right.
  expect(requestIp(request("6.6.6.6, 203.0.113.7"), 1)).toBe("203.0.113.7");
  expect(requestIp(request("203.0.113.7, 10.0.0.2"), 2)).toBe("203.0.113.7");
  expect(requestIp(request("203.0.113.7"), 5)).toBe("203.0.113.7");
  expect(requestIp(request(), 1)).toBeNull();
});
