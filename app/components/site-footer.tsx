import { Mail, MapPin, Phone, ShieldCheck, Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { telHref } from "./header-bar-support-hours.tsx";
import { PaymentIcons } from "./payment-icons.tsx";

export interface SiteFooterProps {
  storeName: string;
  logoUrl: string;
  phone: string;
  email: string;
  address: string;
  informationLinks: ReadonlyArray<{ title: string; url: string }>;
  /** The top brands by product count (5). */
  brands?: ReadonlyArray<{ name: string }>;
  /** Top-level categories. */
  categories?: ReadonlyArray<{ title: string; url: string }>;
  /** Seller-review average and count for the store-rating badge. */
  rating?: { average: number; count: number } | null;
  /** The review provider's page (store config reviewsUrl). */
  reviewsUrl?: string;
  /** The copyright year, from the server (the store's time zone), so hydration never disagrees. */
  year?: number;
  /** Which bot check protects the forms: reCAPTCHA needs Google's notice. */
  botCheck?: "recaptcha" | "altcha";
  /** The collection path prefix, for All Categories. */
  collectionPath?: string;
}

function Column({
  title,
  children,
  label,
  listClassName = "",
}: {
  title: string;
  children: ReactNode;
  label?: string;
  listClassName?: string;
}) {
  return (
    <nav aria-label={label ?? title}>
      <h2 className="mb-3 text-sm font-bold uppercase tracking-wide text-white">{title}</h2>
      <ul className={listClassName}>{children}</ul>
    </nav>
  );
}

const footerLink = "inline-flex min-h-9 items-center hover:text-white hover:underline desk:min-h-0";

function StoreRatingBadge({ rating, reviewsUrl }: { rating: SiteFooterProps["rating"]; reviewsUrl: string }) {
  const content = (
    <>
      <span className="flex" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((index) => (
          <Star
            key={index}
            size={14}
            className={rating && index < Math.round(rating.average) ? "fill-star text-star" : "text-slate-500"}
          />
        ))}
      </span>
      <span>
        {rating ? (
          <>
            <strong className="tabular text-white">{rating.average.toFixed(1)}</strong> out of 5 store rating
            <span className="block text-xs text-slate-300">from {rating.count} seller reviews</span>
          </>
        ) : (
          "Store rating: see our seller reviews"
        )}
      </span>
    </>
  );
  const className =
    "mt-4 inline-flex items-center gap-2 rounded-md border border-white/20 bg-white/5 px-3 py-2 text-sm text-slate-100";
  return reviewsUrl ? (
    <a
      href={reviewsUrl}
      target="_blank"
      rel="noopener"
      className={`${className} hover:bg-white/10`}
      data-testid="store-rating-badge"
    >
      {content}
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  ) : (
    <p className={className} data-testid="store-rating-badge">
      {content}
    </p>
  );
}

/** The site footer: links, contact details, the brands and categories lists, payment icons. */
export function SiteFooter({
  storeName,
  logoUrl,
  phone,
  email,
  address,
  informationLinks,
  brands = [],
  categories = [],
  rating = null,
  reviewsUrl = "",
  year = new Date().getFullYear(),
  botCheck = "altcha",
  collectionPath = "/collections",
}: SiteFooterProps) {
  return (
    <footer className="render-when-near mt-16 bg-water-950 text-sm text-slate-200 [--near-height-desk:550px] [--near-height:1210px]">
      <div className="container-store grid grid-cols-2 gap-x-6 gap-y-8 py-10 desk:grid-cols-[1.4fr_1fr_1fr_1fr_1fr]">
        <div className="col-span-2 desk:col-span-1">
          <Link to="/" aria-label={`${storeName} home`} className="inline-block">
            <img src={logoUrl} alt={storeName} width={200} height={40} className="h-10 w-auto" loading="lazy" />
          </Link>
          <p className="mt-3 leading-relaxed">
            Your one-stop shop for pool and spa parts: pumps, filters, heaters, cleaners, salt cells and the small parts
            that keep them running, from the brands you already own.
          </p>
          <StoreRatingBadge rating={rating} reviewsUrl={reviewsUrl} />
          <h2 className="mt-6 text-sm font-bold uppercase tracking-wide text-white">Contact us</h2>
          <address className="mt-2 space-y-2 not-italic">
            {address ? (
              <p className="flex gap-2">
                <MapPin aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
                <span>{address}</span>
              </p>
            ) : null}
            <p>
              <a className="tabular flex items-center gap-2 hover:text-white hover:underline" href={telHref(phone)}>
                <Phone aria-hidden="true" size={16} /> {phone}
              </a>
            </p>
            <p>
              <a
                className="flex items-center gap-2 break-all hover:text-white hover:underline"
                href={`mailto:${email}`}
              >
                <Mail aria-hidden="true" size={16} className="shrink-0" /> {email}
              </a>
            </p>
          </address>
        </div>
        <Column title="Information" listClassName="space-y-1">
          {informationLinks.map((link) => (
            <li key={link.url}>
              <Link className={footerLink} to={link.url}>
                {link.title}
              </Link>
            </li>
          ))}
        </Column>
        <Column title="BRANDS" label="Brands" listClassName="space-y-1">
          {brands.map((brand) => (
            <li key={brand.name}>
              <Link className={footerLink} to={`/brands/${encodeURIComponent(brand.name)}`}>
                {brand.name}
              </Link>
            </li>
          ))}
          <li>
            <Link className={`${footerLink} font-semibold text-aqua-100`} to="/brands">
              All Brands
            </Link>
          </li>
        </Column>
        <div className="col-span-2">
          <Column title="ALL CATEGORIES" label="Categories" listClassName="columns-2 gap-6">
            {categories.map((category) => (
              <li key={category.url} className="break-inside-avoid pb-1">
                <Link className={footerLink} to={category.url}>
                  {category.title}
                </Link>
              </li>
            ))}
            <li className="break-inside-avoid pb-1">
              <Link className={`${footerLink} font-semibold text-aqua-100`} to={collectionPath}>
                All Categories
              </Link>
            </li>
          </Column>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="container-store flex flex-col gap-4 py-5 desk:flex-row desk:items-center desk:justify-between">
          <PaymentIcons />
          <div className="space-y-1 text-xs text-slate-300 desk:text-right">
            <p className="flex items-center gap-1.5 desk:justify-end">
              <ShieldCheck aria-hidden="true" size={14} className="shrink-0" />
              {botCheck === "recaptcha" ? (
                <span>
                  This site is protected by reCAPTCHA and the Google{" "}
                  <a className="underline hover:text-white" href="https://policies.google.com/privacy">
                    Privacy Policy
                  </a>{" "}
                  and{" "}
                  <a className="underline hover:text-white" href="https://policies.google.com/terms">
                    Terms of Service
                  </a>{" "}
                  apply.
                </span>
              ) : (
                <span>
                  Our forms are protected from bots by a quick check that runs in your browser, with no tracking.
                </span>
              )}
            </p>
            <p>
              © {year} {storeName}. All rights reserved.
            </p>
          </div>
        </div>
      </div>
    </footer>
  );
}
