/** Discount codes and the shipping policy of the demo store. */
export interface DiscountCodeSeed {
  code: string;
  title: string;
  kind: "percentage" | "fixed_amount" | "free_shipping";
  percentOff?: number;
  amountOffCents?: number;
  minimumSubtotalCents?: number;
  startsAt: string;
  endsAt?: string;
  usageLimit?: number;
  usageCount?: number;
  oncePerCustomer?: boolean;
  isActive?: boolean;
}

export const discountCodes: readonly DiscountCodeSeed[] = [
  // The exit-intent popup's "FIRST ORDER SPECIAL": one redemption per account/IP address.
  {
    code: "FIRST10",
    title: "10% off your first order",
    kind: "percentage",
    percentOff: 10,
    startsAt: "2024-01-01T00:00:00Z",
    oncePerCustomer: true,
  },
  {
    code: "SAVE25",
    title: "$25 off orders over $250",
    kind: "fixed_amount",
    amountOffCents: 2500,
    minimumSubtotalCents: 25000,
    startsAt: "2024-01-01T00:00:00Z",
  },
  { code: "FREESHIP", title: "Free shipping", kind: "free_shipping", startsAt: "2024-01-01T00:00:00Z" },
  {
    code: "SPRING15",
    title: "15% off spring opening (expired)",
    kind: "percentage",
    percentOff: 15,
    startsAt: "2025-03-01T00:00:00Z",
    endsAt: "2025-05-31T23:59:59Z",
  },
  {
    code: "VIP50",
    title: "$50 off, single use",
    kind: "fixed_amount",
    amountOffCents: 5000,
    minimumSubtotalCents: 10000,
    startsAt: "2024-01-01T00:00:00Z",
    usageLimit: 1,
  },
  {
    code: "POOLPRO5",
    title: "5% off for pool professionals",
    kind: "percentage",
    percentOff: 5,
    startsAt: "2024-01-01T00:00:00Z",
  },
  {
    code: "OLDCODE",
    title: "Retired code",
    kind: "percentage",
    percentOff: 20,
    startsAt: "2023-01-01T00:00:00Z",
    isActive: false,
  },
];

const FREE_SHIPPING_THRESHOLD_CENTS = 9900;

export const shippingPolicy = {
  name: "Standard US Shipping",
  freeShippingThresholdCents: FREE_SHIPPING_THRESHOLD_CENTS,
  freeShippingRegion: "US-mainland",
};

/**
 * Ground rates below the free-shipping threshold by subtotal, a heavy-parcel surcharge tier by
 * weight, and the expedited services. A rate applies when min <= value < max.
 */
export const shippingRates: readonly {
  name: string;
  minSubtotalCents: number;
  maxSubtotalCents: number | null;
  minWeightGrams: number;
  maxWeightGrams: number | null;
  priceCents: number;
}[] = [
  {
    name: "Ground",
    minSubtotalCents: 0,
    maxSubtotalCents: 2500,
    minWeightGrams: 0,
    maxWeightGrams: 9072,
    priceCents: 795,
  },
  {
    name: "Ground",
    minSubtotalCents: 2500,
    maxSubtotalCents: 5000,
    minWeightGrams: 0,
    maxWeightGrams: 9072,
    priceCents: 995,
  },
  {
    name: "Ground",
    minSubtotalCents: 5000,
    maxSubtotalCents: 9900,
    minWeightGrams: 0,
    maxWeightGrams: 9072,
    priceCents: 1295,
  },
  {
    name: "Ground (heavy)",
    minSubtotalCents: 0,
    maxSubtotalCents: 9900,
    minWeightGrams: 9072,
    maxWeightGrams: 31751,
    priceCents: 2495,
  },
  {
    name: "Ground (extra heavy)",
    minSubtotalCents: 0,
    maxSubtotalCents: 9900,
    minWeightGrams: 31751,
    maxWeightGrams: null,
    priceCents: 4995,
  },
  {
    name: "Free Ground",
    minSubtotalCents: 9900,
    maxSubtotalCents: null,
    minWeightGrams: 0,
    maxWeightGrams: null,
    priceCents: 0,
  },
  {
    name: "2-Day Air",
    minSubtotalCents: 0,
    maxSubtotalCents: null,
    minWeightGrams: 0,
    maxWeightGrams: 9072,
    priceCents: 2995,
  },
  {
    name: "Overnight",
    minSubtotalCents: 0,
    maxSubtotalCents: null,
    minWeightGrams: 0,
    maxWeightGrams: 9072,
    priceCents: 5995,
  },
];
