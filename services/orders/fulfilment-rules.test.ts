import { describe, expect, test } from "vitest";
import {
  everythingToShip,
  fulfillmentStatusOf,
  linesAmountCents,
  orderStatusOf,
  quantityProblem,
  returnWindowOpen,
  trackingUrlFor,
  unitsToRefund,
  unitsToReturn,
  unitsToShip,
} from "./fulfilment-rules.ts";

const line = (id: number, quantity: number, shipped = 0, refunded = 0, inReturns = 0) => ({
  id,
  title: `Part ${id}`,
  quantity,
  shipped,
  refunded,
  inReturns,
});

describe("quantities", () => {
  test("what is still to ship: ordered less shipped, less units refunded before they went out", () => {
    expect(unitsToShip(line(1, 3))).toBe(3);
    expect(unitsToShip(line(1, 3, 1))).toBe(2);
    expect(unitsToShip(line(1, 3, 0, 1))).toBe(2);
    // Refunding a unit that already shipped (a return) does not make another one owed, nor one fewer.
    expect(unitsToShip(line(1, 3, 1, 1))).toBe(2);
    expect(unitsToShip(line(1, 3, 3, 1))).toBe(0);
  });

  test("refund and return limits", () => {
    expect(unitsToRefund(line(1, 3, 0, 2))).toBe(1);
    expect(unitsToReturn(line(1, 3, 2))).toBe(2);
    expect(unitsToReturn(line(1, 3, 2, 0, 1))).toBe(1);
    expect(unitsToReturn(line(1, 3, 0))).toBe(0);
  });

  test("a request is refused with a sentence when it asks for more than is left", () => {
    const lines = [line(1, 2, 1), line(2, 1)];
    expect(quantityProblem(lines, [{ lineItemId: 1, quantity: 1 }], unitsToShip, "ship")).toBeNull();
    expect(quantityProblem(lines, [{ lineItemId: 1, quantity: 2 }], unitsToShip, "ship")).toBe(
      "Only 1 of Part 1 can still be shipped (2 asked).",
    );
    expect(quantityProblem(lines, [{ lineItemId: 9, quantity: 1 }], unitsToShip, "ship")).toMatch(
      /not part of this order/,
    );
    expect(
      quantityProblem(
        lines,
        [
          { lineItemId: 2, quantity: 1 },
          { lineItemId: 2, quantity: 1 },
        ],
        unitsToShip,
        "ship",
      ),
    ).toMatch(/listed twice/);
    expect(quantityProblem(lines, [{ lineItemId: 2, quantity: 0 }], unitsToShip, "ship")).toMatch(/above 0/);
    expect(quantityProblem([line(1, 1, 1)], [{ lineItemId: 1, quantity: 1 }], unitsToShip, "ship")).toBe(
      "Nothing of Part 1 is left to ship.",
    );
    expect(quantityProblem(lines, [], unitsToShip, "ship")).toMatch(/at least one/);
  });

  test("ship everything names every unit still owed", () => {
    expect(everythingToShip([line(1, 2, 1), line(2, 1, 1), line(3, 4)])).toEqual([
      { lineItemId: 1, quantity: 1 },
      { lineItemId: 3, quantity: 4 },
    ]);
  });

  test("lines are refunded at the price paid", () => {
    expect(
      linesAmountCents(
        [
          { id: 1, unitPriceCents: 1999 },
          { id: 2, unitPriceCents: 500 },
        ],
        [
          { lineItemId: 1, quantity: 2 },
          { lineItemId: 2, quantity: 1 },
        ],
      ),
    ).toBe(4498);
  });
});

describe("status", () => {
  test("fulfilment follows the shipped units", () => {
    expect(fulfillmentStatusOf([line(1, 2), line(2, 1)])).toBe("unfulfilled");
    expect(fulfillmentStatusOf([line(1, 2, 1), line(2, 1)])).toBe("partial");
    expect(fulfillmentStatusOf([line(1, 2, 2), line(2, 1, 1)])).toBe("fulfilled");
    // A line refunded before shipping is not waited for.
    expect(fulfillmentStatusOf([line(1, 2, 2), line(2, 1, 0, 1)])).toBe("fulfilled");
  });

  test("paid → partially fulfilled → fulfilled; refunds; cancelled wins", () => {
    const of = (
      financialStatus: string,
      fulfillmentStatus: "unfulfilled" | "partial" | "fulfilled",
      cancelled = false,
    ) => orderStatusOf({ cancelled, financialStatus, fulfillmentStatus });
    expect(of("authorized", "unfulfilled")).toBe("placed");
    expect(of("paid", "unfulfilled")).toBe("paid");
    expect(of("paid", "partial")).toBe("partially_fulfilled");
    expect(of("paid", "fulfilled")).toBe("fulfilled");
    expect(of("partially_refunded", "fulfilled")).toBe("partially_refunded");
    expect(of("refunded", "fulfilled")).toBe("refunded");
    expect(of("refunded", "unfulfilled", true)).toBe("cancelled");
    expect(of("voided", "unfulfilled", true)).toBe("cancelled");
  });
});

describe("carriers and returns", () => {
  test("tracking links from each carrier's template", () => {
    expect(trackingUrlFor("ups", "1z 999 aa1 0123456784")).toBe(
      "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    );
    expect(trackingUrlFor("usps", "9400111899223856925531")).toBe(
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223856925531",
    );
    expect(trackingUrlFor("fedex", "123456789012")).toBe("https://www.fedex.com/fedextrack/?trknbr=123456789012");
    expect(trackingUrlFor("dhl", "1234567890")).toContain("tracking-id=1234567890");
    expect(trackingUrlFor("other", "ABC123", "https://track.example.com/ABC123")).toBe(
      "https://track.example.com/ABC123",
    );
    expect(trackingUrlFor("other", "ABC123")).toBeNull();
  });

  test("the return window counts from the last shipment", () => {
    const shipped = new Date("2026-01-01T00:00:00Z");
    expect(returnWindowOpen(shipped, 30, new Date("2026-01-31T00:00:00Z"))).toBe(true);
    expect(returnWindowOpen(shipped, 30, new Date("2026-01-31T00:00:01Z"))).toBe(false);
    expect(returnWindowOpen(null, 30, shipped)).toBe(false);
    expect(returnWindowOpen(shipped, 0, shipped)).toBe(false);
  });
});
