import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";

export interface TabItem {
  value: string;
  label: ReactNode;
  /** Rendered only while its tab is selected. */
  content: ReactNode;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** The tab list's accessible name. */
  label: string;
  defaultValue?: string;
  className?: string;
  listClassName?: string;
  /** Each tab; `data-[state=active]:` styles the selected one. */
  tabClassName?: string;
  panelClassName?: string;
}

/** The tab a key moves to from tab `at` of `count` (wrapping round), or null for other keys. */
export function tabKeyTarget(key: string, at: number, count: number): number | null {
  if (count <= 0) return null;
  if (key === "ArrowRight") return (at + 1) % count;
  if (key === "ArrowLeft") return (at - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/**
 * WAI-ARIA tabs, automatic activation: a click or an arrow key selects a tab. Left and Right move between
 * the tabs (wrapping round), Home and End go to the first and the last; only the selected tab is in the
 * tab order, and its panel follows it.
 */
export function Tabs({
  items,
  label,
  defaultValue,
  className,
  listClassName,
  tabClassName,
  panelClassName,
}: TabsProps) {
  const id = useId();
  const [selected, setSelected] = useState(defaultValue ?? items[0]?.value);
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  const current = items.some((item) => item.value === selected) ? selected : items[0]?.value;
  const tabId = (value: string) => `${id}-tab-${value}`;
  const panelId = (value: string) => `${id}-panel-${value}`;

  function select(value: string) {
    setSelected(value);
    tabs.current.get(value)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = tabKeyTarget(
      event.key,
      items.findIndex((item) => item.value === current),
      items.length,
    );
    if (next === null) return;
    event.preventDefault();
    select(items[next].value);
  }

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className={listClassName}
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const active = item.value === current;
          return (
            <button
              key={item.value}
              ref={(element) => {
                if (element) tabs.current.set(item.value, element);
                else tabs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={tabId(item.value)}
              aria-selected={active}
              aria-controls={panelId(item.value)}
              data-state={active ? "active" : "inactive"}
              tabIndex={active ? 0 : -1}
              className={tabClassName}
              onClick={() => select(item.value)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => {
        const active = item.value === current;
        return (
          <div
            key={item.value}
            role="tabpanel"
            id={panelId(item.value)}
            aria-labelledby={tabId(item.value)}
            data-state={active ? "active" : "inactive"}
            hidden={!active}
            // The panel itself takes focus after its tab, as the WAI-ARIA pattern asks.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is focusable by the pattern.
            tabIndex={0}
            className={panelClassName}
          >
            {active ? item.content : null}
          </div>
        );
      })}
    </div>
  );
}
