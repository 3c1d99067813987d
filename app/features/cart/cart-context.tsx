// The cart for React: <CartProvider> (mounted once in the root layout) and useCart(). The provider keeps
// the store in step with the server's cart count: an empty cart needs no request at all, a non-empty one
// is loaded once per page load, and a new count from the server (after a form action) reloads it.
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import { toast } from "../../components/toasts.tsx";
import { CART_MESSAGES } from "./cart-api.ts";
import { type CartLine, quantityInCart } from "./cart-lines.ts";
import { type CartSnapshot, type CartStore, createCartStore, INITIAL_CART_SNAPSHOT } from "./cart-store.ts";

/** The tab's cart. Never created on the server, where one module is shared by every visitor. */
const browserStore: CartStore | null = typeof window === "undefined" ? null : createCartStore();

const CartContext = createContext<CartStore | null>(null);

export function CartProvider({
  serverCount,
  store,
  children,
}: {
  /** Units in the visitor's cart according to the server (root loader). */
  serverCount: number;
  /** A store of the caller's (tests); the tab's store otherwise. */
  store?: CartStore;
  children: ReactNode;
}) {
  const [value] = useState(() => store ?? browserStore ?? createCartStore());
  useEffect(() => {
    const current = value.getSnapshot();
    if (!current.loaded) {
      value.setKnownCount(serverCount);
      if (serverCount > 0) void value.reload();
    } else if (!current.busy && current.count !== serverCount) {
      void value.reload();
    }
  }, [serverCount, value]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

const serverSnapshot = () => INITIAL_CART_SNAPSHOT;

export interface UseCart extends CartSnapshot {
  store: CartStore;
  addToCart: CartStore["addToCart"];
  addProductsByHandle: CartStore["addProductsByHandle"];
  setQuantity: CartStore["setQuantity"];
  deleteLine: CartStore["deleteLine"];
  applyDiscount: CartStore["applyDiscount"];
  removeDiscount: CartStore["removeDiscount"];
  reload: CartStore["reload"];
  hydrate: CartStore["hydrate"];
  openOverlay: CartStore["openOverlay"];
  closeOverlay: CartStore["closeOverlay"];
  toggleOverlay: CartStore["toggleOverlay"];
  quantityInCart(inventoryLevelId: number | null | undefined): number;
}

function useCartStore(): CartStore {
  const store = useContext(CartContext);
  if (!store) throw new Error("useCart() needs a <CartProvider> above it (app/root.tsx mounts one).");
  return store;
}

export function useCart(): UseCart {
  const store = useCartStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, serverSnapshot);
  return useMemo(
    () => ({
      ...snapshot,
      store,
      addToCart: store.addToCart,
      addProductsByHandle: store.addProductsByHandle,
      setQuantity: store.setQuantity,
      deleteLine: store.deleteLine,
      applyDiscount: store.applyDiscount,
      removeDiscount: store.removeDiscount,
      reload: store.reload,
      hydrate: store.hydrate,
      openOverlay: store.openOverlay,
      closeOverlay: store.closeOverlay,
      toggleOverlay: store.toggleOverlay,
      quantityInCart: (inventoryLevelId: number | null | undefined) => quantityInCart(snapshot.lines, inventoryLevelId),
    }),
    [snapshot, store],
  );
}

const noSubscribe = () => () => {};

/**
 * The header's cart count, usable outside the provider (the root layout renders the header itself): the
 * tab's cart once it knows its lines, the server's count before that and during server rendering. The
 * snapshot is the number itself: the layout renders again only when the count shown changes.
 */
export function useCartCount(serverCount: number): number {
  const shownCount = useCallback(() => {
    const snapshot = browserStore?.getSnapshot();
    return snapshot && (snapshot.loaded || snapshot.busy) ? snapshot.count : serverCount;
  }, [serverCount]);
  const serverShownCount = useCallback(() => serverCount, [serverCount]);
  return useSyncExternalStore(browserStore ? browserStore.subscribe : noSubscribe, shownCount, serverShownCount);
}

/**
 * Click handler for the header's and the bottom bar's cart links (the overlay toggles from the
 * cart button). A plain click toggles the overlay and stays on the page; a click with a modifier key
 * (new tab, new window) and a visit before the scripts run follow the link to the cart page.
 */
export function onCartButtonClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  preventDefault(): void;
}): void {
  if (!browserStore || event.defaultPrevented) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  browserStore.toggleOverlay();
}

/** Whether the cart overlay is open; nothing else of the cart. */
export function useCartOverlayOpen(): boolean {
  const store = useCartStore();
  return useSyncExternalStore(store.subscribe, () => store.getSnapshot().overlayOpen, serverOverlayOpen);
}

const serverOverlayOpen = () => false;
const serverLines = () => INITIAL_CART_SNAPSHOT.lines;
const serverBusy = () => false;

/**
 * Add to Cart for product cards and the product page: 'Product added to cart' and the overlay
 * opens; on failure the server's message, or 'Failed to add item to cart'. It follows only the busy flag
 * and the lines, not the whole cart: a listing page is not rendered again when the header's count or the
 * overlay changes.
 */
export function useAddToCart() {
  const store = useCartStore();
  const { addToCart, openOverlay } = store;
  const lines = useSyncExternalStore(store.subscribe, () => store.getSnapshot().lines, serverLines);
  const busy = useSyncExternalStore(store.subscribe, () => store.getSnapshot().busy, serverBusy);
  const add = useCallback(
    async (inventoryLevelId: number | null | undefined, quantity = 1): Promise<boolean> => {
      if (!inventoryLevelId) {
        toast.error(CART_MESSAGES.addFailed);
        return false;
      }
      const result = await addToCart(inventoryLevelId, quantity);
      if (result.success) {
        toast.success(CART_MESSAGES.added);
        openOverlay();
      } else toast.error(result.message || CART_MESSAGES.addFailed);
      return result.success;
    },
    [addToCart, openOverlay],
  );
  return {
    add,
    /** For <ProductCard onAddToCart>: adds one of the card's first inventory level. */
    onCardAddToCart: useCallback(
      (product: { inventoryLevelId?: number | null }) => add(product.inventoryLevelId, 1),
      [add],
    ),
    busy,
    quantityInCart: useCallback(
      (inventoryLevelId: number | null | undefined) => quantityInCart(lines, inventoryLevelId),
      [lines],
    ),
  };
}

export type { CartLine };
