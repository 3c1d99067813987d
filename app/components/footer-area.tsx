// The bottom of every storefront page: the newsletter sign-up on top of the site footer. Its code is not
// part of a page's first load (deferred-footer-area.tsx).
import { NewsletterBlock } from "./newsletter-block.tsx";
import { SiteFooter, type SiteFooterProps } from "./site-footer.tsx";

export function FooterArea(props: SiteFooterProps) {
  return (
    <>
      <NewsletterBlock />
      <SiteFooter {...props} />
    </>
  );
}
