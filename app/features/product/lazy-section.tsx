import { type ReactNode, useEffect, useRef, useState } from "react";

/** A block starts loading once this share of it is visible (10 percent). */
export const LAZY_VISIBLE_RATIO = 0.1;

export interface LazySectionProps {
  /** Rendered once the block has been 10 % visible; until then the placeholder holds its place. */
  children: () => ReactNode;
  /** Reserved height before loading, so nothing below jumps when the content arrives. */
  minHeight: number;
  placeholder?: ReactNode;
  /** Shown from the start (the block's heading), so the page outline is complete before loading. */
  heading?: ReactNode;
  id?: string;
  labelledBy?: string;
  className?: string;
}

/**
 * Reviews, questions and recommendations below the product load when 10 % of their block
 * becomes visible. Browsers without IntersectionObserver load them at once.
 */
export function LazySection({
  children,
  minHeight,
  placeholder = null,
  heading = null,
  id,
  labelledBy,
  className = "",
}: LazySectionProps) {
  const ref = useRef<HTMLElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || visible) return;
    if (typeof IntersectionObserver === "undefined") {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= LAZY_VISIBLE_RATIO)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: LAZY_VISIBLE_RATIO },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  return (
    <section
      ref={ref}
      id={id}
      aria-labelledby={labelledBy}
      className={className}
      style={visible ? undefined : { minHeight }}
      data-loaded={visible || undefined}
    >
      {heading}
      {visible ? children() : placeholder}
    </section>
  );
}
