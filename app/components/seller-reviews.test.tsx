import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PROVIDER_BADGE_TEXT, ProviderBadge } from "./seller-reviews.tsx";
import { SiteFooter } from "./site-footer.tsx";

describe("the seller reviews badge", () => {
  it("shows the review provider's seal when the store has one", () => {
    const html = renderToStaticMarkup(<ProviderBadge sealUrl="https://www.shopperapproved.com/seals/28512-r.gif" />);
    expect(html).toContain('src="https://www.shopperapproved.com/seals/28512-r.gif"');
    expect(html).toContain(`alt="${PROVIDER_BADGE_TEXT}"`);
  });

  it("falls back to the store's own badge without one", () => {
    const html = renderToStaticMarkup(<ProviderBadge sealUrl={null} />);
    expect(html).not.toContain("<img");
    expect(html).toContain(PROVIDER_BADGE_TEXT);
  });
});

describe("the footer's copyright", () => {
  it("shows the year the server computed", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <SiteFooter
          storeName="Blue Lagoon"
          logoUrl="/logo.svg"
          phone="800-555-0100"
          email="help@example.com"
          address=""
          informationLinks={[]}
          year={2031}
        />
      </MemoryRouter>,
    );
    expect(html).toContain("© 2031 Blue Lagoon.");
  });
});
