// Addresses the store cannot read are refused before any route sees them. A NUL byte is legal in a
// JavaScript string but not in a PostgreSQL text value, and percent-escapes that do not decode to UTF-8
// make the router give up: both used to surface as 500s. Lengths are bounded as well, so no handler,
// query or log line ever carries a path or query value of unbounded size.
import { type IncomingMessage, STATUS_CODES } from "node:http";
import { type Duplex, Transform } from "node:stream";
import type { FastifyInstance } from "fastify";

/** Longest path (as sent, percent-escapes included). */
export const MAX_PATH_LENGTH = 2048;
/** Longest query parameter name or value (decoded). */
export const MAX_QUERY_VALUE_LENGTH = 2048;
/**
 * React Router's route discovery (`/__manifest?paths=…`) lists the links of a page in one value and
 * keeps its whole address under 7,680 characters: that request gets this bound instead.
 */
export const MAX_MANIFEST_QUERY_VALUE_LENGTH = 7680;
/** Most query parameters in one address. */
export const MAX_QUERY_PARAMETERS = 100;

export interface UrlProblem {
  status: 400 | 414;
  error: string;
}

/** The path a refused page address is rendered as: no route claims it, so visitors see the 404 page. */
export const INVALID_PAGE_PATH = "/__invalid-address";
const INVALID_API_PATH = "/api/__invalid-address";

function decodes(text: string, plusIsSpace: boolean): string | null {
  if (!text.includes("%")) return plusIsSpace ? text.replaceAll("+", " ") : text;
  try {
    return decodeURIComponent(plusIsSpace ? text.replaceAll("+", " ") : text);
  } catch {
    return null;
  }
}

const UNREADABLE =
  "The address contains characters the store cannot read (a NUL byte, or percent-escapes that are not UTF-8). Please check the link.";

/** What is wrong with a request target (path and query as sent), or null when the store can serve it. */
export function urlProblem(url: string): UrlProblem | null {
  const cut = url.indexOf("?");
  const path = cut === -1 ? url : url.slice(0, cut);
  if (path.length > MAX_PATH_LENGTH) {
    return { status: 414, error: `The address is too long (at most ${MAX_PATH_LENGTH} characters).` };
  }
  const decodedPath = decodes(path, false);
  if (decodedPath === null || decodedPath.includes("\0")) return { status: 400, error: UNREADABLE };
  if (cut === -1) return null;
  const query = url.slice(cut + 1);
  if (query.length === 0) return null;
  const maxValueLength = path === "/__manifest" ? MAX_MANIFEST_QUERY_VALUE_LENGTH : MAX_QUERY_VALUE_LENGTH;
  const pairs = query.split("&");
  if (pairs.length > MAX_QUERY_PARAMETERS) {
    return { status: 400, error: `The address has too many query parameters (at most ${MAX_QUERY_PARAMETERS}).` };
  }
  for (const pair of pairs) {
    const equals = pair.indexOf("=");
    for (const part of equals === -1 ? [pair] : [pair.slice(0, equals), pair.slice(equals + 1)]) {
      // Checked before decoding too, so a huge value is not decoded just to be refused.
      if (part.length > maxValueLength * 3) return queryTooLong(maxValueLength);
      const decoded = decodes(part, true);
      if (decoded === null || decoded.includes("\0")) return { status: 400, error: UNREADABLE };
      if (decoded.length > maxValueLength) return queryTooLong(maxValueLength);
    }
  }
  return null;
}

function queryTooLong(limit: number): UrlProblem {
  return { status: 400, error: `A query parameter is too long (at most ${limit} characters).` };
}

const problems = new WeakMap<IncomingMessage, UrlProblem>();

function isApiPath(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

/**
 * Fastify's `rewriteUrl`: runs before routing, so even addresses the router cannot decode arrive here.
 * A refused address is routed to a path no route claims; the hook below answers it.
 */
export function rewriteUnreadableUrl(request: IncomingMessage): string {
  const url = request.url ?? "/";
  const problem = urlProblem(url);
  if (!problem) return url;
  problems.set(request, problem);
  return isApiPath(url) ? INVALID_API_PATH : INVALID_PAGE_PATH;
}

/**
 * Answers refused addresses: the API with its status and `{ error }`; pages fall through to the page
 * renderer, which shows the store's 404 page for INVALID_PAGE_PATH.
 */
export function registerRequestEdge(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    const problem = problems.get(request.raw);
    if (!problem) return;
    if (request.url.startsWith(INVALID_API_PATH) || request.routeOptions.url !== "/*") {
      return reply.code(problem.status).header("cache-control", "no-store").send({ error: problem.error });
    }
  });
  // API bodies only: page actions read the raw request themselves (plugins/react-router.ts).
  app.addHook("preParsing", async (request, reply, payload) => {
    if (!request.url.startsWith("/api/") || !JSON_TYPE.test(request.headers["content-type"] ?? "")) return payload;
    const guarded = limitJsonDepth(payload);
    // Answered without reading the whole body (an error before parsing): the rest is read and dropped,
    // as Node does for bodies nobody read, or the connection would wait for it forever.
    reply.raw.once("finish", () => {
      if (!guarded.writableFinished) {
        payload.unpipe(guarded);
        payload.resume();
      }
    });
    return guarded;
  });
}

const CLIENT_ERROR_STATUS: Record<string, number> = { ERR_HTTP_REQUEST_TIMEOUT: 408, HPE_HEADER_OVERFLOW: 431 };

/**
 * Fastify's `clientErrorHandler`, for requests Node's parser refuses before Fastify sees them (malformed,
 * headers over 16 KB). As Fastify's own, but it says `Connection: close`, so a keep-alive client (or
 * proxy) does not send its next request into the socket being closed, and it has no body: the request
 * could not be read, so it may have been a HEAD, whose answer must have none.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const status = CLIENT_ERROR_STATUS[error.code ?? ""] ?? 400;
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }
  socket.destroy();
}

/** The content types Fastify parses as JSON. */
const JSON_TYPE = /^\s*application\/json\s*(;|$)/i;

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 64;

class JsonTooDeep extends Error {
  readonly statusCode = 400;
}

/**
 * The body stream of a JSON request, refusing it as soon as its nesting passes MAX_JSON_DEPTH: a body
 * of ten thousand nested arrays parses, but overflows the stack of whatever walks it next (validation,
 * hashing, logging).
 */
export function limitJsonDepth(payload: NodeJS.ReadableStream): Transform & { receivedEncodedLength: number } {
  let depth = 0;
  let inString = false;
  let escaped = false;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      guard.receivedEncodedLength += chunk.length;
      for (const byte of chunk) {
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === 0x5c) escaped = true;
          else if (byte === 0x22) inString = false;
        } else if (byte === 0x22) inString = true;
        else if (byte === 0x5b || byte === 0x7b) {
          if (++depth > MAX_JSON_DEPTH) {
            return callback(
              new JsonTooDeep(`The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`),
            );
          }
        } else if (byte === 0x5d || byte === 0x7d) depth--;
      }
      callback(null, chunk);
    },
  }) as Transform & { receivedEncodedLength: number };
  guard.receivedEncodedLength = 0;
  payload.on("error", (error) => guard.destroy(error));
  // Whoever reads the body (Fastify's JSON parser) gets the error through its own listener. A request
  // whose body nobody reads (a GET with a body) still feeds this stream: without a listener here its
  // error would be thrown as an uncaught exception and take the process down.
  guard.on("error", () => {});
  return payload.pipe(guard) as Transform & { receivedEncodedLength: number };
}
