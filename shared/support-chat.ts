// The support chat's configuration as the browser and the server read it (no zod here: this module is
// part of the storefront's first load). The schema is in store-config.ts.

export interface SupportChat {
  /** The chat provider's script (https://), `{id}` standing for the store's id. */
  scriptUrl: string;
  id: string;
}

/** The configured support chat, or null when the store has none (both fields empty). */
export function supportChatOf(store: { supportChat?: { scriptUrl: string; id: string } }): SupportChat | null {
  const chat = store.supportChat;
  return chat?.scriptUrl && chat.id ? { scriptUrl: chat.scriptUrl, id: chat.id } : null;
}

/** The chat script's URL with the id in place of `{id}`. */
export function supportChatScriptUrl(chat: SupportChat): string {
  return chat.scriptUrl.replaceAll("{id}", encodeURIComponent(chat.id));
}

/** The chat provider's origin, for the Content-Security-Policy; null without a chat. */
export function supportChatOrigin(store: { supportChat?: { scriptUrl: string; id: string } }): string | null {
  const chat = supportChatOf(store);
  return chat ? new URL(supportChatScriptUrl(chat)).origin : null;
}
