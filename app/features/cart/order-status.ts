/** Order statuses in words a customer reads. */
const LABELS: Record<string, string> = {
  placed: "Received",
  paid: "Paid, being prepared",
  partially_fulfilled: "Partly shipped",
  fulfilled: "Shipped",
  partially_refunded: "Partially refunded",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

export function orderStatusLabel(status: string): string {
  return LABELS[status] ?? status;
}
