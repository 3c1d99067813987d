import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import Brands from "./brands.tsx";

type Props = Parameters<typeof Brands>[0];

function render(vendors: Array<{ id: number; name: string; imageUrl: string | null; productCount: number }>) {
  const loaderData = {
    vendors,
    pageInfo: { totalPages: 1, totalObjects: vendors.length },
    page: 0,
    noImageUrl: "/img/no-image.svg",
  };
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={["/brands"]}>
      <Brands {...({ loaderData, params: {}, matches: [] } as unknown as Props)} />
    </MemoryRouter>,
  );
}

describe("/brands cards", () => {
  it("show the brand's image, or the store's no-image picture when the brand has none", () => {
    const html = render([
      { id: 1, name: "Hayward", imageUrl: "/img/brands/hayward.svg", productCount: 12 },
      { id: 2, name: "GE", imageUrl: null, productCount: 3 },
      { id: 3, name: "Unicel", imageUrl: "", productCount: 5 },
    ]);
    const images = [...html.matchAll(/<img[^>]*src="([^"]*)"/g)].map((match) => match[1]);
    expect(images).toEqual(["/img/brands/hayward.svg", "/img/no-image.svg", "/img/no-image.svg"]);
    expect(html).toContain('href="/brands/GE"');
  });
});
