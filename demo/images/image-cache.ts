import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";

/**
 * Rendered images kept on disk, at most `maxBytes` of them: when a new one would pass the cap, the
 * least recently used go first. Without the cap a crawler walking through image URLs would fill
 * the disk one rendering at a time. The order survives a restart through the files' times.
 */
export interface ImageDiskCache {
  read(name: string): Buffer | undefined;
  write(name: string, body: Buffer): void;
  /** Bytes on disk now. */
  readonly size: number;
}

export function createImageDiskCache(dir: string, maxBytes: number): ImageDiskCache {
  mkdirSync(dir, { recursive: true });
  // Map order is use order: the first entry is the least recently used.
  const entries = new Map<string, number>();
  let size = 0;
  const existing = readdirSync(dir)
    .filter((name) => !name.endsWith(".tmp"))
    .map((name) => {
      const stat = statSync(join(dir, name));
      return { name, bytes: stat.size, used: stat.mtimeMs };
    })
    .sort((a, b) => a.used - b.used);
  for (const file of existing) {
    entries.set(file.name, file.bytes);
    size += file.bytes;
  }

  const forget = (name: string) => {
    const bytes = entries.get(name);
    if (bytes === undefined) return;
    entries.delete(name);
    size -= bytes;
  };
  const evict = (keep: string) => {
    for (const name of entries.keys()) {
      if (size <= maxBytes) return;
      if (name === keep) continue;
      forget(name);
      try {
        unlinkSync(join(dir, name));
      } catch {
        // Gone already: the count is right either way.
      }
    }
  };
  evict("");

  return {
    get size() {
      return size;
    },
    read(name) {
      const bytes = entries.get(name);
      if (bytes === undefined) return undefined;
      const file = join(dir, name);
      let body: Buffer;
      try {
        body = readFileSync(file);
      } catch {
        forget(name);
        return undefined;
      }
      entries.delete(name);
      entries.set(name, bytes);
      try {
        const now = new Date();
        utimesSync(file, now, now);
      } catch {
        // Only the order after a restart depends on it.
      }
      return body;
    },
    write(name, body) {
      // Write then rename, so a concurrent reader never sees half a file.
      const file = join(dir, name);
      const partial = `${file}.${process.pid}.tmp`;
      writeFileSync(partial, body);
      renameSync(partial, file);
      forget(name);
      entries.set(name, body.length);
      size += body.length;
      evict(name);
    },
  };
}
