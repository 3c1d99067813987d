import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { LEAVE_EVENT, LIVE_VISITS_NAMESPACE, VISIT_EVENT, type VisitPayload } from "../../../shared/visit-protocol.ts";
import { openVisitSocket, type VisitSocket } from "./visit-socket.ts";

/** Start the connection this long after hydration at the latest (when the browser is never idle). */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Coordinates only when the visitor has already allowed this site to know them: the permission is
 * queried, never requested, so no prompt ever appears.
 */
async function knownPosition(): Promise<Pick<VisitPayload, "latitude" | "longitude">> {
  try {
    if (!navigator.permissions || !navigator.geolocation) return {};
    const status = await navigator.permissions.query({ name: "geolocation" });
    if (status.state !== "granted") return {};
    const position = await new Promise<GeolocationPosition>((resolve, reject) =>
      navigator.geolocation.getCurrentPosition(resolve, reject, { maximumAge: 10 * 60_000, timeout: 5000 }),
    );
    return { latitude: position.coords.latitude, longitude: position.coords.longitude };
  } catch {
    return {};
  }
}

/**
 * A live connection to /customer sends a visit with the path on each path change and a
 * leave on cleanup. It opens once the page is interactive and idle (visit-socket.ts: a few socket.io
 * frames over a WebSocket, a fraction of socket.io-client's size), so it costs nothing on first paint.
 */
export function LiveVisitsClient() {
  const location = useLocation();
  // The path only: a query may carry a one-time token (password reset links) that must not be stored.
  const path = location.pathname;
  const socketRef = useRef<VisitSocket | null>(null);
  const pathRef = useRef(path);
  pathRef.current = path;

  const sendVisit = useRef(async (socket: VisitSocket, visitPath: string) => {
    const position = await knownPosition();
    // The shopper may have moved on while the position was looked up.
    if (visitPath === pathRef.current && socket.connected) socket.emit(VISIT_EVENT, { path: visitPath, ...position });
  });

  useEffect(() => {
    let cancelled = false;
    let socket: VisitSocket | null = null;
    const start = () => {
      if (cancelled || typeof WebSocket === "undefined") return;
      // Also after a reconnect: the server forgot this socket's path.
      const connection = openVisitSocket(
        LIVE_VISITS_NAMESPACE,
        () => void sendVisit.current(connection, pathRef.current),
      );
      socket = connection;
      socketRef.current = connection;
    };
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS })
      : window.setTimeout(start, 1);
    const onPageHide = () => {
      if (socket?.connected) socket.emit(LEAVE_EVENT);
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      cancelled = true;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      window.removeEventListener("pagehide", onPageHide);
      if (socket?.connected) socket.emit(LEAVE_EVENT);
      socket?.disconnect();
      socketRef.current = null;
    };
  }, []);

  useEffect(() => {
    const socket = socketRef.current;
    if (socket?.connected) void sendVisit.current(socket, path);
  }, [path]);

  return null;
}
