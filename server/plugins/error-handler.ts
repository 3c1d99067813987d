import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from "../../db/unavailable.ts";
import { ServiceError } from "../../services/errors.ts";

function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join(".");
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

function describeValidation(error: FastifyError): string {
  const issues = (error.validation ?? []) as Array<{
    instancePath?: string;
    message?: string;
    params?: { issue?: { path?: PropertyKey[] } };
  }>;
  const parts = issues.map((issue) => {
    const path =
      issue.params?.issue?.path?.map(String).join(".") || issue.instancePath?.replace(/^\//, "").replace(/\//g, ".");
    const where =
      error.validationContext === "querystring"
        ? "query parameter"
        : error.validationContext === "params"
          ? "path parameter"
          : "field";
    return path ? `${where} ${path}: ${issue.message}` : (issue.message ?? "invalid value");
  });
  return parts.length ? `Invalid request: ${parts.join("; ")}` : error.message;
}

/** A PostgreSQL error code, wherever in the chain of causes the driver and Drizzle put it. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A value PostgreSQL refused as data (class 22: out of range, malformed number, uuid or text; class 54:
 * too large for an index or a function): a value from the request no validation caught. The request is
 * at fault, not the store; the log keeps it so the validation can be added.
 */
function isInputRejectedByDatabase(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return code !== undefined && (code.startsWith("22") || code.startsWith("54"));
}

/** One error handler for the whole app: a message a person can act on, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ServiceError) {
      if (error.status >= 500) request.log.error({ err: error }, "service error");
      return reply.status(error.status).send({ error: error.message });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ error: `Invalid request: ${describeZodError(error)}` });
    }
    if (error.validation) {
      return reply.status(400).send({ error: describeValidation(error) });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    if (isInputRejectedByDatabase(error)) {
      request.log.warn({ err: error }, "database refused a value from the request");
      return reply
        .status(400)
        .send({ error: "The request has a value the store cannot use (out of range or malformed)." });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx errors (bad JSON, body too large, unsupported media type...) have clear messages.
      const message =
        error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError
          ? "The request body is not valid JSON."
          : error.message;
      return reply.status(status).send({ error: message });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ error: "Something went wrong on our side. Please try again." });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: `No such API endpoint: ${request.method} ${request.url.split("?")[0]}` });
  });
}
