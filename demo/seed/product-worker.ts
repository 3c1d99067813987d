/**
 * The worker thread of workerBatches() (product-batches.ts): generates the products, builds and
 * encodes their rows batch by batch and posts each batch, keeping at most two ahead of the writer
 * (it posts "more" as it takes one). Ends with the run's totals.
 */
import { parentPort, workerData } from "node:worker_threads";
import { type BatchOptions, inlineBatches, type WorkerMessage } from "./product-batches.ts";

const AHEAD = 2;
const port = parentPort;
if (!port) throw new Error("product-worker.ts runs as a worker thread.");
let credits = AHEAD;
let waiting: (() => void) | null = null;
port.on("message", () => {
  credits++;
  waiting?.();
  waiting = null;
});

const source = inlineBatches(workerData as BatchOptions);
for await (const batch of source.batches) {
  while (credits === 0) {
    await new Promise<void>((resolve) => {
      waiting = resolve;
    });
  }
  credits--;
  port.postMessage({ batch } satisfies WorkerMessage);
}
port.postMessage({ totals: await source.totals() } satisfies WorkerMessage);
port.close();
