import { Folder, LoaderCircle, Search, Tag, Wrench } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { MIN_SEARCH_LENGTH } from "../../../shared/catalog-query.ts";
import { HEADER_DROPDOWN_LIMIT } from "../../../shared/header-dropdown.ts";
import { imageUrlForWidth } from "../../../shared/image-srcset.ts";
import { formatMoney } from "../../../shared/money.ts";
import { isShownPrice } from "../../../shared/price-display.ts";
import { type PriceChip, priceChips } from "../../../shared/price-phrase.ts";
import { type SearchUnderstanding, understandingParts } from "../../../shared/search-understanding.ts";
import {
  SEARCH_LABEL,
  SEARCH_PLACEHOLDER,
  searchButtonClass,
  searchGroupClass,
  searchInputClass,
} from "./header-search-styles.ts";
import {
  acceptChipUrl,
  currentPriceFilter,
  dropdownRequestUrl,
  HEADER_DEBOUNCE_MS,
  isResultsPage,
  RESULTS_PAGE_DEBOUNCE_MS,
} from "./header-search-url.ts";

/** What the dropdown reads of GET /api/products/filter. */
export interface SuggestionProduct {
  id: number;
  title: string;
  handle: string;
  imageUrl?: string | null;
  price?: number | null;
  vendor?: string | null;
}

export interface SuggestionCollection {
  id: number;
  title: string;
  handle: string;
}

interface Suggestions {
  /** The query these answer; results for an older query are never shown as current. */
  query: string;
  products: SuggestionProduct[];
  collections: SuggestionCollection[];
  /** How the search read the query (a typed price, attributes), and the words it left out. */
  understanding: SearchUnderstanding | null;
  relaxedQuery: string | null;
  droppedWords: string[];
  /** The equipment model a model number in the query names (the "Models" group). */
  model: SuggestionModel | null;
}

/** An equipment model the query's model number names (pageInfo.equipment). */
export interface SuggestionModel {
  handle: string;
  title: string;
  name: string;
  url: string;
}

type Entry =
  | { kind: "chip"; key: string; text: string; chip: PriceChip }
  | { kind: "model"; key: string; text: string; model: SuggestionModel }
  | { kind: "collection"; key: string; text: string; collection: SuggestionCollection }
  | { kind: "product"; key: string; text: string; product: SuggestionProduct };

interface Section {
  id: string;
  title: string;
  entries: Entry[];
}

/** The shape of a suggestions answer, checked before use: the dropdown never trusts the network. */
function readSuggestions(query: string, body: unknown): Suggestions {
  const value = (body ?? {}) as { products?: unknown; collections?: unknown; pageInfo?: unknown };
  const products = Array.isArray(value.products) ? (value.products as SuggestionProduct[]) : [];
  const collections = Array.isArray(value.collections) ? (value.collections as SuggestionCollection[]) : [];
  const pageInfo = (value.pageInfo ?? {}) as {
    understanding?: SearchUnderstanding | null;
    relaxedQuery?: unknown;
    droppedWords?: unknown;
    equipment?: Partial<SuggestionModel> | null;
  };
  const equipment = pageInfo.equipment;
  const understanding =
    pageInfo.understanding &&
    typeof pageInfo.understanding === "object" &&
    Array.isArray(pageInfo.understanding.attributes)
      ? pageInfo.understanding
      : null;
  return {
    query,
    model:
      equipment && typeof equipment.handle === "string" && typeof equipment.title === "string"
        ? {
            handle: equipment.handle,
            title: equipment.title,
            name: typeof equipment.name === "string" ? equipment.name : "",
            url: `/equipment/${equipment.handle}`,
          }
        : null,
    understanding,
    relaxedQuery: typeof pageInfo.relaxedQuery === "string" ? pageInfo.relaxedQuery : null,
    droppedWords: Array.isArray(pageInfo.droppedWords)
      ? pageInfo.droppedWords.filter((word): word is string => typeof word === "string")
      : [],
    // At most 4 of each group, whatever the server sends back.
    products: products
      .filter((p) => typeof p?.id === "number" && typeof p.handle === "string")
      .slice(0, HEADER_DROPDOWN_LIMIT),
    collections: collections
      .filter((c) => typeof c?.id === "number" && typeof c.handle === "string")
      .slice(0, HEADER_DROPDOWN_LIMIT),
  };
}

/**
 * Debounced suggestions: nothing below 3 characters; a newer keystroke cancels the
 * older request; failures are only logged and leave the loading flag off.
 */
function useSuggestions(query: string, debounceMs: number) {
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [loading, setLoading] = useState(false);
  const trimmed = query.trim();

  useEffect(() => {
    if (trimmed.length < MIN_SEARCH_LENGTH) {
      setSuggestions(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const response = await fetch(dropdownRequestUrl(trimmed), {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        if (!response.ok) throw new Error(`Search suggestions answered ${response.status}`);
        setSuggestions(readSuggestions(trimmed, await response.json()));
      } catch (error) {
        if (!controller.signal.aborted) console.error("Header search failed", error);
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, debounceMs]);

  return { suggestions: suggestions?.query === trimmed ? suggestions : null, loading };
}

export interface HeaderSearchComboboxProps {
  value: string;
  onValueChange: (value: string) => void;
  /** Runs the search for the current value (the form's submit). */
  onSubmit: () => void;
  /** Take focus on mount, caret at this position: the shopper was already typing in the plain input. */
  autoFocus?: boolean;
  caret?: number | null;
  productPath: string;
  collectionPath: string;
  currency: string;
}

/**
 * The enhanced header keyword box: a combobox (WAI-ARIA's "combobox with a listbox popup": focus stays in
 * the box, the highlighted option is its aria-activedescendant) with Categories and Products suggestions
 * and price-filter chips. Loaded by HeaderSearch when the shopper points at or focuses the box; it
 * replaces the plain input in place, inside the same form.
 */
export function HeaderSearchCombobox({
  value,
  onValueChange,
  onSubmit,
  autoFocus = false,
  caret = null,
  productPath,
  collectionPath,
  currency,
}: HeaderSearchComboboxProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const onResults = isResultsPage(location.pathname);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (key: string) => `${id}-${key}`;
  // Whether the shopper wants the list: on focus and typing; not after Escape, a choice or a search.
  const [wanted, setWanted] = useState(false);
  const [focused, setFocused] = useState(false);
  const [highlighted, setHighlighted] = useState<string | null>(null);

  // Focus and the caret where they were in the plain input this replaces, before the browser handles the
  // next key press (in an effect, a key pressed in between would land on the page, not in the box).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only at mount.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!autoFocus || !input) return;
    input.focus();
    if (caret !== null) input.setSelectionRange(caret, caret);
  }, []);

  const { suggestions, loading } = useSuggestions(value, onResults ? RESULTS_PAGE_DEBOUNCE_MS : HEADER_DEBOUNCE_MS);

  const chipSection = useMemo<Section | null>(() => {
    const chips = priceChips(value, currentPriceFilter(location));
    if (chips.length === 0) return null;
    return {
      id: "price",
      title: "Price filter",
      entries: chips.map((chip) => ({
        kind: "chip",
        key: `chip-${chip.bound}`,
        text: `Price filter: ${chip.text}`,
        chip,
      })),
    };
  }, [value, location]);

  const resultSections = useMemo<Section[]>(() => {
    const list: Section[] = [];
    if (suggestions?.model) {
      list.push({
        id: "models",
        title: "Models",
        entries: [
          {
            kind: "model",
            key: `model-${suggestions.model.handle}`,
            text: `Parts for ${suggestions.model.title}`,
            model: suggestions.model,
          },
        ],
      });
    }
    if (suggestions && suggestions.collections.length > 0) {
      list.push({
        id: "categories",
        title: "Categories",
        entries: suggestions.collections.map((collection) => ({
          kind: "collection",
          key: `collection-${collection.id}`,
          text: collection.title,
          collection,
        })),
      });
    }
    if (suggestions && suggestions.products.length > 0) {
      // The same reading of the query as the results page: "Products for pool pump (no matches for
      // 'xyz') · under $600.00 · 3 HP".
      const relaxed =
        suggestions.relaxedQuery !== null && suggestions.droppedWords.length > 0
          ? ` for ${suggestions.relaxedQuery} (no matches for ${suggestions.droppedWords.map((w) => `'${w}'`).join(", ")})`
          : "";
      const parts = understandingParts(suggestions.understanding, currency);
      list.push({
        id: "products",
        title: [`Products${relaxed}`, ...parts].join(" · "),
        entries: suggestions.products.map((product) => ({
          kind: "product",
          key: `product-${product.id}`,
          text: product.title,
          product,
        })),
      });
    }
    return list;
  }, [suggestions, currency]);

  const sections = useMemo(
    () => (chipSection ? [chipSection, ...resultSections] : resultSections),
    [chipSection, resultSections],
  );
  const entries = useMemo(() => sections.flatMap((section) => section.entries), [sections]);

  // 'No results found.' only for a finished search that found nothing.
  const noResults = suggestions !== null && sections.length === 0;
  const open = wanted && focused && (entries.length > 0 || noResults);
  // A highlight that is no longer listed (new answers) is dropped.
  const active =
    open && highlighted !== null && entries.some((entry) => entry.key === highlighted) ? highlighted : null;

  useEffect(() => {
    if (active) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  });

  function go(to: string) {
    setWanted(false);
    setHighlighted(null);
    navigate(to);
  }

  function act(entry: Entry) {
    if (entry.kind === "chip") go(acceptChipUrl(value, entry.chip, location));
    else if (entry.kind === "model") go(entry.model.url);
    else if (entry.kind === "collection") go(`${collectionPath}/${entry.collection.handle}`);
    else go(`${productPath}/${entry.product.handle}`);
  }

  /** Moves the highlight by `step` options (from before the first, or after the last, when there is none). */
  function move(step: 1 | -1) {
    if (entries.length === 0) return;
    const at = entries.findIndex((entry) => entry.key === active);
    const next = at < 0 ? (step === 1 ? 0 : entries.length - 1) : Math.min(entries.length - 1, Math.max(0, at + step));
    setHighlighted(entries[next].key);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        setWanted(true);
        setHighlighted(null);
      }
      move(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter") {
      const entry = entries.find((candidate) => candidate.key === active);
      if (entry) {
        event.preventDefault();
        act(entry);
        return;
      }
      // Nothing highlighted: the form searches for the text typed.
      setWanted(false);
      event.preventDefault();
      onSubmit();
    } else if (event.key === "Escape") {
      // Closes the list; the text stays (the box is not a search field, which Escape would clear).
      if (open) event.preventDefault();
      setWanted(false);
      setHighlighted(null);
    }
  }

  return (
    <div className="w-full min-w-0">
      <label htmlFor={`${id}-input`} className="sr-only">
        {SEARCH_LABEL}
      </label>
      <div className={searchGroupClass}>
        <input
          ref={inputRef}
          id={`${id}-input`}
          name="q"
          // Not type="search": browsers clear such a field on Escape, which must only close the list.
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active ? optionId(active) : undefined}
          autoComplete="off"
          value={value}
          onChange={(event) => {
            onValueChange(event.currentTarget.value);
            setWanted(true);
            setHighlighted(null);
          }}
          onFocus={() => {
            setFocused(true);
            setWanted(true);
          }}
          onBlur={() => {
            setFocused(false);
            setHighlighted(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={SEARCH_PLACEHOLDER}
          enterKeyHint="search"
          spellCheck={false}
          className={searchInputClass}
        />
        {loading ? (
          <LoaderCircle
            aria-hidden="true"
            size={18}
            className="pointer-events-none absolute right-16 top-1/2 -translate-y-1/2 animate-spin text-muted motion-reduce:animate-none"
          />
        ) : null}
        <button type="submit" className={searchButtonClass}>
          <Search aria-hidden="true" size={20} />
          <span className="sr-only">Search</span>
        </button>
        <div
          hidden={!open}
          className="absolute top-full left-0 z-50 mt-1 max-h-[70vh] w-full max-w-[calc(100vw-1rem)] overflow-auto rounded-md border border-line bg-white text-ink shadow-xl"
        >
          <div
            role="listbox"
            id={listId}
            aria-label={SEARCH_LABEL}
            // A click on an option must not take the focus from the box (which would close the list).
            onMouseDown={(event) => event.preventDefault()}
          >
            {sections.map((section) => (
              // biome-ignore lint/a11y/useSemanticElements: a listbox's group of options, not a form's fieldset.
              <div
                key={section.id}
                role="group"
                aria-labelledby={`${id}-group-${section.id}`}
                className="border-b border-line py-1 last:border-b-0"
              >
                <div
                  role="presentation"
                  id={`${id}-group-${section.id}`}
                  className="px-4 pb-1 pt-2 text-xs font-bold uppercase tracking-wide text-muted"
                >
                  {section.title}
                </div>
                {section.entries.map((entry) => (
                  // biome-ignore lint/a11y/useFocusableInteractive: the box keeps the focus; its aria-activedescendant names the option.
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the box's keys choose the active option (arrows, Enter).
                  <div
                    key={entry.key}
                    id={optionId(entry.key)}
                    role="option"
                    aria-selected={entry.key === active}
                    onClick={() => act(entry)}
                    onPointerMove={() => {
                      if (highlighted !== entry.key) setHighlighted(entry.key);
                    }}
                    className={`flex min-h-11 cursor-pointer items-center gap-3 px-4 py-1.5 text-sm ${
                      entry.key === active ? "bg-aqua-100" : "hover:bg-surface"
                    }`}
                  >
                    <SuggestionRow entry={entry} currency={currency} />
                  </div>
                ))}
              </div>
            ))}
          </div>
          {noResults ? <p className="px-4 py-3 text-sm text-muted">No results found.</p> : null}
        </div>
      </div>
    </div>
  );
}

function SuggestionRow({ entry, currency }: { entry: Entry; currency: string }) {
  if (entry.kind === "chip") {
    return (
      <>
        <Tag aria-hidden="true" size={18} className="shrink-0 text-aqua-600" />
        <span className="flex-1">
          <span className="font-semibold">{entry.text}</span>{" "}
          <span className="text-aqua-600 underline">Accept suggestion?</span>
        </span>
      </>
    );
  }
  if (entry.kind === "model") {
    return (
      <>
        <Wrench aria-hidden="true" size={18} className="shrink-0 text-water-700" />
        <span className="flex-1">
          <span className="font-semibold">{entry.text}</span>
          {entry.model.name ? (
            <span className="block text-xs text-muted">{entry.model.name} · parts diagram</span>
          ) : null}
        </span>
      </>
    );
  }
  if (entry.kind === "collection") {
    return (
      <>
        <Folder aria-hidden="true" size={18} className="shrink-0 text-water-700" />
        <span className="flex-1 font-medium">{entry.collection.title}</span>
      </>
    );
  }
  const { product } = entry;
  const image = imageUrlForWidth(product.imageUrl, 80);
  return (
    <>
      <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded border border-line bg-white">
        {image ? (
          <img src={image} alt="" width={48} height={48} loading="lazy" className="h-full w-full object-contain" />
        ) : null}
      </span>
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 font-medium">{product.title}</span>
        {product.vendor ? <span className="block text-xs text-muted">{product.vendor}</span> : null}
      </span>
      {isShownPrice(product.price) ? (
        <span className="tabular shrink-0 font-bold">{formatMoney(product.price, currency)}</span>
      ) : null}
    </>
  );
}
