/** A one-line progress bar on stderr: products done / total, rate and ETA. */
export interface ProgressBar {
  update(done: number, total: number): void;
  finish(message: string): void;
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
}

export { formatDuration };

export function createProgressBar(label: string, stream: NodeJS.WriteStream = process.stderr): ProgressBar {
  const started = Date.now();
  const interactive = Boolean(stream.isTTY);
  let lastPrinted = 0;
  return {
    update(done, total) {
      const now = Date.now();
      // Outside a terminal (CI logs) print a line every few seconds instead of redrawing.
      if (!interactive && now - lastPrinted < 3000 && done < total) return;
      lastPrinted = now;
      const elapsed = Math.max(1, now - started);
      const rate = (done / elapsed) * 1000;
      const width = 30;
      const filled = total > 0 ? Math.round((done / total) * width) : width;
      const bar = `${"█".repeat(filled)}${"░".repeat(width - filled)}`;
      const eta = rate > 0 && done < total ? ` ETA ${formatDuration(((total - done) / rate) * 1000)}` : "";
      const line = `${label} ${bar} ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")} products, ${Math.round(rate).toLocaleString("en-US")}/s${eta}`;
      stream.write(interactive ? `\r${line}\x1b[K` : `${line}\n`);
    },
    finish(message) {
      stream.write(`${interactive ? "\r\x1b[K" : ""}${message} in ${formatDuration(Date.now() - started)}\n`);
    },
  };
}
