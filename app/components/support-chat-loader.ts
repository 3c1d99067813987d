// Loads the chat provider's script the first time a shopper opens the support chat (never before: it is
// a third party's code and weight). The provider then shows its own chat window.
import { type SupportChat, supportChatScriptUrl } from "../../shared/support-chat.ts";

let loading: Promise<void> | undefined;

/** Loads the script once; a failed load can be tried again. */
export function loadSupportChat(chat: SupportChat): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = supportChatScriptUrl(chat);
    script.async = true;
    script.dataset.chatId = chat.id;
    script.dataset.testid = "support-chat-script";
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loading = undefined;
      reject(new Error("The chat could not be opened."));
    };
    document.head.append(script);
  });
  return loading;
}
