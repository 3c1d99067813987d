import { describe, expect, test } from "vitest";
import { storeConfigSchema } from "./store-config.ts";
import { supportChatOf, supportChatOrigin, supportChatScriptUrl } from "./support-chat.ts";

const base = {
  storeName: "Blue Lagoon",
  storeLogoUrl: "/logo.svg",
  contactPhoneNumber: "800-555-0100",
  storeEmail: "help@example.com",
  themeConfig: {},
};

describe("support chat configuration", () => {
  test("absent or empty: no chat, and no third-party host", () => {
    for (const config of [base, { ...base, supportChat: { scriptUrl: "", id: "" } }]) {
      const store = storeConfigSchema.parse(config);
      expect(supportChatOf(store)).toBeNull();
      expect(supportChatOrigin(store)).toBeNull();
    }
  });

  test("a provider script and an id: the chat, its script URL with the id and the provider's origin", () => {
    const store = storeConfigSchema.parse({
      ...base,
      supportChat: { scriptUrl: "https://embed.chat.example/{id}/widget.js", id: "a1 b2" },
    });
    const chat = supportChatOf(store);
    expect(chat).toEqual({ scriptUrl: "https://embed.chat.example/{id}/widget.js", id: "a1 b2" });
    expect(chat && supportChatScriptUrl(chat)).toBe("https://embed.chat.example/a1%20b2/widget.js");
    expect(supportChatOrigin(store)).toBe("https://embed.chat.example");
  });

  test("the script must be https, and come with an id", () => {
    expect(() =>
      storeConfigSchema.parse({ ...base, supportChat: { scriptUrl: "http://chat.example/w.js", id: "x" } }),
    ).toThrow(/https/);
    expect(() => storeConfigSchema.parse({ ...base, supportChat: { scriptUrl: "https://chat.example/w.js" } })).toThrow(
      /both scriptUrl and id/,
    );
    expect(() => storeConfigSchema.parse({ ...base, supportChat: { scriptUrl: "", id: "x" } })).toThrow(
      /both scriptUrl and id/,
    );
  });
});
