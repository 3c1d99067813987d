// Brand marks for saved cards (visa, mastercard, american_express, discover, otherwise generic).
// Drawn inline: no third-party image requests, crisp at any size.
import { CreditCard, Gift } from "lucide-react";

export function CardBrandIcon({ brand, giftCard = false }: { brand: string; giftCard?: boolean }) {
  const frame = "h-8 w-12 shrink-0 rounded border border-line";
  if (giftCard) {
    return (
      <span
        className={`${frame} flex items-center justify-center bg-action-600 text-white`}
        role="img"
        aria-label="Gift card"
      >
        <Gift aria-hidden="true" size={18} />
      </span>
    );
  }
  switch (brand) {
    case "visa":
      return (
        <svg viewBox="0 0 48 32" className={frame} role="img" aria-label="Visa">
          <rect width="48" height="32" rx="3" fill="#fff" />
          <text
            x="24"
            y="21"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontSize="13"
            fontStyle="italic"
            fontWeight="900"
            fill="#1a1f71"
          >
            VISA
          </text>
        </svg>
      );
    case "mastercard":
      return (
        <svg viewBox="0 0 48 32" className={frame} role="img" aria-label="Mastercard">
          <rect width="48" height="32" rx="3" fill="#fff" />
          <circle cx="19" cy="16" r="9" fill="#eb001b" />
          <circle cx="29" cy="16" r="9" fill="#f79e1b" fillOpacity="0.9" />
        </svg>
      );
    case "american_express":
      return (
        <svg viewBox="0 0 48 32" className={frame} role="img" aria-label="American Express">
          <rect width="48" height="32" rx="3" fill="#2e77bc" />
          <text
            x="24"
            y="20"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontSize="10"
            fontWeight="900"
            fill="#fff"
          >
            AMEX
          </text>
        </svg>
      );
    case "discover":
      return (
        <svg viewBox="0 0 48 32" className={frame} role="img" aria-label="Discover">
          <rect width="48" height="32" rx="3" fill="#fff" />
          <text
            x="21"
            y="19"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontSize="7.5"
            fontWeight="700"
            fill="#231f20"
          >
            DISC
          </text>
          <circle cx="34" cy="16.5" r="4" fill="#f58220" />
        </svg>
      );
    default:
      return (
        <span
          className={`${frame} flex items-center justify-center bg-surface text-water-800`}
          role="img"
          aria-label="Card"
        >
          <CreditCard aria-hidden="true" size={18} />
        </span>
      );
  }
}
