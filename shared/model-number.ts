/**
 * Equipment model numbers, normalised like part numbers: shoppers type what is on the label in any
 * form ("sp2610x15", "SP-2610-X15", "sp 2610 x15 a") and each form must reach the same model. The
 * store keeps a set of normalised keys per model (the number, its aliases and label variants, and each
 * without its known suffix) and looks a typed number up among them by equality, or by prefix.
 * Pure functions: the browser uses them for guests' saved equipment, the server to build and query keys.
 */

/** Lower-case, ASCII letters and digits only. */
export function normalizeModelNumber(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/**
 * Suffixes printed after a model number that do not change the parts it takes: a revision letter
 * after a dash ("-A"), a market or listing mark ("-UL", "-CSA", "CE", "-NA", "-EU"), a revision ("REV B").
 * Checked on the printed form, where the dash still tells a suffix from the number.
 */
const KNOWN_SUFFIXES: readonly RegExp[] = [
  /[\s-]+rev\.?\s*[a-z0-9]{1,2}$/i,
  /[\s-]+(?:ul|csa|ce|etl|na|eu|uk|aus?)$/i,
  /[\s-]+[a-z]$/i,
  /[\s-]+\d{1,2}$/,
];

/**
 * The printed number without its known suffixes, one suffix at a time ("IN.XE-2-CE rev b" →
 * "IN.XE-2-CE", "IN.XE-2", "IN.XE"); empty when it has none. Never strips a number down to less than
 * two characters with a digit.
 */
export function modelSuffixForms(printed: string): string[] {
  const forms: string[] = [];
  let text = printed.trim();
  for (let round = 0; round < 3; round++) {
    let next = text;
    for (const suffix of KNOWN_SUFFIXES) {
      const stripped = text.replace(suffix, "");
      const key = normalizeModelNumber(stripped);
      if (stripped !== text && key.length >= 2 && /\d/.test(key)) {
        next = stripped;
        break;
      }
    }
    if (next === text) break;
    forms.push(next);
    text = next;
  }
  return forms;
}

/** The printed number without its known suffixes ("SP2610X15-A" → "SP2610X15"); itself when it has none. */
export function stripModelSuffix(printed: string): string {
  return modelSuffixForms(printed).at(-1) ?? printed.trim();
}

export type ModelKeyStrength = 0 | 1 | 2;

export interface ModelKey {
  key: string;
  /** 0 the model number, 1 an alias or label variant, 2 one of them without its suffix. */
  strength: ModelKeyStrength;
}

/** The keys a model is found by: its number, its aliases and label variants, each also without its suffix. */
export function modelNumberKeys(modelNumber: string, aliases: readonly string[] = []): ModelKey[] {
  const keys = new Map<string, ModelKeyStrength>();
  const add = (key: string, strength: ModelKeyStrength) => {
    if (key.length < 2) return;
    const known = keys.get(key);
    if (known === undefined || strength < known) keys.set(key, strength);
  };
  add(normalizeModelNumber(modelNumber), 0);
  for (const alias of aliases) add(normalizeModelNumber(alias), 1);
  for (const printed of [modelNumber, ...aliases]) {
    for (const form of modelSuffixForms(printed)) add(normalizeModelNumber(form), 2);
  }
  return [...keys].map(([key, strength]) => ({ key, strength }));
}

/**
 * The keys to look a typed number up by, best first: as typed, without a printed suffix, and without
 * a trailing revision letter typed without its dash ("sp2610x15b" → "sp2610x15").
 */
export function modelQueryKeys(typed: string): string[] {
  const out: string[] = [];
  const add = (key: string) => {
    if (key.length >= 2 && !out.includes(key)) out.push(key);
  };
  const whole = normalizeModelNumber(typed);
  add(whole);
  for (const form of modelSuffixForms(typed)) add(normalizeModelNumber(form));
  const bare = whole.replace(/(\d)[a-z]$/, "$1");
  if (bare.length >= 3) add(bare);
  return out;
}

/** Whether a word could be (part of) a model number: letters and digits mixed, or a long number. */
export function looksLikeModelNumber(word: string): boolean {
  const key = normalizeModelNumber(word);
  if (key.length < 2) return false;
  return /\d/.test(key) && (/[a-z]/.test(key) ? true : key.length >= 4);
}
