import { Link } from "react-router";
import type { SupportChat } from "../../shared/support-chat.ts";
import { HeaderBarRollingTexts } from "./header-bar-rolling-texts.tsx";
import { HeaderBarSupportHours } from "./header-bar-support-hours.tsx";
import { SupportChatButton } from "./support-chat-button.tsx";

export interface HeaderBarProps {
  rollingTexts: readonly string[];
  announcement: string;
  /** Theme config additionalHeaderLinks. */
  links: readonly { title: string; url: string }[];
  phone: string;
  /** The store's chat provider (store config supportChat); none: no chat entry. */
  supportChat?: SupportChat | null;
}

/**
 * The strip above the header row: rolling texts, the store announcement, the
 * additional header links and the support hours.
 */
export function HeaderBar({ rollingTexts, announcement, links, phone, supportChat = null }: HeaderBarProps) {
  return (
    <div className="bg-water-950 text-sm text-white">
      <div className="container-store flex min-h-9 items-center gap-4">
        <div className="min-w-0 flex-1">
          <HeaderBarRollingTexts texts={rollingTexts} />
        </div>
        {announcement ? (
          <p className="hidden shrink-0 font-semibold text-aqua-100 desk:block" data-testid="store-announcement">
            {announcement}
          </p>
        ) : null}
        {links.length > 0 ? (
          <nav aria-label="Store links" className="hidden desk:block">
            <ul className="flex items-center gap-3">
              {links.map((link) => (
                <li key={link.url}>
                  <Link to={link.url} className="hover:text-aqua-100 hover:underline">
                    {link.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="hidden shrink-0 items-center gap-3 desk:flex">
          <HeaderBarSupportHours phone={phone} />
          {supportChat ? <SupportChatButton chat={supportChat} phone={phone} /> : null}
        </div>
      </div>
      {/* Phones: the announcement and the hours on a line of their own. */}
      <div className="flex flex-wrap items-center justify-center gap-x-3 border-t border-white/10 px-4 py-0.5 text-center text-xs desk:hidden">
        {announcement ? <p className="font-semibold text-aqua-100">{announcement}</p> : null}
        <HeaderBarSupportHours phone={phone} />
        {supportChat ? <SupportChatButton chat={supportChat} phone={phone} /> : null}
      </div>
    </div>
  );
}
