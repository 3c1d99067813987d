import { describe, expect, test } from "vitest";
import { createConnectionCap, MAX_LIVE_CONNECTIONS_PER_ADDRESS } from "./connection-cap.ts";

describe("live connection cap", () => {
  test("counts per address, an IPv6 /64 as one; a closed connection frees its place", () => {
    expect(MAX_LIVE_CONNECTIONS_PER_ADDRESS).toBe(20);
    const cap = createConnectionCap(2);
    expect(cap.open("2001:db8:1:2::a")).toBe(true);
    expect(cap.open("2001:db8:1:2::b")).toBe(true);
    expect(cap.open("2001:db8:1:2:ffff::1")).toBe(false);
    expect(cap.open("2001:db8:1:3::a")).toBe(true);
    expect(cap.open("203.0.113.5")).toBe(true);
    cap.close("2001:db8:1:2::a");
    expect(cap.count("2001:db8:1:2::b")).toBe(1);
    expect(cap.open("2001:db8:1:2::c")).toBe(true);
  });
});
