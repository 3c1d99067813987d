import { LogIn, Phone, ShoppingCart, User } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { Link } from "react-router";
import type { SupportChat } from "../../shared/support-chat.ts";
import { HeaderSearch } from "../features/search/header-search.tsx";
import { HeaderBar } from "./header-bar.tsx";
import { telHref } from "./header-bar-support-hours.tsx";

export interface SiteHeaderProps {
  storeName: string;
  logoUrl: string;
  phone: string;
  announcement: string;
  cartCount: number;
  signedIn: boolean;
  query?: string;
  /** Base paths and currency for the search suggestions (store config). */
  productPath?: string;
  collectionPath?: string;
  currency?: string;
  /** The desktop category menu bar (TopNavigation) shown under the header row. */
  categoryBar?: ReactNode;
  /** Theme config headerRollingTexts (rotated every 4 s). */
  rollingTexts?: readonly string[];
  /** Theme config additionalHeaderLinks. */
  headerLinks?: readonly { title: string; url: string }[];
  /** The store's chat provider, shown in the support block; none: no chat entry. */
  supportChat?: SupportChat | null;
  /** Opens or closes the cart overlay; may call preventDefault to stay on the page. */
  onCartClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

const accountLink = "flex min-h-11 items-center gap-2 px-1 hover:text-aqua-100";

export function SiteHeader({
  storeName,
  logoUrl,
  phone,
  announcement,
  cartCount,
  signedIn,
  query,
  productPath,
  collectionPath,
  currency,
  categoryBar,
  rollingTexts = [],
  headerLinks = [],
  supportChat = null,
  onCartClick,
}: SiteHeaderProps) {
  return (
    <header className="bg-water-900 text-white">
      <HeaderBar
        rollingTexts={rollingTexts}
        announcement={announcement}
        links={headerLinks}
        phone={phone}
        supportChat={supportChat}
      />
      <div className="container-store flex flex-wrap items-center gap-x-6 gap-y-3 py-3 desk:flex-nowrap">
        <Link to="/" className="shrink-0" aria-label={`${storeName} home`}>
          <img src={logoUrl} alt={storeName} width={200} height={40} className="h-10 w-auto" />
        </Link>

        <HeaderSearch
          initialQuery={query}
          productPath={productPath}
          collectionPath={collectionPath}
          currency={currency}
          className="order-last desk:order-none desk:flex-1"
        />

        <div className="ml-auto flex items-center gap-3 desk:ml-0">
          <a
            href={telHref(phone)}
            className="tabular hidden min-h-11 items-center gap-2 px-1 text-sm font-semibold hover:text-aqua-100 desk:flex"
          >
            <Phone aria-hidden="true" size={18} />
            {phone}
          </a>
          {/* Sign In only for anonymous visitors; My Account for everyone, on phones too. */}
          {signedIn ? null : (
            <Link to="/login" className={accountLink}>
              <LogIn aria-hidden="true" size={22} />
              <span className="hidden sm:inline">Sign In</span>
              <span className="sr-only sm:hidden">Sign In</span>
            </Link>
          )}
          <Link to="/myaccount.asp" className={accountLink}>
            <User aria-hidden="true" size={22} />
            <span className="hidden sm:inline">My Account</span>
            <span className="sr-only sm:hidden">My Account</span>
          </Link>
          {/* The name comes from the text ('Cart (2 items)'): it starts with what is seen (WCAG 2.5.3). */}
          <Link
            to="/shoppingcart.asp"
            onClick={onCartClick}
            className="relative flex min-h-11 items-center gap-2 rounded-md px-2 hover:text-aqua-100"
          >
            <ShoppingCart aria-hidden="true" size={24} />
            <span className="sr-only sm:not-sr-only">Cart</span>
            <span className="sr-only">{` (${cartCount} ${cartCount === 1 ? "item" : "items"})`}</span>
            <span
              aria-hidden="true"
              className="tabular absolute -top-0.5 left-5 min-w-5 rounded-full bg-action-400 px-1 text-center text-xs font-bold leading-5 text-water-950"
            >
              {cartCount}
            </span>
          </Link>
        </div>
      </div>
      {categoryBar}
    </header>
  );
}
