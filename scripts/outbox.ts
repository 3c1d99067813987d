// `npm run outbox [-- --limit N] [--to address]`: the mails the store wrote to DATA_DIR/outbox
// (when no SMTP_URL is set), newest first, with their links, so a developer can follow them.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { limit: { type: "string", default: "10" }, to: { type: "string" } },
});
const outboxDir = join(resolve(process.env.DATA_DIR ?? "./data"), "outbox");
if (!existsSync(outboxDir)) {
  console.log(`No mails yet: ${outboxDir} does not exist.`);
  process.exit(0);
}

function header(eml: string, name: string): string {
  return eml.match(new RegExp(`^${name}: (.*)$`, "mi"))?.[1] ?? "";
}

function textPart(eml: string): string {
  const headerEnd = eml.search(/\r?\n\r?\n/);
  const body = headerEnd < 0 ? "" : eml.slice(headerEnd).trimStart();
  const plain = body.match(/Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*\n([\s\S]*?)(?:\n--|$)/i);
  const text = plain ? plain[1] : body;
  // quoted-printable soft line breaks and escapes
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const files = readdirSync(outboxDir)
  .filter((file) => file.endsWith(".eml"))
  .map((file) => ({ file, mtime: statSync(join(outboxDir, file)).mtimeMs }))
  .sort((a, b) => b.mtime - a.mtime);
let shown = 0;
for (const { file } of files) {
  const eml = readFileSync(join(outboxDir, file), "utf8");
  if (values.to && !header(eml, "To").toLowerCase().includes(values.to.toLowerCase())) continue;
  console.log(`── ${file}\nTo: ${header(eml, "To")}\nSubject: ${header(eml, "Subject")}\n\n${textPart(eml).trim()}\n`);
  if (++shown >= Number(values.limit)) break;
}
if (shown === 0) console.log("No matching mails.");
