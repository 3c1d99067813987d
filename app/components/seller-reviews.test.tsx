import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { reviewImageOrigins } from "../../shared/review-seal.ts";
import { PROVIDER_BADGE_TEXT, ProviderBadge } from "./seller-reviews.tsx";
import { SellerReviewCard } from "./seller-reviews-card.tsx";
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

describe("a seller review's avatar", () => {
  const review = {
    id: 1,
    url: null,
    message: "Quick and right the first time.",
    name: "Mike Tanner",
    stars: 5,
    avatarUrl: "https://reviews.example/avatars/mike.jpg",
  };
  const origins = reviewImageOrigins({ reviewsUrl: "https://reviews.example/bluelagoonparts", sealId: "" });

  it("comes from the configured review provider's host", () => {
    expect(origins).toEqual(["https://reviews.example"]);
    const html = renderToStaticMarkup(
      <SellerReviewCard review={review} reviewsUrl="https://reviews.example/bluelagoonparts" avatarOrigins={origins} />,
    );
    expect(html).toContain('src="https://reviews.example/avatars/mike.jpg"');
    expect(html).not.toContain(">MT<");
  });

  it("from any other host is not loaded: the initials stand in", () => {
    const html = renderToStaticMarkup(
      <SellerReviewCard
        review={{ ...review, avatarUrl: "https://tracker.example/pixel.gif" }}
        reviewsUrl="https://reviews.example/bluelagoonparts"
        avatarOrigins={origins}
      />,
    );
    expect(html).not.toContain("<img");
    expect(html).toContain(">MT<");
  });

  it("the seal's host counts as the provider's too", () => {
    expect(reviewImageOrigins({ reviewsUrl: "", sealId: "28512" })).toEqual(["https://www.shopperapproved.com"]);
  });
});
