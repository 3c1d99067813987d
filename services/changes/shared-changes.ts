// Change feeds that reach every instance of the store. A change is delivered to this process's
// subscribers at once, and sent to the other instances over PostgreSQL LISTEN/NOTIFY (the default on a
// server database) or Redis pub/sub (when REDIS_URL is set). Each message carries the sending
// instance's id, so an instance does not hear its own change twice.
//
// A lost connection is reconnected with backoff; once it is back, every subscriber is told "anything
// may have changed" for each kind, because notifications sent while it was away are lost.

import { randomUUID } from "node:crypto";
import pg from "pg";
import { createClient } from "redis";
import {
  STORE_CHANGE_KINDS,
  type StoreChange,
  type StoreChangeFeed,
  type StoreChangeListener,
} from "./store-changes.ts";

export const CHANGE_CHANNEL = "store_changes";

interface ChangeMessage {
  from: string;
  kind: StoreChange["kind"];
  ids?: readonly (number | string)[];
}

export interface SharedFeedLogger {
  warn(object: object, message: string): void;
  info?(object: object, message: string): void;
}

/** The transport under a shared feed: sends a message to every instance and hands back what arrives. */
export interface ChangeTransport {
  send(payload: string): Promise<void>;
  /** Starts listening; `onMessage` for each payload, `onReconnect` after a lost connection came back. */
  listen(onMessage: (payload: string) => void, onReconnect: () => void): Promise<void>;
  close(): Promise<void>;
}

/** NOTIFY payloads are limited to 8,000 bytes: a change with many ids is sent as "any of that kind". */
const MAX_PAYLOAD = 7_000;

function parseMessage(payload: string): ChangeMessage | null {
  try {
    const message = JSON.parse(payload) as ChangeMessage;
    if (typeof message.from !== "string") return null;
    if (!(STORE_CHANGE_KINDS as readonly string[]).includes(message.kind)) return null;
    if (message.ids !== undefined && !Array.isArray(message.ids)) return null;
    return message;
  } catch {
    return null;
  }
}

export function encodeChange(from: string, change: StoreChange): string {
  const full = JSON.stringify({ from, kind: change.kind, ids: change.ids });
  if (full.length <= MAX_PAYLOAD) return full;
  return JSON.stringify({ from, kind: change.kind });
}

/** A feed over a transport: local subscribers at once, other instances through the transport. */
export function createSharedChangeFeed(
  transport: ChangeTransport,
  logger?: SharedFeedLogger,
): StoreChangeFeed & {
  /** Resolves once the transport listens (tests wait for it). */
  ready: Promise<void>;
  readonly instanceId: string;
} {
  const instanceId = randomUUID();
  const listeners = new Set<StoreChangeListener>();
  const deliver = (change: StoreChange) => {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch {
        // One broken subscriber must not stop the others (nor fail the write that published).
      }
    }
  };
  const ready = transport
    .listen(
      (payload) => {
        const message = parseMessage(payload);
        if (!message || message.from === instanceId) return;
        deliver(message.ids === undefined ? { kind: message.kind } : { kind: message.kind, ids: message.ids });
      },
      () => {
        for (const kind of STORE_CHANGE_KINDS) deliver({ kind });
      },
    )
    .catch((error: unknown) => {
      logger?.warn({ err: error }, "the change feed could not listen yet; it keeps trying");
    });
  return {
    instanceId,
    ready,
    async publish(change) {
      deliver(change);
      try {
        await transport.send(encodeChange(instanceId, change));
      } catch (error) {
        // The write has committed: the other instances' caches expire within a minute anyway.
        logger?.warn({ err: error, kind: change.kind }, "a store change could not be sent to the other instances");
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await transport.close();
    },
  };
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;

/**
 * LISTEN/NOTIFY on a PostgreSQL server: one dedicated connection listens (a pooled one cannot: the
 * pool hands it to others); NOTIFY goes through `notify` (the store's pool) or a short query on the
 * listening connection's URL.
 */
export function postgresChangeTransport(options: {
  url: string;
  /** Sends a NOTIFY through the store's pool; by default through the listening connection. */
  notify?: (channel: string, payload: string) => Promise<void>;
  logger?: SharedFeedLogger;
}): ChangeTransport {
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onMessage: (payload: string) => void = () => {};
  let onReconnect: () => void = () => {};
  let connectedOnce = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.url, keepAlive: true, connectionTimeoutMillis: 3_000 });
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (client === next) client = undefined;
      next.removeAllListeners("notification");
      void next.end().catch(() => {});
      if (closed) return;
      options.logger?.warn({ err: error }, "the change feed lost its database connection; reconnecting");
      scheduleReconnect();
    };
    next.on("error", onLost);
    next.on("end", () => onLost());
    next.on("notification", (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload) onMessage(message.payload);
    });
    await next.connect();
    await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    attempt = 0;
    if (connectedOnce) onReconnect();
    connectedOnce = true;
  };

  const scheduleReconnect = () => {
    if (closed || timer) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt++);
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch((error: unknown) => {
        options.logger?.warn({ err: error }, "the change feed could not reconnect; trying again");
        scheduleReconnect();
      });
    }, delay);
    timer.unref();
  };

  return {
    async send(payload) {
      if (options.notify) {
        await options.notify(CHANGE_CHANNEL, payload);
        return;
      }
      if (!client) throw new Error("the change feed is not connected");
      await client.query("SELECT pg_notify($1, $2)", [CHANGE_CHANNEL, payload]);
    },
    async listen(messageHandler, reconnectHandler) {
      onMessage = messageHandler;
      onReconnect = reconnectHandler;
      try {
        await connect();
      } catch (error) {
        scheduleReconnect();
        throw error;
      }
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}

/** Redis pub/sub: one connection publishes, a second one subscribes (the client reconnects by itself). */
export function redisChangeTransport(options: { url: string; logger?: SharedFeedLogger }): ChangeTransport {
  const reconnectStrategy = (retries: number) => Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** retries);
  const publisher = createClient({ url: options.url, socket: { reconnectStrategy } });
  const subscriber = publisher.duplicate();
  let warned = false;
  for (const client of [publisher, subscriber]) {
    client.on("error", (error: unknown) => {
      if (warned) return;
      warned = true;
      options.logger?.warn({ err: error }, "the change feed lost its Redis connection; reconnecting");
    });
  }
  let closed = false;
  let connectedOnce = false;
  return {
    async send(payload) {
      if (!publisher.isOpen) await publisher.connect();
      await publisher.publish(CHANGE_CHANNEL, payload);
    },
    async listen(onMessage, onReconnect) {
      subscriber.on("ready", () => {
        warned = false;
        if (connectedOnce && !closed) onReconnect();
        connectedOnce = true;
      });
      await Promise.all([publisher.connect(), subscriber.connect()]);
      await subscriber.subscribe(CHANGE_CHANNEL, (payload) => onMessage(payload));
    },
    async close() {
      closed = true;
      await Promise.allSettled([publisher.close(), subscriber.close()]);
    },
  };
}
