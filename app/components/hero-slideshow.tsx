import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { PHONE_BANNER_MEDIA } from "../lib/banner-media.ts";
import { shouldAutoAdvance } from "./auto-advance.ts";
import { type EmblaOptions, useLazyEmbla } from "./lazy-embla.ts";
import { useOnScreen } from "./use-on-screen.ts";
import { usePrefersReducedMotion } from "./use-reduced-motion.ts";

/** The slideshow advances every 7500 ms. */
export const SLIDE_INTERVAL_MS = 7500;

export interface HeroSlide {
  url: string;
  /** The slide's phone picture (theme config): shown on phones (lib/banner-media.ts) instead of a crop of the wide one. */
  phoneUrl?: string;
  alt: string;
  link?: string;
  title?: string;
}

export interface HeroSlideshowProps {
  slides: readonly HeroSlide[];
  intervalMs?: number;
  label?: string;
  className?: string;
}

const EMBLA_OPTIONS: EmblaOptions = { loop: true };

/** The arrows over the banner (display is set where used: hidden on phones). */
const controlButton =
  "size-11 items-center justify-center rounded-full bg-white/90 text-water-900 shadow hover:bg-white desk:size-10";

/**
 * Hero: auto-advances every 7500 ms, a drag of 15 % changes the slide. It pauses
 * while pointed at or focused or scrolled out of view, has a pause button (WCAG 2.2.2), and never moves by
 * itself for visitors who prefer reduced motion.
 */
export function HeroSlideshow({
  slides,
  intervalMs = SLIDE_INTERVAL_MS,
  label = "Featured",
  className = "",
}: HeroSlideshowProps) {
  // Embla is fetched on the first touch, pointer or focus on the banner, or the first move (a control or
  // the autoplay): the page settles without it, and a swipe before it arrives still changes the slide.
  const [viewportRef, api, run] = useLazyEmbla(EMBLA_OPTIONS, { start: "use" });
  const reducedMotion = usePrefersReducedMotion();
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const section = useRef<HTMLElement>(null);
  const onScreen = useOnScreen(section);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on("select", onSelect);
    api.on("reInit", onSelect);
    return () => {
      api.off("select", onSelect);
      api.off("reInit", onSelect);
    };
  }, [api]);

  const autoAdvance = shouldAutoAdvance({
    slideCount: slides.length,
    playing,
    hovered,
    focused,
    reducedMotion,
    onScreen,
  });
  // The interval counts from hydration, whether or not Embla has arrived yet.
  const restartTimer = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!autoAdvance) return;
    let timer = setTimeout(advance, intervalMs);
    function advance() {
      // A background tab does not advance; it picks up where it was when the shopper comes back.
      if (document.visibilityState === "visible") run((carousel) => carousel.scrollNext());
      // The next interval starts here, not only from the move's "select" event: that listener is attached
      // once Embla has arrived and rendered, which can come after this first move.
      restart();
    }
    function restart() {
      clearTimeout(timer);
      timer = setTimeout(advance, intervalMs);
    }
    restartTimer.current = restart;
    return () => {
      clearTimeout(timer);
      restartTimer.current = null;
    };
  }, [autoAdvance, intervalMs, run]);
  useEffect(() => {
    if (!api) return;
    // Any move (drag, arrow, dot) starts a full interval again.
    const restart = () => restartTimer.current?.();
    api.on("select", restart);
    api.on("pointerDown", restart);
    return () => {
      api.off("select", restart);
      api.off("pointerDown", restart);
    };
  }, [api]);

  if (slides.length === 0) return null;
  const many = slides.length > 1;
  return (
    <section
      ref={section}
      aria-roledescription="carousel"
      aria-label={label}
      className={`relative ${className}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div ref={viewportRef} className="touch-pan-y overflow-hidden rounded-lg bg-surface">
        {/* Announce slide changes only when they are the visitor's doing. */}
        <div className="flex" aria-live={autoAdvance ? "off" : "polite"}>
          {slides.map((slide, index) => {
            const image = (
              <picture>
                {slide.phoneUrl ? <source media={PHONE_BANNER_MEDIA} srcSet={slide.phoneUrl} /> : null}
                <img
                  src={slide.url}
                  alt={slide.alt}
                  width={1600}
                  height={400}
                  loading={index === 0 ? "eager" : "lazy"}
                  fetchPriority={index === 0 ? "high" : undefined}
                  decoding="async"
                  className={`block h-auto w-full object-cover ${slide.phoneUrl ? "aspect-[8/5] sm:aspect-[4/1]" : "aspect-[4/1]"}`}
                />
              </picture>
            );
            // The slide's title sits in a bar under the banner, never over the banner's own lettering.
            const caption = slide.title ? (
              <span className="flex min-h-12 items-center justify-between gap-3 bg-water-950 px-4 py-2 text-white">
                <span className="font-bold leading-tight desk:text-lg">{slide.title}</span>
                {slide.link ? (
                  <span className="hidden shrink-0 items-center gap-1 text-sm font-semibold text-aqua-100 sm:flex">
                    Shop now <ChevronRight aria-hidden="true" size={16} />
                  </span>
                ) : null}
              </span>
            ) : null;
            return (
              // biome-ignore lint/a11y/useSemanticElements: WAI carousel pattern: a slide is a group with a role description.
              <div
                key={slide.url}
                className="relative min-w-0 shrink-0 grow-0 basis-full"
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${slides.length}`}
              >
                {slide.link ? (
                  <Link to={slide.link} className="block">
                    {image}
                    {caption}
                  </Link>
                ) : (
                  <>
                    {image}
                    {caption}
                  </>
                )}
              </div>
            );
          })}
        </div>
      </div>
      {many ? (
        <>
          {/* Over the banner's edges on desktop (outside its lettering, which starts 6 % in); on phones and
              tablets, where that margin is narrower than a button, in the row below with the dots. */}
          <button
            type="button"
            onClick={() => run((carousel) => carousel.scrollPrev())}
            aria-label="Previous slide"
            className={`${controlButton} absolute top-[calc(50%-22px)] left-2 hidden -translate-y-1/2 desk:flex`}
          >
            <ChevronLeft aria-hidden="true" size={22} />
          </button>
          <button
            type="button"
            onClick={() => run((carousel) => carousel.scrollNext())}
            aria-label="Next slide"
            className={`${controlButton} absolute top-[calc(50%-22px)] right-2 hidden -translate-y-1/2 desk:flex`}
          >
            <ChevronRight aria-hidden="true" size={22} />
          </button>
          {/* Below the banner, not over it: the controls stay legible on any picture. */}
          <div className="flex items-center justify-center gap-1">
            <button
              type="button"
              onClick={() => run((carousel) => carousel.scrollPrev())}
              aria-label="Previous slide"
              className="flex size-11 items-center justify-center rounded-full text-water-900 hover:bg-surface desk:hidden"
            >
              <ChevronLeft aria-hidden="true" size={22} />
            </button>
            {reducedMotion ? null : (
              <button
                type="button"
                onClick={() => setPlaying((value) => !value)}
                aria-label={playing ? "Pause slideshow" : "Play slideshow"}
                className="flex size-11 items-center justify-center rounded-full text-water-900 hover:bg-surface"
              >
                {playing ? <Pause aria-hidden="true" size={18} /> : <Play aria-hidden="true" size={18} />}
              </button>
            )}
            {slides.map((slide, index) => (
              <button
                key={slide.url}
                type="button"
                onClick={() => run((carousel) => carousel.scrollTo(index))}
                aria-label={`Go to slide ${index + 1}`}
                aria-current={index === selected ? "true" : undefined}
                className="group flex size-11 items-center justify-center"
              >
                <span
                  className={`block size-3 rounded-full border-2 border-water-900 ${
                    index === selected ? "bg-water-900" : "bg-white group-hover:bg-aqua-100"
                  }`}
                />
              </button>
            ))}
            <button
              type="button"
              onClick={() => run((carousel) => carousel.scrollNext())}
              aria-label="Next slide"
              className="flex size-11 items-center justify-center rounded-full text-water-900 hover:bg-surface desk:hidden"
            >
              <ChevronRight aria-hidden="true" size={22} />
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
