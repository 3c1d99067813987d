// Reads the mails the store wrote to DATA_DIR/outbox (no SMTP in the e2e run), as a shopper would open
// them: the first link of the wanted kind, re-based on the test's own origin.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3107);
const OUTBOX = join(process.env.E2E_DATA_DIR ?? `/tmp/store-e2e-${PORT}`, "outbox");

/** Undoes quoted-printable (soft line breaks and =XX escapes) so links read whole. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function findMail(to: string, kind: string): string | null {
  let files: string[];
  try {
    files = readdirSync(OUTBOX).filter((file) => file.endsWith(`-${kind}.eml`));
  } catch {
    return null;
  }
  for (const file of files.sort().reverse()) {
    const raw = readFileSync(join(OUTBOX, file), "utf8");
    if (new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "im").test(raw)) return decodeQuotedPrintable(raw);
  }
  return null;
}

/** Waits for the mail (delivery runs every 2 s) and returns the path + query + fragment of its link to `path`. */
export async function linkFromMail(to: string, kind: string, path: string): Promise<string> {
  let mail: string | null = null;
  await expect
    .poll(
      () => {
        mail = findMail(to, kind);
        return mail !== null;
      },
      { timeout: 20_000, message: `a ${kind} mail to ${to}` },
    )
    .toBe(true);
  const match = new RegExp(`https?://[^\\s"<>]+(${path.replace(/[.?]/g, "\\$&")}[^\\s"<>]*)`).exec(mail ?? "");
  if (!match) throw new Error(`no ${path} link in the ${kind} mail to ${to}`);
  return match[1].replace(/&amp;/g, "&");
}
