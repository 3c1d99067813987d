import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { acquireDirectoryLock, DatabaseLockedError } from "./client.ts";

describe("embedded database directory lock", () => {
  test("a second lock on the same directory is refused with a clear message, and release frees it", () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    // A live process other than us (our parent) holds it: the lock file names its PID.
    writeFileSync(join(dir, "store.lock"), String(process.ppid));
    expect(() => acquireDirectoryLock(dir)).toThrow(DatabaseLockedError);
    expect(() => acquireDirectoryLock(dir)).toThrow(/in use by another store process \(PID \d+\)/);
  });

  test("a stale lock left by a dead process is taken over", () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    const dead = spawnSync("true");
    writeFileSync(join(dir, "store.lock"), String(dead.pid));
    const release = acquireDirectoryLock(dir);
    expect(readFileSync(join(dir, "store.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, "store.lock"))).toBe(false);
  });
});
