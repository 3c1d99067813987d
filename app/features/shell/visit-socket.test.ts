// The browser's live-visits client against the store's real socket.io server (Node has WebSocket).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server, type Socket } from "socket.io";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openVisitSocket, reconnectDelay, socketUrl, type VisitSocket } from "./visit-socket.ts";

const NAMESPACE = "/customer";

let io: Server;
let url: string;
let received: Array<{ event: string; args: unknown[] }>;
let joined: Socket[];
let opened: VisitSocket[];

beforeEach(async () => {
  const http = createServer();
  io = new Server(http, { serveClient: false, pingInterval: 100, pingTimeout: 100 });
  received = [];
  joined = [];
  opened = [];
  io.of(NAMESPACE).on("connection", (socket) => {
    joined.push(socket);
    socket.onAny((event: string, ...args: unknown[]) => received.push({ event, args }));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/socket.io/?EIO=4&transport=websocket`;
});

afterEach(async () => {
  for (const socket of opened) socket.disconnect();
  await io.close();
});

function open(onConnect: () => void = () => {}): VisitSocket {
  const socket = openVisitSocket(NAMESPACE, onConnect, url);
  opened.push(socket);
  return socket;
}

async function until(condition: () => boolean, timeoutMs = 5000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("openVisitSocket", () => {
  it("joins the namespace and sends events the server's handlers receive", async () => {
    let connects = 0;
    const socket = open(() => connects++);
    await until(() => socket.connected);
    expect(connects).toBe(1);
    socket.emit("visit", { path: "/questions", latitude: 1.5 });
    socket.emit("leave");
    await until(() => received.length === 2);
    expect(received).toEqual([
      { event: "visit", args: [{ path: "/questions", latitude: 1.5 }] },
      { event: "leave", args: [] },
    ]);
  });

  it("answers the server's pings, so the connection stays", async () => {
    const socket = open();
    await until(() => socket.connected);
    // Ten ping intervals: without pongs the server drops it after one interval plus the timeout.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(socket.connected).toBe(true);
    expect(joined).toHaveLength(1);
    expect(joined[0].connected).toBe(true);
  });

  it("reconnects after a lost connection and joins again", async () => {
    let connects = 0;
    const socket = open(() => connects++);
    await until(() => socket.connected);
    joined[0].conn.close();
    await until(() => connects === 2);
    expect(socket.connected).toBe(true);
    expect(joined).toHaveLength(2);
  });

  it("stays away when the server refuses or closes the namespace", async () => {
    io.of(NAMESPACE).use((_socket, next) => next(new Error("Too many live connections from your address.")));
    const refused = open();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(refused.connected).toBe(false);
    expect(joined).toHaveLength(0);
  });

  it("disconnect leaves the namespace for good", async () => {
    const socket = open();
    await until(() => socket.connected);
    socket.disconnect();
    await until(() => !joined[0].connected);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(joined).toHaveLength(1);
    socket.emit("visit", { path: "/late" });
    expect(received).toEqual([]);
  });
});

describe("helpers", () => {
  it("builds the endpoint from the page's address", () => {
    expect(socketUrl({ protocol: "https:", host: "shop.example" })).toBe(
      "wss://shop.example/socket.io/?EIO=4&transport=websocket",
    );
    expect(socketUrl({ protocol: "http:", host: "127.0.0.1:3000" })).toBe(
      "ws://127.0.0.1:3000/socket.io/?EIO=4&transport=websocket",
    );
  });

  it("waits 1 s doubling up to 5 s, ±50 %", () => {
    expect(reconnectDelay(0, 0.5)).toBe(1000);
    expect(reconnectDelay(1, 0.5)).toBe(2000);
    expect(reconnectDelay(5, 0.5)).toBe(5000);
    expect(reconnectDelay(0, 0)).toBe(500);
    expect(reconnectDelay(3, 0.999)).toBe(7495);
  });
});
