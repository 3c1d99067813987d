import { describe, expect, test } from "vitest";
import { clientAddress } from "./client-address.ts";

describe("clientAddress", () => {
  test("without trusted proxies the socket's address is the client's, whatever X-Forwarded-For says", () => {
    expect(clientAddress("10.0.0.5", "203.0.113.9", 0)).toBe("10.0.0.5");
  });
  test("one trusted proxy: the entry that proxy appended (the last one)", () => {
    expect(clientAddress("10.0.0.5", "198.51.100.1, 203.0.113.9", 1)).toBe("203.0.113.9");
  });
  test("two trusted proxies: the entry before the last", () => {
    expect(clientAddress("10.0.0.5", "198.51.100.1, 203.0.113.9, 10.0.0.4", 2)).toBe("203.0.113.9");
  });
  test("more trusted hops than entries: the first entry", () => {
    expect(clientAddress("10.0.0.5", "203.0.113.9", 3)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.5", undefined, 1)).toBe("10.0.0.5");
  });
  test("repeated headers are read as one list", () => {
    expect(clientAddress("10.0.0.5", ["198.51.100.1", "203.0.113.9"], 1)).toBe("203.0.113.9");
  });
});
