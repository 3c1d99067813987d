// Anonymous requests must not grow the store without bound: live connections per address are capped.
// (Idempotency keys without a session: security-abuse-checkout; the retention job: services/retention.)
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAX_LIVE_CONNECTIONS_PER_ADDRESS } from "../../services/visits/connection-cap.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
const sockets: Socket[] = [];
beforeAll(async () => {
  store = await startTestStore({ products: 0 });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await store?.close();
});

function openSocket(): Promise<Socket> {
  const socket = connect(`${store.baseUrl}/customer`, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

describe("live connections", () => {
  test(`one address holds at most ${MAX_LIVE_CONNECTIONS_PER_ADDRESS} at once; a closed one frees its place`, async () => {
    const open: Socket[] = [];
    for (let i = 0; i < MAX_LIVE_CONNECTIONS_PER_ADDRESS; i++) open.push(await openSocket());
    await expect(openSocket()).rejects.toThrow(/Too many live connections/);
    open[0].disconnect();
    await expect
      .poll(
        async () =>
          openSocket().then(
            () => true,
            () => false,
          ),
        { timeout: 5000 },
      )
      .toBe(true);
  });
});
