import { House, LogIn, LogOut, Menu, ShoppingCart } from "lucide-react";
import { lazy, type MouseEvent, Suspense, useRef, useState } from "react";
import { Link } from "react-router";
import type { MoreLink } from "./mobile-more-sheet.tsx";

// The sheet (and Radix Dialog with it) is only fetched when a shopper first taps More.
const MobileMoreSheet = lazy(() => import("./mobile-more-sheet.tsx"));

export const DEFAULT_MORE_LINKS: readonly MoreLink[] = [
  { title: "Brands", url: "/brands" },
  { title: "My Account", url: "/myaccount.asp" },
  { title: "Orders", url: "/orders.asp" },
  { title: "Blog", url: "/blog" },
  { title: "Help", url: "/help.asp" },
];

export interface MobileBottomBarProps {
  signedIn: boolean;
  cartCount: number;
  /** Toggles the cart overlay; without it Cart links to the cart page. */
  /** Opens or closes the cart overlay; may call preventDefault to stay on the page. */
  onCartClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Links in the More sheet (categories first, then account and help). */
  moreLinks?: readonly MoreLink[];
  phone?: string;
}

const item =
  "flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-semibold text-water-900 hover:bg-surface";

/** Spec §2 "Mobile bottom bar": Home, Cart, Sign In or Sign Out, More; shown at 992 px and below. */
export function MobileBottomBar({
  signedIn,
  cartCount,
  onCartClick,
  moreLinks = DEFAULT_MORE_LINKS,
  phone,
}: MobileBottomBarProps) {
  const [moreOpen, setMoreOpen] = useState(false);
  const [sheetRequested, setSheetRequested] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  const cartLabel = `Cart, ${cartCount} ${cartCount === 1 ? "item" : "items"}`;
  const cartContent = (
    <>
      <span className="relative">
        <ShoppingCart aria-hidden="true" size={22} />
        <span
          aria-hidden="true"
          className="tabular absolute -right-2.5 -top-1.5 min-w-4 rounded-full bg-action-600 px-1 text-center text-[0.6875rem] leading-4 text-white"
        >
          {cartCount}
        </span>
      </span>
      <span aria-hidden="true">Cart</span>
    </>
  );

  return (
    <>
      {/* Room at the end of the page so the fixed bar never covers the footer. */}
      <div aria-hidden="true" className="h-16 desk:hidden" />
      <nav
        aria-label="Shortcuts"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_8px_rgba(15,31,46,0.08)] desk:hidden"
      >
        <ul className="flex">
          <li className="flex flex-1">
            <Link to="/" className={item}>
              <House aria-hidden="true" size={22} />
              Home
            </Link>
          </li>
          <li className="flex flex-1">
            <Link
              to="/shoppingcart.asp"
              aria-label={cartLabel}
              className={item}
              onClick={onCartClick ? (event) => onCartClick(event) : undefined}
            >
              {cartContent}
            </Link>
          </li>
          <li className="flex flex-1">
            {signedIn ? (
              <Link to="/logout" className={item}>
                <LogOut aria-hidden="true" size={22} />
                Sign Out
              </Link>
            ) : (
              <Link to="/login" className={item}>
                <LogIn aria-hidden="true" size={22} />
                Sign In
              </Link>
            )}
          </li>
          <li className="flex flex-1">
            <button
              ref={moreButton}
              type="button"
              aria-haspopup="dialog"
              aria-expanded={moreOpen}
              onClick={() => {
                setSheetRequested(true);
                setMoreOpen(true);
              }}
              className={item}
            >
              <Menu aria-hidden="true" size={22} />
              More
            </button>
          </li>
        </ul>
      </nav>
      {sheetRequested ? (
        <Suspense fallback={null}>
          <MobileMoreSheet
            open={moreOpen}
            onOpenChange={setMoreOpen}
            links={moreLinks}
            phone={phone}
            returnFocusTo={moreButton}
          />
        </Suspense>
      ) : null}
    </>
  );
}
