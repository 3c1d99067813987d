import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AddressFields, addressValues, withChange } from "./address-fields.tsx";

const countries = [
  { code: "US", title: "United States" },
  { code: "GB", title: "United Kingdom" },
];
const usStates = [
  { code: "CA", title: "California" },
  { code: "TX", title: "Texas" },
];

function render(props: Partial<React.ComponentProps<typeof AddressFields>>) {
  return renderToStaticMarkup(
    <AddressFields
      idPrefix="a"
      values={addressValues({ countryCode: "US" })}
      onChange={() => {}}
      countries={countries}
      states={usStates}
      valid={{}}
      {...props}
    />,
  );
}

describe("address fields", () => {
  it("show State only once a country with states is chosen", () => {
    expect(render({})).toContain('id="a-stateCode"');
    expect(render({ values: addressValues({ countryCode: "" }) })).not.toContain('id="a-stateCode"');
    expect(render({ values: addressValues({ countryCode: "GB" }), states: [] })).not.toContain('id="a-stateCode"');
  });

  it("keep the chosen state selectable while the states load", () => {
    const html = render({ values: addressValues({ countryCode: "US", stateCode: "CA" }), states: null });
    expect(html).toContain("Loading states...");
    // The chosen state's option is the selected one (whatever order the renderer writes its attributes in).
    expect(html).toMatch(/<option(?=[^>]*\sselected(?:="")?[\s>])(?=[^>]*\svalue="CA")[^>]*>/);
  });

  it("highlight valid fields and never draw a wrong one in red", () => {
    const html = render({
      values: addressValues({ countryCode: "US", zip: "92627", phone: "020 7946 0018" }),
      valid: { zip: true },
      invalid: { phone: true },
    });
    expect(html).toMatch(/id="a-zip"[^>]*class="[^"]*border-stock/);
    expect(html).toMatch(/id="a-phone"[^>]*aria-invalid="true"/);
    expect(html).not.toContain("border-sale");
    expect(html).not.toContain('id="a-phone-error"');
  });

  it("forget the state when the country changes", () => {
    const values = addressValues({ countryCode: "US", stateCode: "CA" });
    expect(withChange(values, "countryCode", "GB")).toMatchObject({ countryCode: "GB", stateCode: "" });
    expect(withChange(values, "city", "Irvine")).toMatchObject({ stateCode: "CA", city: "Irvine" });
  });
});
