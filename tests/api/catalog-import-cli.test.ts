// The catalog:import and catalog:export commands, run as a person runs them, on a temporary embedded
// database (DATA_DIR): a dry run, a bad file (exit status 1, problems by row and column), an import,
// and the export of what was imported.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const root = new URL("../..", import.meta.url).pathname;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "catalog-cli-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runScript(script: string, args: string[]): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, "scripts", script), ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: join(dir, "data"), DATABASE_URL: "", LOG_LEVEL: "silent" },
    });
    let stderr = "";
    let stdout = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr, stdout }));
  });
}

const HEADER = "handle,title,brand,tags,option1_name,option1_value,sku,price,compare_at_price,stock,image_urls";
const GOOD = [
  HEADER,
  'cli-test-gasket,"CLI Test Lid Gasket, 2 Pack",Test Brand,Type_Gasket,,,CLI-GASKET,12.50,,40,https://images.example.com/gasket.jpg',
  "cli-test-valve,CLI Test Check Valve,Test Brand,Type_Valve,Size,1.5 in,CLI-VALVE-15,39.00,45.00,8,",
  "cli-test-valve,,,,,2 in,CLI-VALVE-20,44.00,,0,",
].join("\n");

describe("npm run catalog:import / catalog:export", () => {
  test("a dry run, a refused file, an import and the export", { timeout: 240_000 }, async () => {
    const good = join(dir, "good.csv");
    writeFileSync(good, `${GOOD}\n`);

    const dry = await runScript("catalog-import.ts", [good, "--dry-run"]);
    expect(dry.stderr).toContain("Dry run: no problems; nothing written.");
    expect(dry.stderr).toMatch(/rows\/s/);
    expect(dry.code).toBe(0);

    const bad = join(dir, "bad.csv");
    writeFileSync(bad, `${GOOD.replace("44.00", '"44,00"').replace("CLI-GASKET", "CLI-VALVE-15")}\n`);
    const refused = await runScript("catalog-import.ts", [bad]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("nothing was written");
    expect(refused.stderr).toContain("row 4, price:");
    expect(refused.stderr).toMatch(/row 3, sku: The SKU CLI-VALVE-15 is also on row 2/);

    const imported = await runScript("catalog-import.ts", [good]);
    expect(imported.stderr).toContain("Imported. 3 rows, 2 products (2 new), 3 new variants");
    expect(imported.code).toBe(0);

    const out = join(dir, "out.csv");
    const exported = await runScript("catalog-export.ts", [out]);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain("Exported 3 variant rows");
    const text = readFileSync(out, "utf8");
    expect(text.split("\n")[0]).toMatch(/^handle,title,description_html,brand,/);
    expect(text).toContain('cli-test-gasket,"CLI Test Lid Gasket, 2 Pack",,Test Brand');
    expect(text).toContain("CLI-VALVE-20,44.00,,,0,false");

    const again = await runScript("catalog-import.ts", [out]);
    expect(again.stderr).toContain("0 products changed");
  });
});
