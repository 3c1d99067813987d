// "My equipment" in the browser. Signed-in shoppers' models live in their account (GET/POST/DELETE
// /api/customer/equipment); a guest's are kept in localStorage and sent to the account once they sign
// in (then forgotten here). One small store shared by the pages, with the products each saved model
// takes (GET /api/equipment/fits) for the "Fits your Backyard pump" badges and the listing filter.
import { useEffect, useSyncExternalStore } from "react";
import type { SavedEquipment } from "../../../shared/saved-equipment.ts";
import { apiJson } from "../account/account-api.ts";

const STORAGE_KEY = "my-equipment";
const MAX_GUEST_ITEMS = 50;

export interface SavedEquipmentState {
  status: "loading" | "guest" | "signed-in";
  items: SavedEquipment[];
  /** Product id → the saved models (their display names) it fits. */
  fits: Map<number, string[]>;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: SavedEquipmentState = { status: "loading", items: [], fits: new Map() };
let started = false;
const SERVER_STATE: SavedEquipmentState = { status: "loading", items: [], fits: new Map() };

function emit(next: Partial<SavedEquipmentState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function readGuestItems(): SavedEquipment[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]") as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (item): item is SavedEquipment =>
          typeof item === "object" &&
          item !== null &&
          typeof (item as SavedEquipment).handle === "string" &&
          /^[a-z0-9-]{1,160}$/.test((item as SavedEquipment).handle),
      )
      .slice(0, MAX_GUEST_ITEMS);
  } catch {
    return [];
  }
}

function writeGuestItems(items: SavedEquipment[]) {
  try {
    if (items.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Private mode or a full storage: the list lasts until the page closes.
  }
}

interface ApiSaved {
  handle: string;
  nickname: string | null;
  title: string;
  modelNumber: string;
}

function fromApi(list: ApiSaved[]): SavedEquipment[] {
  return list.map(({ handle, nickname, title, modelNumber }) => ({ handle, nickname, title, modelNumber }));
}

async function loadFits(items: SavedEquipment[]) {
  if (items.length === 0) {
    emit({ fits: new Map() });
    return;
  }
  try {
    const { fits } = await apiJson<{ fits: { handle: string; productIds: number[] }[] }>(
      `/api/equipment/fits?handles=${encodeURIComponent(items.map((i) => i.handle).join(","))}`,
    );
    const names = new Map(items.map((i) => [i.handle, i.nickname ?? i.title]));
    const map = new Map<number, string[]>();
    for (const entry of fits) {
      for (const id of entry.productIds) map.set(id, [...(map.get(id) ?? []), names.get(entry.handle) ?? entry.handle]);
    }
    emit({ fits: map });
  } catch {
    // Badges are a help, not a must: without them the page works the same.
  }
}

async function start() {
  if (started) return;
  started = true;
  let signedIn = false;
  try {
    const { user } = await apiJson<{ user?: { id?: number } | null }>("/api/user");
    signedIn = typeof user?.id === "number";
  } catch {
    signedIn = false;
  }
  if (!signedIn) {
    const items = readGuestItems();
    emit({ status: "guest", items });
    await loadFits(items);
    return;
  }
  const guest = readGuestItems();
  try {
    const { equipment } =
      guest.length > 0
        ? await apiJson<{ equipment: ApiSaved[] }>("/api/customer/equipment", {
            method: "POST",
            body: { items: guest.map(({ handle, nickname }) => ({ handle, nickname })) },
          })
        : await apiJson<{ equipment: ApiSaved[] }>("/api/customer/equipment");
    if (guest.length > 0) writeGuestItems([]);
    const items = fromApi(equipment);
    emit({ status: "signed-in", items });
    await loadFits(items);
  } catch {
    emit({ status: "guest", items: guest });
  }
}

/** Saves a model (or renames a saved one). */
export async function saveEquipment(item: SavedEquipment): Promise<void> {
  if (state.status === "signed-in") {
    const { equipment } = await apiJson<{ equipment: ApiSaved[] }>("/api/customer/equipment", {
      method: "POST",
      body: { handle: item.handle, nickname: item.nickname },
    });
    emit({ items: fromApi(equipment) });
  } else {
    const others = state.items.filter((i) => i.handle !== item.handle);
    const items = [...others, item].slice(-MAX_GUEST_ITEMS);
    writeGuestItems(items);
    emit({ items });
  }
  await loadFits(state.items);
}

export async function removeEquipment(handle: string): Promise<void> {
  if (state.status === "signed-in") {
    await apiJson(`/api/customer/equipment/${encodeURIComponent(handle)}`, { method: "DELETE" });
  }
  const items = state.items.filter((i) => i.handle !== handle);
  if (state.status !== "signed-in") writeGuestItems(items);
  emit({ items });
  await loadFits(items);
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The shopper's saved models; loads them once per page life. */
export function useSavedEquipment(): SavedEquipmentState {
  useEffect(() => {
    void start();
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  );
}

/** Forgets what was loaded (after signing in or out the next page asks again). */
export function resetSavedEquipment() {
  started = false;
  state = { status: "loading", items: [], fits: new Map() };
}
