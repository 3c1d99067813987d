// Saved equipment ("My equipment") as the browser shows it. No zod here: the storefront's pages import
// this file, and the write bodies' schemas stay in equipment.ts.

export const NICKNAME_MAX = 60;
export const MAX_SAVED_EQUIPMENT = 50;

/** What the browser keeps for a guest, and what the account answers for a saved model. */
export interface SavedEquipment {
  handle: string;
  nickname: string | null;
  title: string;
  modelNumber: string;
}

/** How a saved model is called in badges: its nickname, else its brand and model number. */
export function equipmentDisplayName(saved: Pick<SavedEquipment, "nickname" | "title">): string {
  return saved.nickname ?? saved.title;
}
