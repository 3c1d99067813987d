import { Pause, Play } from "lucide-react";
import { useEffect, useState } from "react";

/** Header text rotation every 4 seconds. */
export const ROLLING_TEXT_INTERVAL_MS = 4000;

/**
 * The header's rolling texts (theme config headerRollingTexts). Screen readers hear each new text
 * politely; the rotation stops while the bar is pointed at or focused, and a button stops it for good
 * (WCAG 2.2.2: moving content can be paused).
 */
export function HeaderBarRollingTexts({
  texts,
  intervalMs = ROLLING_TEXT_INTERVAL_MS,
}: {
  texts: readonly string[];
  intervalMs?: number;
}) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = texts.length > 1 && !paused && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % texts.length), intervalMs);
    return () => clearInterval(timer);
  }, [rotating, texts.length, intervalMs]);

  if (texts.length === 0) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only pauses the rotation; the button is the control.
    <div
      className="flex min-w-0 items-center gap-1"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <p
        className="min-w-0 truncate font-medium"
        aria-live="polite"
        aria-atomic="true"
        data-testid="header-rolling-text"
      >
        {texts[index % texts.length]}
      </p>
      {texts.length > 1 ? (
        <button
          type="button"
          onClick={() => setPaused((value) => !value)}
          aria-label={paused ? "Resume rolling messages" : "Pause rolling messages"}
          className="flex size-8 shrink-0 items-center justify-center rounded text-aqua-100 hover:bg-white/10"
        >
          {paused ? <Play aria-hidden="true" size={14} /> : <Pause aria-hidden="true" size={14} />}
        </button>
      ) : null}
    </div>
  );
}
