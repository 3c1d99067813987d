// Live connections per client address (an IPv6 /64 counts as one): a script opening thousands of sockets
// would hold memory and write visit rows without end. Counted in this process; with several instances
// each one applies the cap to its own sockets.
import { networkOf } from "../payments/payment-attempts.ts";

/** Tabs and devices of one household or office behind one address, with room to spare. */
export const MAX_LIVE_CONNECTIONS_PER_ADDRESS = 20;

export interface ConnectionCap {
  /** Counts a new connection from `ip`; false (and nothing counted) when that address is at the cap. */
  open(ip: string): boolean;
  close(ip: string): void;
  count(ip: string): number;
}

export function createConnectionCap(max = MAX_LIVE_CONNECTIONS_PER_ADDRESS): ConnectionCap {
  const open = new Map<string, number>();
  return {
    open(ip) {
      const key = networkOf(ip);
      const current = open.get(key) ?? 0;
      if (current >= max) return false;
      open.set(key, current + 1);
      return true;
    },
    close(ip) {
      const key = networkOf(ip);
      const current = open.get(key) ?? 0;
      if (current <= 1) open.delete(key);
      else open.set(key, current - 1);
    },
    count(ip) {
      return open.get(networkOf(ip)) ?? 0;
    },
  };
}
