import { House, LogIn, LogOut, Menu, ShoppingCart } from "lucide-react";
import { lazy, type MouseEvent, Suspense, useRef, useState } from "react";
import { Link } from "react-router";
import type { MoreLink } from "./mobile-more-sheet.tsx";

// The sheet (and Radix Dialog with it) is only fetched when a shopper first taps More.
const MobileMoreSheet = lazy(() => import("./mobile-more-sheet.tsx"));

/** The account pages every shopper can reach from the sheet; the rest comes from the theme config. */
const ACCOUNT_LINKS: readonly MoreLink[] = [
  { title: "My Account", url: "/myaccount.asp" },
  { title: "Orders", url: "/orders.asp" },
];

/** A top-level entry of the store's navigation (root loader shell.navigation). */
export interface MoreCategory {
  title: string;
  url: string | null;
  /** The collection the entry stands for; menu entries such as Brands or Blog have none. */
  collectionId?: number | null;
}

/**
 * The More sheet's lists: the navigation's top-level categories, then the account pages, the theme's
 * additional header links (desktop shows them in the header bar), the blog and the navigation's other
 * pages, each url once.
 */
export function moreSheetLinks(
  navigation: readonly MoreCategory[],
  headerLinks: readonly MoreLink[],
  blogPath: string,
): { categories: MoreLink[]; links: MoreLink[] } {
  const linked = navigation.flatMap((entry) =>
    entry.url ? [{ title: entry.title, url: entry.url, category: entry.collectionId != null }] : [],
  );
  const categories = linked.filter((entry) => entry.category).map(({ title, url }) => ({ title, url }));
  const pages = linked.filter((entry) => !entry.category).map(({ title, url }) => ({ title, url }));
  const seen = new Set(categories.map((link) => link.url));
  const links: MoreLink[] = [];
  for (const link of [...ACCOUNT_LINKS, ...headerLinks, { title: "Blog", url: blogPath }, ...pages]) {
    if (seen.has(link.url)) continue;
    seen.add(link.url);
    links.push(link);
  }
  return { categories, links };
}

export interface MobileBottomBarProps {
  signedIn: boolean;
  cartCount: number;
  /** Opens or closes the cart overlay; may call preventDefault to stay on the page. */
  onCartClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** The navigation's top-level categories, listed first in the More sheet. */
  categories?: readonly MoreCategory[];
  /** Theme config additionalHeaderLinks. */
  headerLinks?: readonly MoreLink[];
  /** App config paths.blog. */
  blogPath?: string;
  phone?: string;
}

const item =
  "flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-semibold text-water-900 hover:bg-surface";

/** Home, Cart, Sign In or Sign Out, More; shown at 992 px and below. */
export function MobileBottomBar({
  signedIn,
  cartCount,
  onCartClick,
  categories = [],
  headerLinks = [],
  blogPath = "/blog",
  phone,
}: MobileBottomBarProps) {
  const sheet = moreSheetLinks(categories, headerLinks, blogPath);
  const [moreOpen, setMoreOpen] = useState(false);
  const [sheetRequested, setSheetRequested] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  // The name comes from the text ('Cart (2 items)'): it starts with what is seen (WCAG 2.5.3).
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
      <span>
        Cart<span className="sr-only">{` (${cartCount} ${cartCount === 1 ? "item" : "items"})`}</span>
      </span>
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
            <Link to="/shoppingcart.asp" className={item} onClick={onCartClick}>
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
            categories={sheet.categories}
            links={sheet.links}
            phone={phone}
            returnFocusTo={moreButton}
          />
        </Suspense>
      ) : null}
    </>
  );
}
