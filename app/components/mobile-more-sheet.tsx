import * as Dialog from "@radix-ui/react-dialog";
import { Phone, X } from "lucide-react";
import type { RefObject } from "react";
import { Link } from "react-router";

export interface MoreLink {
  title: string;
  url: string;
}

export interface MobileMoreSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The store's top-level categories, listed first. */
  categories?: readonly MoreLink[];
  /** Account, content and help pages. */
  links: readonly MoreLink[];
  phone?: string;
  /** Phones do not focus tapped buttons, so the opener is named explicitly for focus to return to. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** The bottom bar's More sheet; loaded on first use (default export for React.lazy). */
export default function MobileMoreSheet({
  open,
  onOpenChange,
  categories = [],
  links,
  phone,
  returnFocusTo,
}: MobileMoreSheetProps) {
  const sheetLink = (link: MoreLink) => (
    <li key={link.url}>
      <Link
        to={link.url}
        onClick={() => onOpenChange(false)}
        className="flex min-h-12 items-center px-4 text-base font-semibold text-ink hover:bg-surface"
      >
        {link.title}
      </Link>
    </li>
  );
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-(--z-modal) bg-ink/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-(--z-modal) max-h-[85vh] overflow-y-auto rounded-t-xl bg-white pb-[env(safe-area-inset-bottom)] shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-line px-4 py-2">
            <Dialog.Title className="text-lg font-bold text-water-900">More</Dialog.Title>
            <Dialog.Close className="flex size-11 items-center justify-center rounded-full hover:bg-surface">
              <X aria-hidden="true" size={22} />
              <span className="sr-only">Close</span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Shop by category, your account and help.</Dialog.Description>
          {categories.length > 0 ? (
            <nav aria-labelledby="more-sheet-categories" className="border-b border-line py-2">
              <h3
                id="more-sheet-categories"
                className="px-4 pt-1 pb-1 text-xs font-bold tracking-wide text-muted uppercase"
              >
                Shop by category
              </h3>
              <ul>{categories.map(sheetLink)}</ul>
            </nav>
          ) : null}
          <ul aria-label="Account and help" className="py-2">
            {links.map(sheetLink)}
          </ul>
          {phone ? (
            <div className="border-t border-line px-4 py-3 text-sm text-muted">
              <a
                href={`tel:${phone.replace(/[^\d+]/g, "")}`}
                className="flex min-h-11 items-center gap-2 font-semibold text-aqua-600"
              >
                <Phone aria-hidden="true" size={18} />
                <span className="tabular">{phone}</span>
              </a>
              <p>Mon-Fri 6AM-8PM PST</p>
              <p>Sat-Sun 6AM-3PM PST</p>
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
