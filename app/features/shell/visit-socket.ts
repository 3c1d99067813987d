// The live-visits connection in the browser: the few socket.io frames it needs, written over a plain
// WebSocket (Engine.IO 4 / socket.io protocol 5), instead of socket.io-client (about 13 KB on the wire,
// for a connection that only ever sends two small events). The server is the ordinary socket.io server
// (server/plugins/live-visits.ts); its Node tests talk to it with socket.io-client.
//
// Frames: the server opens with `0{"pingInterval":…,"pingTimeout":…}`; the client joins the namespace with
// `40/customer,` and is answered `40/customer,{"sid":…}` (or `44/customer,{"message":…}` when a middleware
// refuses it); the server's ping `2` is answered `3`; an event is `42/customer,["visit",{…}]`; leaving the
// namespace is `41/customer,`.

export interface VisitSocket {
  /** Joined the namespace and not disconnected since. */
  readonly connected: boolean;
  emit(event: string, payload?: unknown): void;
  /** Leaves the namespace and closes the connection for good (no reconnection). */
  disconnect(): void;
}

/** Reconnection delays as socket.io-client's defaults: 1 s doubling up to 5 s, ±50 % at random. */
const RECONNECT_MIN_MS = 1000;
const RECONNECT_MAX_MS = 5000;

export function reconnectDelay(attempt: number, random = Math.random()): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt);
  return Math.round(base * (0.5 + random));
}

/** The socket.io endpoint of the page's own origin, over WebSocket. */
export function socketUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/socket.io/?EIO=4&transport=websocket`;
}

/**
 * Connects to `namespace` on the page's origin, calls `onConnect` each time it has joined (also after a
 * reconnection: the server has forgotten the old socket), and reconnects after a lost connection
 * until `disconnect`. A namespace the server refuses (`44`) or closes (`41`) is not retried, as with
 * socket.io-client.
 */
export function openVisitSocket(
  namespace: string,
  onConnect: () => void,
  url: string = socketUrl(window.location),
): VisitSocket {
  let ws: WebSocket | null = null;
  let connected = false;
  let stopped = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceLimitMs = 45_000;

  const joined = `0${namespace}`;
  const refused = `4${namespace}`;
  const closedByServer = `1${namespace}`;

  function stop() {
    stopped = true;
    connected = false;
    clearTimeout(retryTimer);
    clearTimeout(silenceTimer);
    ws?.close();
  }

  /** The server pings every pingInterval; nothing for pingInterval + pingTimeout means a dead connection. */
  function heard() {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => ws?.close(), silenceLimitMs);
  }

  function open() {
    if (stopped) return;
    const socket = new WebSocket(url);
    ws = socket;
    socket.onmessage = (message: MessageEvent) => {
      if (typeof message.data !== "string") return;
      const data = message.data;
      heard();
      switch (data[0]) {
        case "0": {
          try {
            const handshake = JSON.parse(data.slice(1)) as { pingInterval?: number; pingTimeout?: number };
            silenceLimitMs = (handshake.pingInterval ?? 25_000) + (handshake.pingTimeout ?? 20_000);
          } catch {
            // Keep the default limit.
          }
          heard();
          socket.send(`40${namespace},`);
          break;
        }
        case "2":
          socket.send("3");
          break;
        case "1":
          socket.close();
          break;
        case "4": {
          const packet = data.slice(1);
          if (packet.startsWith(joined)) {
            attempt = 0;
            connected = true;
            onConnect();
          } else if (packet.startsWith(refused) || packet.startsWith(closedByServer)) {
            stop();
          }
          break;
        }
      }
    };
    socket.onclose = () => {
      if (ws !== socket) return;
      connected = false;
      clearTimeout(silenceTimer);
      if (stopped) return;
      retryTimer = setTimeout(open, reconnectDelay(attempt));
      attempt += 1;
    };
  }

  open();

  return {
    get connected() {
      return connected;
    },
    emit(event, payload) {
      if (!connected || ws?.readyState !== WebSocket.OPEN) return;
      ws.send(`42${namespace},${JSON.stringify(payload === undefined ? [event] : [event, payload])}`);
    },
    disconnect() {
      if (connected && ws?.readyState === WebSocket.OPEN) ws.send(`41${namespace},`);
      stop();
    },
  };
}
