import { CircleAlert, CircleCheck, Info, X } from "lucide-react";
import { useSyncExternalStore } from "react";

// Toast notifications (auto-hide, removed on close). A tiny
// store any code can call (`toast.success("Product added to cart")`) and one container in the layout.

export type ToastTone = "success" | "error" | "info";

export interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
}

/** Errors stay longer: they usually ask the shopper to do something. */
export const TOAST_DURATION_MS: Record<ToastTone, number> = { success: 5000, info: 5000, error: 8000 };
/** Older toasts give way beyond this many. */
export const MAX_TOASTS = 4;

interface Timers {
  set: (callback: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
  now: () => number;
}

const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export interface ToastStore {
  show(message: string, options?: { tone?: ToastTone; durationMs?: number }): number;
  dismiss(id: number): void;
  /** Hover and focus hold a toast on screen (WCAG 2.2.1); leaving lets the rest of its time run. */
  pause(id: number): void;
  resume(id: number): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly ToastItem[];
}

/** No toasts: a new store's list and the server's, the same array, so hydration has nothing to redo. */
const NO_TOASTS: readonly ToastItem[] = [];

export function createToastStore(timers: Timers = realTimers): ToastStore {
  let toasts: readonly ToastItem[] = NO_TOASTS;
  let nextId = 1;
  const listeners = new Set<() => void>();
  const clocks = new Map<number, { handle: unknown; startedAt: number; remaining: number }>();

  function emit() {
    for (const listener of listeners) listener();
  }
  function startClock(id: number, ms: number) {
    const handle = timers.set(() => store.dismiss(id), ms);
    clocks.set(id, { handle, startedAt: timers.now(), remaining: ms });
  }

  const store: ToastStore = {
    show(message, options = {}) {
      const tone = options.tone ?? "info";
      const id = nextId++;
      toasts = [...toasts, { id, tone, message }];
      for (const old of toasts.slice(0, Math.max(0, toasts.length - MAX_TOASTS))) store.dismiss(old.id);
      startClock(id, options.durationMs ?? TOAST_DURATION_MS[tone]);
      emit();
      return id;
    },
    dismiss(id) {
      const clock = clocks.get(id);
      if (clock) timers.clear(clock.handle);
      clocks.delete(id);
      if (!toasts.some((item) => item.id === id)) return;
      toasts = toasts.filter((item) => item.id !== id);
      emit();
    },
    pause(id) {
      const clock = clocks.get(id);
      if (!clock || clock.handle === null) return;
      timers.clear(clock.handle);
      clocks.set(id, { handle: null, startedAt: 0, remaining: clock.remaining - (timers.now() - clock.startedAt) });
    },
    resume(id) {
      const clock = clocks.get(id);
      if (!clock || clock.handle !== null) return;
      startClock(id, Math.max(1000, clock.remaining));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => toasts,
  };
  return store;
}

/** The page's toasts. Safe to import on the server: nothing is shown there. */
export const toastStore = createToastStore();

export const toast = {
  success: (message: string) => toastStore.show(message, { tone: "success" }),
  error: (message: string) => toastStore.show(message, { tone: "error" }),
  info: (message: string) => toastStore.show(message, { tone: "info" }),
  dismiss: (id: number) => toastStore.dismiss(id),
};

const toneStyle: Record<ToastTone, string> = {
  success: "border-stock",
  error: "border-sale",
  info: "border-aqua-500",
};

function ToastIcon({ tone }: { tone: ToastTone }) {
  if (tone === "success") return <CircleCheck aria-hidden="true" size={20} className="shrink-0 text-stock" />;
  if (tone === "error") return <CircleAlert aria-hidden="true" size={20} className="shrink-0 text-sale" />;
  return <Info aria-hidden="true" size={20} className="shrink-0 text-aqua-600" />;
}

function ToastList({ items, store }: { items: readonly ToastItem[]; store: ToastStore }) {
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => (
        <li
          key={item.id}
          onMouseEnter={() => store.pause(item.id)}
          onMouseLeave={() => store.resume(item.id)}
          onFocus={() => store.pause(item.id)}
          onBlur={() => store.resume(item.id)}
          className={`pointer-events-auto flex items-start gap-3 rounded-md border-l-4 bg-white py-2 pl-3 pr-1 text-sm text-ink shadow-lg ${toneStyle[item.tone]}`}
        >
          <ToastIcon tone={item.tone} />
          <p className="flex-1 py-0.5">{item.message}</p>
          <button
            type="button"
            onClick={() => store.dismiss(item.id)}
            className="-my-1 flex size-11 shrink-0 items-center justify-center rounded text-muted hover:bg-surface hover:text-ink desk:size-8"
          >
            <X aria-hidden="true" size={16} />
            <span className="sr-only">Dismiss notification</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Mount once in the layout. The live regions exist from the first paint, so messages added later are
 * announced; errors go to an assertive region. z-index 10002: above modals (10000).
 */
export function ToastContainer({ store = toastStore }: { store?: ToastStore }) {
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, () => NO_TOASTS);
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-2 top-2 z-(--z-toast) flex flex-col gap-2 desk:inset-x-auto desk:right-4 desk:top-4 desk:w-96"
    >
      <div aria-live="assertive" aria-relevant="additions text">
        <ToastList items={items.filter((item) => item.tone === "error")} store={store} />
      </div>
      <div aria-live="polite" aria-relevant="additions text">
        <ToastList items={items.filter((item) => item.tone !== "error")} store={store} />
      </div>
    </section>
  );
}
