// The category heading's description: the merchant's HTML, cut at a fixed
// height with Read More / Read Less when it is taller; closing scrolls back to the top of the results.
import { useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { RICH_TEXT } from "./rich-text.ts";

/** Descriptions taller than this are folded. */
export const DESCRIPTION_FOLD_PX = 96;

export function CategoryDescription({
  html,
  foldedOnServer,
  scrollTargetId,
}: {
  html: string;
  /** The server's guess from the text length, so the first paint already has its final shape. */
  foldedOnServer: boolean;
  /** Read Less scrolls to the top of the results. */
  scrollTargetId: string;
}) {
  const id = useId();
  const body = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(foldedOnServer);
  const [open, setOpen] = useState(false);

  // The real height decides once the page is in the browser.
  useEffect(() => {
    const element = body.current;
    if (element) setTall(element.scrollHeight > DESCRIPTION_FOLD_PX + 8);
  }, []);

  function toggle() {
    if (open) {
      // Fold first, then scroll: measured before the fold, the results would end up above the screen.
      flushSync(() => setOpen(false));
      document.getElementById(scrollTargetId)?.scrollIntoView({ block: "start" });
    } else setOpen(true);
  }

  const folded = tall && !open;
  return (
    <div className="mt-2">
      <div
        id={id}
        ref={body}
        className={`relative overflow-hidden leading-7 text-ink ${RICH_TEXT}`}
        style={folded ? { maxHeight: DESCRIPTION_FOLD_PX } : undefined}
      >
        {/* The merchant's own HTML from the catalog; never shopper input. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: catalog content written by the store. */}
        <div dangerouslySetInnerHTML={{ __html: html }} />
        {folded ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 bottom-0 h-10 bg-gradient-to-t from-white"
          />
        ) : null}
      </div>
      {tall ? (
        <button
          type="button"
          onClick={toggle}
          aria-expanded={open}
          aria-controls={id}
          className="mt-1 min-h-11 text-sm font-bold text-aqua-600 hover:underline desk:min-h-8"
        >
          {open ? "Read Less" : "Read More"}
        </button>
      ) : null}
    </div>
  );
}
