// The live-visits protocol between the storefront and the server (socket.io namespace /customer).
// Plain constants and types only: the browser bundle imports this file too.

export const LIVE_VISITS_NAMESPACE = "/customer";
/** Sent on each path change: `{ path, latitude?, longitude? }`. */
export const VISIT_EVENT = "visit";
/** Sent when the page goes away (component cleanup or pagehide). */
export const LEAVE_EVENT = "leave";

export interface VisitPayload {
  path: string;
  /** Only when the visitor already allowed geolocation; never asked for. */
  latitude?: number;
  longitude?: number;
}
