// Page form actions read their body through React Router (request.formData()), not through Fastify's
// parsers, so Fastify's bodyLimit does not apply to them. Forms on the store's pages are a few kilobytes;
// a bigger body is refused before it is read: by its Content-Length, or, for a chunked body, as soon as
// the bytes read pass the limit.
import type { FastifyReply, FastifyRequest } from "fastify";

/** Largest body a page form action accepts. */
export const MAX_PAGE_BODY_BYTES = 64 * 1024;

export const PAGE_BODY_TOO_LARGE = `The form you sent is too large (at most ${MAX_PAGE_BODY_BYTES / 1024} KB).`;

/** Answers 413 (and closes the connection, so the rest of the body is never read). */
export function refuseLargeBody(reply: FastifyReply): FastifyReply {
  return reply
    .code(413)
    .header("connection", "close")
    .header("cache-control", "no-store")
    .type("text/plain; charset=utf-8")
    .send(PAGE_BODY_TOO_LARGE);
}

/** onRequest hook of the page scope: refuses a declared Content-Length above the limit. */
export async function refuseDeclaredLargeBody(request: FastifyRequest, reply: FastifyReply) {
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > MAX_PAGE_BODY_BYTES) return refuseLargeBody(reply);
}

/**
 * The request with its body capped: reading past the limit fails and `exceeded()` turns true, so the
 * caller answers 413 whatever the action made of the failed read.
 */
export function capRequestBody(request: Request): { request: Request; exceeded: () => boolean } {
  if (!request.body) return { request, exceeded: () => false };
  let total = 0;
  let over = false;
  const capped = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > MAX_PAGE_BODY_BYTES) {
          over = true;
          controller.error(new Error(PAGE_BODY_TOO_LARGE));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  const limited = new Request(request, { body: capped, duplex: "half" } as RequestInit);
  // A body that is not the form it claims to be (broken multipart, no boundary) is the sender's mistake:
  // the action answers 400, as an API route would, instead of failing with a 500.
  const readForm = limited.formData.bind(limited);
  limited.formData = async () => {
    try {
      return await readForm();
    } catch (error) {
      if (over) throw error;
      throw new Response("The form you sent could not be read.", { status: 400 });
    }
  };
  return { request: limited, exceeded: () => over };
}
