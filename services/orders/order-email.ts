// The order confirmation e-mail: plain text and a simple HTML version with the same content.
import type { AddressSnapshot } from "../../db/schema/commerce.ts";
import { formatMoney } from "../../shared/money.ts";
import { formatAddressLine } from "../checkout/checkout-address.ts";
import type { OutgoingEmail } from "../email/mailer.ts";

export interface ConfirmationInput {
  storeName: string;
  to: string;
  orderNumber: string;
  /** Where the customer sees the order: the signed link for a guest, the account page otherwise. */
  orderUrl: string;
  guest: boolean;
  currency: string;
  lines: Array<{
    title: string;
    variantTitle: string | null;
    sku: string | null;
    quantity: number;
    unitPriceCents: number;
  }>;
  subtotalCents: number;
  discountCents: number;
  discountCode: string | null;
  shippingCents: number;
  shippingTitle: string;
  /** Sales tax on the merchandise after discounts. */
  taxCents: number;
  totalCents: number;
  shippingAddress: AddressSnapshot;
  paymentSummary: string;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

export function buildOrderConfirmation(input: ConfirmationInput): OutgoingEmail {
  const money = (cents: number) => formatMoney(cents / 100, input.currency);
  const lineText = input.lines.map(
    (line) =>
      `${line.quantity} x ${line.title}${line.variantTitle ? ` (${line.variantTitle})` : ""}${line.sku ? ` [${line.sku}]` : ""}  ${money(line.unitPriceCents * line.quantity)}`,
  );
  const totals: Array<[string, string]> = [["Subtotal", money(input.subtotalCents + input.discountCents)]];
  if (input.discountCents > 0) {
    totals.push([`Discount${input.discountCode ? ` (${input.discountCode})` : ""}`, `-${money(input.discountCents)}`]);
  }
  totals.push([`Shipping (${input.shippingTitle})`, input.shippingCents === 0 ? "FREE" : money(input.shippingCents)]);
  totals.push(["Tax", money(input.taxCents)]);
  totals.push(["Total", money(input.totalCents)]);
  const linkNote = input.guest
    ? "View your order any time with this private link (keep it to yourself):"
    : "View your order in your account:";

  const text = [
    `Thank you for your order from ${input.storeName}!`,
    "",
    `Order ${input.orderNumber}`,
    "",
    ...lineText,
    "",
    ...totals.map(([label, value]) => `${label}: ${value}`),
    "",
    `Ship to: ${formatAddressLine(input.shippingAddress)}`,
    `Paid with: ${input.paymentSummary}`,
    "",
    linkNote,
    input.orderUrl,
    "",
    "We will e-mail you again when your order ships.",
  ].join("\n");

  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f1f2e">
<h1 style="color:#0b3d63;font-size:20px">Thank you for your order!</h1>
<p>Order <strong>${escapeHtml(input.orderNumber)}</strong></p>
<table cellpadding="4" style="border-collapse:collapse">${input.lines
    .map(
      (line) =>
        `<tr><td>${line.quantity} &times;</td><td>${escapeHtml(line.title)}${line.variantTitle ? ` (${escapeHtml(line.variantTitle)})` : ""}</td><td align="right">${escapeHtml(money(line.unitPriceCents * line.quantity))}</td></tr>`,
    )
    .join("")}</table>
<table cellpadding="4">${totals.map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td align="right">${escapeHtml(value)}</td></tr>`).join("")}</table>
<p>Ship to: ${escapeHtml(formatAddressLine(input.shippingAddress))}<br>Paid with: ${escapeHtml(input.paymentSummary)}</p>
<p>${escapeHtml(linkNote)}<br><a href="${escapeHtml(input.orderUrl)}">${escapeHtml(input.orderUrl)}</a></p>
</body></html>`;

  return {
    to: input.to,
    subject: `${input.storeName}: order ${input.orderNumber} confirmed`,
    text,
    html,
    kind: "order_confirmation",
  };
}
