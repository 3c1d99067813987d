// E-mails about an order after it was placed: shipped (carrier, tracking number and link), cancelled,
// refunded, and a return's decisions. Plain text and a simple HTML version with the same content, like the
// confirmation (order-email.ts).
import { formatMoney } from "../../shared/money.ts";
import type { OutgoingEmail } from "../email/mailer.ts";

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

interface Common {
  storeName: string;
  to: string;
  orderNumber: string;
  orderUrl: string;
}

interface Block {
  heading: string;
  paragraphs: string[];
  /** Lines of items: "2 x Pump Seal [SKU]". */
  items?: string[];
  /** A link shown as a button-like link with its label. */
  link?: { label: string; url: string };
}

function compose(common: Common, subject: string, kind: string, block: Block): OutgoingEmail {
  const text = [
    block.heading,
    "",
    ...block.paragraphs.flatMap((p) => [p, ""]),
    ...(block.items?.length ? [...block.items, ""] : []),
    ...(block.link ? [`${block.link.label}: ${block.link.url}`, ""] : []),
    `Your order ${common.orderNumber}: ${common.orderUrl}`,
    "",
    `${common.storeName}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f1f2e">
<h1 style="color:#0b3d63;font-size:20px">${escapeHtml(block.heading)}</h1>
${block.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${block.items?.length ? `<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>` : ""}
${block.link ? `<p><a href="${escapeHtml(block.link.url)}" style="color:#0e7490;font-weight:bold">${escapeHtml(block.link.label)}</a></p>` : ""}
<p>Your order <a href="${escapeHtml(common.orderUrl)}">${escapeHtml(common.orderNumber)}</a></p>
<p style="color:#55657a">${escapeHtml(common.storeName)}</p>
</body></html>`;
  return { to: common.to, subject, text, html, kind };
}

export interface ItemLine {
  title: string;
  variantTitle: string | null;
  sku: string | null;
  quantity: number;
}

function itemText(item: ItemLine): string {
  return `${item.quantity} x ${item.title}${item.variantTitle && item.variantTitle !== "Default Title" ? ` (${item.variantTitle})` : ""}${item.sku ? ` [${item.sku}]` : ""}`;
}

export function buildShippedEmail(
  input: Common & {
    carrierLabel: string;
    trackingNumber: string;
    trackingUrl: string | null;
    items: ItemLine[];
    /** Whether more items of the order are still to come. */
    moreToCome: boolean;
  },
): OutgoingEmail {
  return compose(input, `${input.storeName}: your order ${input.orderNumber} has shipped`, "order_shipped", {
    heading: "Your order has shipped",
    paragraphs: [
      `${input.moreToCome ? "Part of your order" : "Your order"} ${input.orderNumber} is on its way with ${input.carrierLabel}.`,
      `Tracking number: ${input.trackingNumber}`,
      ...(input.moreToCome
        ? ["The rest of your order will follow in another shipment; we will e-mail you again."]
        : []),
    ],
    items: input.items.map(itemText),
    link: input.trackingUrl ? { label: "Track your package", url: input.trackingUrl } : undefined,
  });
}

export function buildCancelledEmail(
  input: Common & { currency: string; refundedCents: number; released: boolean; reason: string | null },
): OutgoingEmail {
  const money = formatMoney(input.refundedCents / 100, input.currency);
  return compose(input, `${input.storeName}: your order ${input.orderNumber} was cancelled`, "order_cancelled", {
    heading: "Your order was cancelled",
    paragraphs: [
      `We cancelled your order ${input.orderNumber}.${input.reason ? ` Reason: ${input.reason}` : ""}`,
      input.refundedCents > 0
        ? `We refunded ${money} to your card. It usually shows on your statement within 5 to 10 business days.`
        : input.released
          ? "The hold on your card was released: you were not charged."
          : "You were not charged for this order.",
      "Questions? Just reply to this e-mail.",
    ],
  });
}

export function buildRefundedEmail(
  input: Common & { currency: string; amountCents: number; items: ItemLine[]; note: string | null; full: boolean },
): OutgoingEmail {
  const money = formatMoney(input.amountCents / 100, input.currency);
  return compose(input, `${input.storeName}: refund of ${money} for order ${input.orderNumber}`, "order_refunded", {
    heading: `We refunded ${money}`,
    paragraphs: [
      `We refunded ${money} of your order ${input.orderNumber}${input.full ? " (the whole order)" : ""} to the card you paid with. It usually shows on your statement within 5 to 10 business days.`,
      ...(input.note ? [input.note] : []),
    ],
    items: input.items.map(itemText),
  });
}

export function buildReturnRequestedEmail(input: Common & { items: ItemLine[]; returnNumber: string }): OutgoingEmail {
  return compose(
    input,
    `${input.storeName}: we received your return request for order ${input.orderNumber}`,
    "return_requested",
    {
      heading: "We received your return request",
      paragraphs: [
        `Your return request ${input.returnNumber} for order ${input.orderNumber} is with our team. We will e-mail you when it is approved, usually within one business day. Please do not send anything back before that.`,
      ],
      items: input.items.map(itemText),
    },
  );
}

export function buildReturnApprovedEmail(
  input: Common & { items: ItemLine[]; returnNumber: string; message: string | null; returnAddress: string },
): OutgoingEmail {
  return compose(input, `${input.storeName}: your return ${input.returnNumber} is approved`, "return_approved", {
    heading: "Your return is approved",
    paragraphs: [
      `Please send the items below back to us, with the return number ${input.returnNumber} written on the parcel:`,
      input.returnAddress,
      ...(input.message ? [input.message] : []),
      "We refund you as soon as the parcel arrives and we have checked it.",
    ],
    items: input.items.map(itemText),
  });
}

export function buildReturnRefusedEmail(
  input: Common & { items: ItemLine[]; returnNumber: string; message: string },
): OutgoingEmail {
  return compose(input, `${input.storeName}: about your return ${input.returnNumber}`, "return_refused", {
    heading: "We cannot accept this return",
    paragraphs: [
      `We looked at your return request ${input.returnNumber} for order ${input.orderNumber} and cannot accept it.`,
      input.message,
      "Questions? Just reply to this e-mail.",
    ],
    items: input.items.map(itemText),
  });
}

/** A return's number as the shopper and staff read it. */
export function returnNumberOf(id: number): string {
  return `RMA-${1000 + id}`;
}
