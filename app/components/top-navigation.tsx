import { ChevronDown } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";

/** A navigation item as GET /api/nav answers it. */
export interface NavigationMenuItem {
  id: number;
  title: string;
  url: string | null;
  children?: readonly NavigationMenuItem[];
  maxChildItemsToDisplay?: number | null;
}

/** Each dropdown shows up to 8 children unless the item sets maxChildItemsToDisplay. */
export const DEFAULT_MAX_CHILD_ITEMS = 8;
/** Moving the pointer off a menu closes it after this pause, so a diagonal move to the panel survives. */
const HOVER_CLOSE_MS = 200;
/** A click this soon after the hover that opened a menu is taken as part of opening it. */
const HOVER_CLICK_GRACE_MS = 500;

export function visibleNavChildren(item: NavigationMenuItem): {
  shown: readonly NavigationMenuItem[];
  hiddenCount: number;
} {
  const children = item.children ?? [];
  const max =
    item.maxChildItemsToDisplay != null && item.maxChildItemsToDisplay > 0
      ? Math.trunc(item.maxChildItemsToDisplay)
      : DEFAULT_MAX_CHILD_ITEMS;
  return { shown: children.slice(0, max), hiddenCount: Math.max(0, children.length - max) };
}

export interface TopNavigationProps {
  items: readonly NavigationMenuItem[];
  label?: string;
  className?: string;
}

/**
 * The desktop category bar. Built as the WAI disclosure navigation pattern:
 * each top item is a button that shows a list of links; for site navigation this reads better with
 * screen readers than an application menu (role="menu") and needs no focus trap. Hidden below 993 px,
 * where the bottom bar's More sheet takes over.
 */
export function TopNavigation({ items, label = "Categories", className = "" }: TopNavigationProps) {
  const [openId, setOpenId] = useState<number | null>(null);
  const barRef = useRef<HTMLUListElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hoverOpenedAt = useRef(0);
  const location = useLocation();

  // A navigation closes any open panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger.
  useEffect(() => setOpenId(null), [location.pathname, location.search]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  useEffect(() => {
    if (openId === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!barRef.current?.contains(event.target as Node)) setOpenId(null);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [openId]);

  function hoverOpen(id: number) {
    clearTimeout(closeTimer.current);
    if (openId !== id) hoverOpenedAt.current = Date.now();
    setOpenId(id);
  }
  // A mouse click lands just after the hover that opened the menu: it keeps the menu open instead of
  // closing it again. Later clicks, and Enter or Space, toggle.
  function clickToggle(id: number, open: boolean) {
    const justHovered = Date.now() - hoverOpenedAt.current < HOVER_CLICK_GRACE_MS;
    setOpenId(open && !justHovered ? null : id);
  }
  function hoverClose() {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpenId(null), HOVER_CLOSE_MS);
  }
  function onKeyDown(event: KeyboardEvent<HTMLLIElement>, id: number) {
    if (event.key !== "Escape" || openId !== id) return;
    event.preventDefault();
    setOpenId(null);
    event.currentTarget.querySelector<HTMLButtonElement>("button[aria-expanded]")?.focus();
  }

  if (items.length === 0) return null;
  return (
    <nav
      aria-label={label}
      className={`hidden border-t border-white/10 bg-water-800 text-white desk:block ${className}`}
    >
      <ul ref={barRef} className="container-store flex flex-wrap items-stretch">
        {items.map((item) => {
          const { shown, hiddenCount } = visibleNavChildren(item);
          if (shown.length === 0) {
            return (
              <li key={item.id}>
                {item.url ? (
                  <Link
                    to={item.url}
                    className="flex min-h-11 items-center px-3 text-sm font-semibold hover:bg-water-700"
                  >
                    {item.title}
                  </Link>
                ) : (
                  <span className="flex min-h-11 items-center px-3 text-sm font-semibold">{item.title}</span>
                )}
              </li>
            );
          }
          const open = openId === item.id;
          const panelId = `nav-panel-${item.id}`;
          return (
            <li
              key={item.id}
              className="relative"
              onKeyDown={(event) => onKeyDown(event, item.id)}
              onPointerEnter={(event) => event.pointerType === "mouse" && hoverOpen(item.id)}
              onPointerLeave={(event) => event.pointerType === "mouse" && hoverClose()}
              onBlur={(event) => {
                if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpenId(null);
              }}
            >
              <button
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => clickToggle(item.id, open)}
                className={`flex min-h-11 items-center gap-1 px-3 text-sm font-semibold hover:bg-water-700 ${
                  open ? "bg-water-700" : ""
                }`}
              >
                {item.title}
                <ChevronDown
                  aria-hidden="true"
                  size={14}
                  className={`transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
                />
              </button>
              <div
                id={panelId}
                hidden={!open}
                className="absolute left-0 top-full z-40 min-w-60 rounded-b-md border border-line bg-white py-2 text-ink shadow-lg"
              >
                <ul>
                  {item.url ? (
                    <li>
                      <Link
                        to={item.url}
                        className="block px-4 py-2 text-sm font-semibold text-water-900 hover:bg-surface"
                      >
                        All {item.title}
                      </Link>
                    </li>
                  ) : null}
                  {shown.map((child) => (
                    <li key={child.id}>
                      {child.url ? (
                        <Link to={child.url} className="block px-4 py-2 text-sm hover:bg-surface hover:text-aqua-600">
                          {child.title}
                        </Link>
                      ) : (
                        <span className="block px-4 py-2 text-sm text-muted">{child.title}</span>
                      )}
                    </li>
                  ))}
                  {hiddenCount > 0 && item.url ? (
                    <li>
                      <Link to={item.url} className="block px-4 py-2 text-sm text-aqua-600 hover:underline">
                        View all ({shown.length + hiddenCount})
                      </Link>
                    </li>
                  ) : null}
                </ul>
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
