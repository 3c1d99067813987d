import { describe, expect, test } from "vitest";
import { networkOf, PAYMENT_ATTEMPT_LIMITS, paymentAttemptRules } from "./payment-attempts.ts";

describe("payment attempt limits", () => {
  test("an IPv6 address counts as its /64; IPv4 and IPv4-mapped addresses as themselves", () => {
    expect(networkOf("2001:db8:1:2::a")).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:0db8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(networkOf("::1")).toBe("0:0:0:0::/64");
    expect(networkOf("203.0.113.9")).toBe("203.0.113.9");
    expect(networkOf("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  test("are counted per session, per customer and per network", () => {
    const rules = paymentAttemptRules({ sessionId: "s1", customerId: 7, ip: "2001:db8:1:2::a" });
    expect(rules.map((rule) => [rule.key, rule.limit])).toEqual([
      ["pay:session:s1", PAYMENT_ATTEMPT_LIMITS.perSession],
      ["pay:customer:7", PAYMENT_ATTEMPT_LIMITS.perCustomer],
      ["pay:net:2001:db8:1:2::/64", PAYMENT_ATTEMPT_LIMITS.perNetwork],
    ]);
    expect(paymentAttemptRules({ sessionId: null, customerId: null, ip: null })).toEqual([]);
  });
});
