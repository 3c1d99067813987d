import { describe, expect, it } from "vitest";
import { isMobileUserAgent } from "./mobile-user-agent.ts";

describe("isMobileUserAgent", () => {
  it("knows phones and tablets from desktops", () => {
    expect(isMobileUserAgent("Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Mobile Safari/537.36")).toBe(
      true,
    );
    expect(isMobileUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")).toBe(true);
    expect(isMobileUserAgent("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)")).toBe(true);
    expect(isMobileUserAgent("Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1) Edge/15.15063")).toBe(true);
    expect(isMobileUserAgent("Opera/9.80 (J2ME/MIDP; Opera Mini/9.80)")).toBe(true);
    expect(isMobileUserAgent("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131 Safari/537.36")).toBe(
      false,
    );
    expect(isMobileUserAgent(null)).toBe(false);
    expect(isMobileUserAgent("")).toBe(false);
  });
});
