// The cart state of the page: its lines, the checkout they came from, a busy flag while
// a change is in flight (controls are disabled meanwhile), and whether the overlay is open. One store per
// browser tab; on the server nothing is kept (every server render starts from the loader's data).
import {
  CART_MESSAGES,
  CartRequestError,
  type CartRequestOptions,
  checkoutRequest,
  fetchCheckout,
} from "./cart-api.ts";
import {
  type CartLine,
  type CheckoutDto,
  cartCount,
  cartLinesReducer,
  checkoutIdFromWebUrl,
  linesFromCheckout,
} from "./cart-lines.ts";

export interface CartSnapshot {
  lines: readonly CartLine[];
  checkout: CheckoutDto | null;
  busy: boolean;
  /** The lines are known (loaded from the store, or known to be empty). */
  loaded: boolean;
  overlayOpen: boolean;
  count: number;
}

/**
 * Every store starts from this one object, and React's server snapshot is the same object: hydrating
 * components that read the cart find nothing changed and are not rendered a second time straight after.
 */
export const INITIAL_CART_SNAPSHOT: CartSnapshot = Object.freeze({
  lines: Object.freeze([]) as readonly CartLine[],
  checkout: null,
  busy: false,
  loaded: false,
  overlayOpen: false,
  count: 0,
});

export interface ActionResult {
  success: boolean;
  message: string;
}

export interface CartStore {
  getSnapshot(): CartSnapshot;
  subscribe(listener: () => void): () => void;
  /** Loads the checkout from the store and replaces the lines. */
  reload(): Promise<void>;
  /** Replaces the lines with a checkout the page already has (a loader's data). */
  hydrate(checkout: CheckoutDto): void;
  /** The server said the visitor's cart holds `count` units: trust it until lines are loaded. */
  setKnownCount(count: number): void;
  addToCart(inventoryLevelId: number, quantity?: number): Promise<ActionResult>;
  addProductsByHandle(handles: string[]): Promise<ActionResult>;
  setQuantity(lineItemId: number, quantity: number): Promise<void>;
  deleteLine(lineItemId: number): Promise<void>;
  applyDiscount(code: string): Promise<ActionResult>;
  removeDiscount(code: string): Promise<ActionResult>;
  openOverlay(): void;
  closeOverlay(): void;
  toggleOverlay(): void;
}

export interface CartStoreOptions {
  request?: CartRequestOptions;
  fetch?: typeof fetch;
  /** Where "only logged" failures go (set and delete failures are only logged). */
  log?: (message: string, error: unknown) => void;
}

function messageOf(error: unknown, fallback: string): string {
  if (error instanceof CartRequestError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export function createCartStore(options: CartStoreOptions = {}): CartStore {
  const log = options.log ?? ((message: string, error: unknown) => console.error(message, error));
  let snapshot: CartSnapshot = INITIAL_CART_SNAPSHOT;
  const listeners = new Set<() => void>();
  let inFlight = 0;

  function update(patch: Partial<CartSnapshot>) {
    const next = { ...snapshot, ...patch };
    if (patch.lines) next.count = cartCount(patch.lines);
    snapshot = next;
    for (const listener of listeners) listener();
  }

  /** Runs one change with the busy flag on; the answer's checkout replaces the lines. */
  async function change(run: () => Promise<CheckoutDto>): Promise<CheckoutDto> {
    inFlight++;
    update({ busy: true });
    try {
      const checkout = await run();
      update({
        checkout,
        lines: cartLinesReducer(snapshot.lines, { type: "reload", lines: linesFromCheckout(checkout) }),
        loaded: true,
      });
      return checkout;
    } finally {
      inFlight--;
      update({ busy: inFlight > 0 });
    }
  }

  const store: CartStore = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async reload() {
      try {
        const checkout = await fetchCheckout(options.fetch);
        update({ checkout, lines: linesFromCheckout(checkout), loaded: true });
      } catch (error) {
        log("Could not load the cart", error);
      }
    },

    hydrate(checkout) {
      update({ checkout, lines: linesFromCheckout(checkout), loaded: true });
    },

    setKnownCount(count) {
      if (snapshot.loaded || snapshot.busy) return;
      // Known to be empty: the (empty) lines stay the same array, so what reads only the lines is left alone.
      if (count === 0) update({ lines: snapshot.lines.length === 0 ? snapshot.lines : [], loaded: true, count: 0 });
      else update({ count });
    },

    async addToCart(inventoryLevelId, quantity = 1) {
      try {
        // The store merges the add into the line of the same inventory level; its answer replaces the list.
        await change(() =>
          checkoutRequest("POST", "/api/checkouts/lineItems", { inventoryLevelId, quantity }, options.request),
        );
        return { success: true, message: CART_MESSAGES.added };
      } catch (error) {
        return { success: false, message: messageOf(error, CART_MESSAGES.addFailed) };
      }
    },

    async addProductsByHandle(handles) {
      try {
        await change(() => checkoutRequest("POST", "/api/checkouts/products", { handles }, options.request));
        return { success: true, message: CART_MESSAGES.added };
      } catch (error) {
        return { success: false, message: messageOf(error, CART_MESSAGES.addFailed) };
      }
    },

    async setQuantity(lineItemId, quantity) {
      const line = snapshot.lines.find((entry) => entry.lineItemId === lineItemId);
      if (!line || !(quantity > 0)) return;
      try {
        await change(() =>
          checkoutRequest(
            "PUT",
            "/api/checkouts/lineItems",
            { inventoryLevelId: line.inventoryLevelId, quantity },
            options.request,
          ),
        );
      } catch (error) {
        log("Could not change the quantity", error);
        await store.reload();
      }
    },

    async deleteLine(lineItemId) {
      if (!snapshot.lines.some((line) => line.lineItemId === lineItemId)) return;
      try {
        await change(() =>
          checkoutRequest("DELETE", `/api/checkouts/lineItems/${lineItemId}`, undefined, options.request),
        );
      } catch (error) {
        log("Could not remove the item", error);
        await store.reload();
      }
    },

    async applyDiscount(rawCode) {
      const code = rawCode.trim();
      const checkoutId = checkoutIdFromWebUrl(snapshot.checkout?.webUrl);
      if (!checkoutId) return { success: false, message: CART_MESSAGES.invalidCheckout };
      if (!code) return { success: false, message: "Please enter a discount code." };
      try {
        const checkout = await change(() =>
          checkoutRequest(
            "POST",
            `/api/checkouts/${encodeURIComponent(checkoutId)}/discountCodes?code=${encodeURIComponent(code)}`,
            undefined,
            options.request,
          ),
        );
        // The code as the store knows it (its own spelling), not as it was typed.
        const applied =
          checkout.DiscountCodes.find((entry) => entry.code.toLowerCase() === code.toLowerCase()) ??
          checkout.DiscountCodes[0];
        return { success: true, message: CART_MESSAGES.couponAdded(applied?.code ?? code) };
      } catch (error) {
        return { success: false, message: messageOf(error, CART_MESSAGES.notOk) };
      }
    },

    async removeDiscount(code) {
      const checkoutId = checkoutIdFromWebUrl(snapshot.checkout?.webUrl);
      if (!checkoutId) return { success: false, message: CART_MESSAGES.invalidCheckout };
      try {
        await change(() =>
          checkoutRequest(
            "DELETE",
            `/api/checkouts/${encodeURIComponent(checkoutId)}/discountCodes?code=${encodeURIComponent(code)}`,
            undefined,
            options.request,
          ),
        );
        return { success: true, message: CART_MESSAGES.couponRemoved };
      } catch (error) {
        return { success: false, message: messageOf(error, CART_MESSAGES.notOk) };
      }
    },

    openOverlay: () => update({ overlayOpen: true }),
    closeOverlay: () => update({ overlayOpen: false }),
    toggleOverlay: () => update({ overlayOpen: !snapshot.overlayOpen }),
  };
  return store;
}
