import { MessageCircle } from "lucide-react";
import { useState } from "react";
import type { SupportChat } from "../../shared/support-chat.ts";

/**
 * The support chat entry of the header's support block. The provider's script is fetched on the first
 * click only; while it loads the button says so, and a failure offers the phone instead.
 */
export function SupportChatButton({
  chat,
  phone,
  className = "",
}: {
  chat: SupportChat;
  phone: string;
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "opening" | "open" | "failed">("idle");

  async function open() {
    if (state === "opening") return;
    setState("opening");
    try {
      const { loadSupportChat } = await import("./support-chat-loader.ts");
      await loadSupportChat(chat);
      setState("open");
    } catch {
      setState("failed");
    }
  }

  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <button
        type="button"
        onClick={open}
        aria-busy={state === "opening" || undefined}
        className="flex min-h-8 items-center gap-1.5 rounded px-1 font-semibold hover:text-aqua-100"
      >
        <MessageCircle aria-hidden="true" size={14} />
        {state === "opening" ? "Opening chat..." : "Chat with us"}
      </button>
      <span role="status" className={state === "failed" ? "text-aqua-100" : "sr-only"}>
        {state === "failed" ? `Chat is unavailable; call ${phone}.` : state === "open" ? "Chat opened." : ""}
      </span>
    </span>
  );
}
