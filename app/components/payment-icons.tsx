// The payment methods the store accepts, as small card-shaped marks drawn here (no third-party images:
// nothing to fetch, nothing to break). Each is one image for screen readers, named by the brand.
import type { ReactNode } from "react";

export const PAYMENT_METHODS = [
  "American Express",
  "Apple Pay",
  "Diners Club",
  "Discover",
  "Google Pay",
  "Mastercard",
  "PayPal",
  "Visa",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const font = "ui-sans-serif, system-ui, Arial, sans-serif";

function Card({ label, fill = "#fff", children }: { label: string; fill?: string; children: ReactNode }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 48 30" width={48} height={30} className="block">
      <rect x="0.5" y="0.5" width="47" height="29" rx="4" fill={fill} stroke="#cfd6de" />
      {children}
    </svg>
  );
}

const marks: Record<PaymentMethod, ReactNode> = {
  "American Express": (
    <Card label="American Express" fill="#1f72cd">
      <text x="24" y="19" textAnchor="middle" fontFamily={font} fontSize="10" fontWeight="800" fill="#fff">
        AMEX
      </text>
    </Card>
  ),
  "Apple Pay": (
    <Card label="Apple Pay">
      <path d="M12.6 10.2c.6-.7 1-1.6.9-2.5-.8 0-1.8.6-2.3 1.3-.5.6-1 1.5-.8 2.4.9.1 1.7-.5 2.2-1.2Z" fill="#000" />
      <path
        d="M13.5 11.6c-1.2-.1-2.3.7-2.8.7-.6 0-1.5-.7-2.4-.7-1.3 0-2.4.7-3.1 1.9-1.3 2.3-.3 5.6.9 7.5.6.9 1.4 1.9 2.3 1.9.9 0 1.3-.6 2.4-.6s1.4.6 2.4.6c1 0 1.6-.9 2.2-1.9.7-1 1-2 1-2.1 0 0-1.9-.8-1.9-2.9 0-1.8 1.5-2.7 1.6-2.8-.9-1.3-2.2-1.4-2.6-1.6Z"
        fill="#000"
      />
      <text x="32" y="20" textAnchor="middle" fontFamily={font} fontSize="11" fontWeight="600" fill="#000">
        Pay
      </text>
    </Card>
  ),
  "Diners Club": (
    <Card label="Diners Club">
      <circle cx="20" cy="15" r="8" fill="none" stroke="#0079be" strokeWidth="2.5" />
      <circle cx="28" cy="15" r="8" fill="none" stroke="#0079be" strokeWidth="2.5" />
    </Card>
  ),
  Discover: (
    <Card label="Discover">
      <text x="20" y="18.5" textAnchor="middle" fontFamily={font} fontSize="7.5" fontWeight="800" fill="#231f20">
        DISC
      </text>
      <circle cx="31.5" cy="15.8" r="3.6" fill="#f58220" />
      <text x="39.5" y="18.5" textAnchor="middle" fontFamily={font} fontSize="7.5" fontWeight="800" fill="#231f20">
        VER
      </text>
    </Card>
  ),
  "Google Pay": (
    <Card label="Google Pay">
      <text x="15" y="20" textAnchor="middle" fontFamily={font} fontSize="13" fontWeight="700" fill="#4285f4">
        G
      </text>
      <text x="31" y="20" textAnchor="middle" fontFamily={font} fontSize="11" fontWeight="600" fill="#5f6368">
        Pay
      </text>
    </Card>
  ),
  Mastercard: (
    <Card label="Mastercard" fill="#1a1a1a">
      <circle cx="19.5" cy="15" r="8" fill="#eb001b" />
      <circle cx="28.5" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" />
    </Card>
  ),
  PayPal: (
    <Card label="PayPal">
      <text x="24" y="19.5" textAnchor="middle" fontFamily={font} fontSize="11" fontWeight="800" fontStyle="italic">
        <tspan fill="#003087">Pay</tspan>
        <tspan fill="#009cde">Pal</tspan>
      </text>
    </Card>
  ),
  Visa: (
    <Card label="Visa" fill="#1a1f71">
      <text
        x="24"
        y="20"
        textAnchor="middle"
        fontFamily={font}
        fontSize="13"
        fontWeight="900"
        fontStyle="italic"
        fill="#fff"
      >
        VISA
      </text>
    </Card>
  ),
};

/** American Express, Apple Pay, Diners Club, Discover, Google Pay, Mastercard, PayPal, Visa. */
export function PaymentIcons({ className = "" }: { className?: string }) {
  return (
    <ul aria-label="Payment methods we accept" className={`flex flex-wrap items-center gap-2 ${className}`}>
      {PAYMENT_METHODS.map((method) => (
        <li key={method}>{marks[method]}</li>
      ))}
    </ul>
  );
}
