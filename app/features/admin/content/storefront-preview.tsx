// What the storefront will show with the values being edited, before they are saved: the announcement
// bar, the hero slides, the featured products banner, the footer's information links and the exit offer.
import type { StoreContent } from "../../../../shared/admin/content.ts";

export function StorefrontPreview({ content }: { content: StoreContent }) {
  const slide = content.heroSlides[0];
  return (
    <section className="space-y-4 text-sm" aria-label="Preview of the storefront">
      <div>
        <p className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">Announcement bar</p>
        {content.announcement ? (
          <div className="rounded bg-water-900 px-3 py-2 text-center font-semibold text-white">
            {content.announcement}
          </div>
        ) : (
          <p className="text-muted">No announcement bar.</p>
        )}
      </div>
      <div>
        <p className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">
          Home page slides ({content.heroSlides.length})
        </p>
        {slide ? (
          <div className="overflow-hidden rounded border border-line">
            <img src={slide.url} alt={slide.alt} className="aspect-[3/1] w-full bg-surface object-cover" />
            <p className="px-3 py-2">
              {slide.title ?? slide.alt}
              {slide.link ? <span className="ml-2 text-aqua-600">→ {slide.link}</span> : null}
            </p>
          </div>
        ) : (
          <p className="text-muted">No slides: the home page starts with its categories.</p>
        )}
      </div>
      <div>
        <p className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">Featured products banner</p>
        {content.featuredProducts ? (
          <div className="flex items-center gap-3 rounded border border-line p-2">
            <img src={content.featuredProducts.bannerUrl} alt="" className="h-16 w-24 bg-surface object-cover" />
            <span className="text-aqua-600">{content.featuredProducts.url}</span>
          </div>
        ) : (
          <p className="text-muted">No banner.</p>
        )}
      </div>
      <div>
        <p className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">Footer: information</p>
        <ul className="rounded bg-water-950 p-3 text-white">
          {content.footerLinks.map((link) => (
            <li key={`${link.title}-${link.url}`} className="py-0.5">
              {link.title}
            </li>
          ))}
          {content.footerLinks.length === 0 ? <li className="text-white/70">No links.</li> : null}
        </ul>
      </div>
      <div>
        <p className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">Exit-intent offer</p>
        {content.exitIntent ? (
          <div className="rounded border border-line p-3 text-center">
            <p className="text-lg font-bold text-water-900">{content.exitIntent.discountMessage}</p>
            <p className="part-number mt-1 inline-block rounded border border-dashed border-action-600 px-2 py-1">
              {content.exitIntent.discountCode}
            </p>
          </div>
        ) : (
          <p className="text-muted">No offer when a shopper is about to leave.</p>
        )}
      </div>
    </section>
  );
}
