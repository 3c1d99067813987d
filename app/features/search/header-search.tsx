import { Search } from "lucide-react";
import { type ComponentType, type FormEvent, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { HeaderSearchComboboxProps } from "./header-search-combobox.tsx";
import {
  SEARCH_LABEL,
  SEARCH_PLACEHOLDER,
  searchButtonClass,
  searchGroupClass,
  searchInputClass,
} from "./header-search-styles.ts";
import { searchResultsUrl } from "./header-search-url.ts";

type Combobox = ComponentType<HeaderSearchComboboxProps>;

// The combobox (its keyboard, its list, the price chips and the suggestions' requests) is code every page
// would pay for before it can hydrate, and a phone for running it while the page settles, so it is
// fetched when the shopper points at, touches or tabs into the box, and then replaces the plain input in place (keeping focus, caret
// and what was typed). The plain form searches meanwhile.
let comboboxModule: Promise<Combobox> | undefined;
function loadCombobox(): Promise<Combobox> {
  comboboxModule ??= import("./header-search-combobox.tsx").then((module) => module.HeaderSearchCombobox);
  return comboboxModule;
}

export interface HeaderSearchProps {
  /** The keyword shown (the results page's q); the box shows it again after each navigation. */
  initialQuery?: string;
  productPath?: string;
  collectionPath?: string;
  currency?: string;
  className?: string;
}

/**
 * The header keyword box. The server renders a plain GET form to
 * /searchresults.asp, which works before (and without) JavaScript; Enter or the button navigate to
 * the results with the page reset.
 */
export function HeaderSearch({
  initialQuery = "",
  productPath = "/products",
  collectionPath = "/collections",
  currency = "USD",
  className = "",
}: HeaderSearchProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [value, setValue] = useState(initialQuery);
  const [Enhanced, setEnhanced] = useState<Combobox | null>(null);
  const plainInput = useRef<HTMLInputElement>(null);
  const handoff = useRef<{ focused: boolean; caret: number | null }>({ focused: false, caret: null });

  // The box shows the query of each page navigated to. On the first render's effects it keeps what a
  // shopper typed before the page became interactive (in the box, not yet in the state): wiping it, or
  // searching for the empty state, would lose their words.
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    const shown = `${location.key}\0${initialQuery}`;
    if (shownFor.current === shown) return;
    const typed = shownFor.current === null ? plainInput.current?.value : undefined;
    shownFor.current = shown;
    setValue(typed || initialQuery);
  }, [initialQuery, location.key]);

  function enhance() {
    loadCombobox()
      .then((component) => {
        const input = plainInput.current;
        handoff.current = {
          focused: input !== null && document.activeElement === input,
          caret: input?.selectionStart ?? null,
        };
        setEnhanced(() => component);
      })
      // The plain form keeps working; nothing to tell the shopper.
      .catch((error: unknown) => console.error("Search suggestions failed to load", error));
  }

  function runSearch() {
    navigate(searchResultsUrl(value, location));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    runSearch();
  }

  return (
    <search aria-label="Products" className={`flex w-full min-w-0 ${className}`}>
      <form method="get" action="/searchresults.asp" onSubmit={submit} className="flex w-full min-w-0">
        {Enhanced ? (
          <Enhanced
            value={value}
            onValueChange={setValue}
            onSubmit={runSearch}
            autoFocus={handoff.current.focused}
            caret={handoff.current.caret}
            productPath={productPath}
            collectionPath={collectionPath}
            currency={currency}
          />
        ) : (
          <div className={searchGroupClass}>
            <label htmlFor="header-search" className="sr-only">
              {SEARCH_LABEL}
            </label>
            <input
              ref={plainInput}
              id="header-search"
              name="q"
              type="search"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              onPointerEnter={enhance}
              onFocus={enhance}
              placeholder={SEARCH_PLACEHOLDER}
              autoComplete="off"
              enterKeyHint="search"
              spellCheck={false}
              className={searchInputClass}
            />
            <button type="submit" className={searchButtonClass}>
              <Search aria-hidden="true" size={20} />
              <span className="sr-only">Search</span>
            </button>
          </div>
        )}
      </form>
    </search>
  );
}
