// A TCP proxy between the store and PostgreSQL that a test can cut and restore: cut() breaks every open
// connection and holds new ones without an answer (as a database host that went away does); restore()
// forwards again.
import { connect, createServer, type Server, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let forwarding = true;
  const open = new Set<Socket>();
  const held = new Set<Socket>();
  const server: Server = createServer((client) => {
    client.on("error", () => {});
    if (!forwarding) {
      held.add(client);
      client.on("close", () => held.delete(client));
      return;
    }
    const upstream = connect(target);
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    cut() {
      forwarding = false;
      for (const socket of open) socket.destroy();
    },
    restore() {
      forwarding = true;
      for (const socket of held) socket.destroy();
    },
    async close() {
      for (const socket of [...open, ...held]) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether something accepts TCP connections at host:port (within a second). */
export function answersOn(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}
