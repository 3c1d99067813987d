// The feeds that reach every instance, on the local PostgreSQL server and Redis (skipped without them).
import { connect } from "node:net";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import {
  createSharedChangeFeed,
  encodeChange,
  postgresChangeTransport,
  redisChangeTransport,
} from "./shared-changes.ts";
import type { StoreChange, StoreChangeFeed } from "./store-changes.ts";

const PG_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = "redis://127.0.0.1:6379";

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.setTimeout(1000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}
const [postgresUp, redisUp] = await Promise.all([answers(5432), answers(6379)]);

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const open: StoreChangeFeed[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((feed) => feed.close()));
});

describe("change messages", () => {
  it("sends many ids as 'any of that kind' rather than past NOTIFY's payload limit", () => {
    const ids = Array.from({ length: 5000 }, (_, i) => i);
    expect(JSON.parse(encodeChange("a", { kind: "price", ids }))).toEqual({ from: "a", kind: "price" });
    expect(JSON.parse(encodeChange("a", { kind: "price", ids: [1, 2] }))).toEqual({
      from: "a",
      kind: "price",
      ids: [1, 2],
    });
  });
});

describe.skipIf(!postgresUp)("PostgreSQL LISTEN/NOTIFY feed", () => {
  it("tells the other instance, tells its own process once, and hears again after its connection is cut", async () => {
    const first = createSharedChangeFeed(postgresChangeTransport({ url: PG_URL }));
    const second = createSharedChangeFeed(postgresChangeTransport({ url: PG_URL }));
    open.push(first, second);
    await Promise.all([first.ready, second.ready]);
    const heardFirst: StoreChange[] = [];
    const heardSecond: StoreChange[] = [];
    first.subscribe((change) => heardFirst.push(change));
    second.subscribe((change) => heardSecond.push(change));

    await first.publish({ kind: "price", ids: [42] });
    await until(() => heardSecond.length === 1);
    expect(heardSecond).toEqual([{ kind: "price", ids: [42] }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardFirst).toEqual([{ kind: "price", ids: [42] }]);

    // The second instance's listening connection is cut: it reconnects, and since changes may have been
    // missed meanwhile, its subscribers hear "anything of every kind".
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN store_changes' and pid <> pg_backend_pid()",
    );
    await admin.end();
    await until(() => heardSecond.some((change) => change.kind === "settings" && change.ids === undefined), 8000);
    heardSecond.length = 0;
    // After that, a change still travels.
    await first.publish({ kind: "stock", ids: [7] });
    await until(() => heardSecond.some((change) => change.kind === "stock"));
    expect(heardSecond.filter((change) => change.kind === "stock")).toEqual([{ kind: "stock", ids: [7] }]);
  }, 20_000);
});

describe.skipIf(!redisUp)("Redis pub/sub feed", () => {
  it("tells the other instance once and not its own process twice", async () => {
    const first = createSharedChangeFeed(redisChangeTransport({ url: REDIS_URL }));
    const second = createSharedChangeFeed(redisChangeTransport({ url: REDIS_URL }));
    open.push(first, second);
    await Promise.all([first.ready, second.ready]);
    const heardFirst: StoreChange[] = [];
    const heardSecond: StoreChange[] = [];
    first.subscribe((change) => heardFirst.push(change));
    second.subscribe((change) => heardSecond.push(change));
    await first.publish({ kind: "product", ids: ["a", 3] });
    await until(() => heardSecond.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardSecond).toEqual([{ kind: "product", ids: ["a", 3] }]);
    expect(heardFirst).toEqual([{ kind: "product", ids: ["a", 3] }]);
  }, 10_000);
});
