// Catalog CSV in the back office: the export as a download, and dry runs and imports of an uploaded
// file. The file is the request body itself (text/csv, streamed to a temporary file, never held in
// memory); the answer (202) names the run at once and the work goes on in the background, so the page
// polls GET /catalog/imports/{id} for its progress, problems and counts.
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../../../services/audit/audit-log.ts";
import { catalogCsvStream } from "../../../services/catalog/csv/catalog-export.ts";
import { continueCatalogImport } from "../../../services/catalog/csv/catalog-import.ts";
import {
  createImportRun,
  getImportRun,
  listImportRuns,
  updateImportRun,
} from "../../../services/catalog/csv/import-runs.ts";
import { InvalidInput } from "../../../services/errors.ts";
import type { StoreServices } from "../../../services/store-services.ts";
import { importRunSchema } from "../../../shared/admin/catalog-csv.ts";
import { auditActor, staffOf } from "./admin-guard.ts";

/** Largest CSV an upload may carry. */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;
const CSV_TYPES = ["text/csv", "text/plain", "application/csv", "application/vnd.ms-excel", "application/octet-stream"];

class UploadTooLarge extends Error {
  readonly statusCode = 413;
}

const importQuery = z.object({
  mode: z.enum(["dry_run", "import"]),
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[^/\\\0]+$/, "A file name without folders.")
    .default("catalog.csv"),
});

export async function catalogImportRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => services.database.db;

  // The CSV body is read by the handler as a stream (to a file), past the API's 1 MB JSON limit.
  app.addContentTypeParser(CSV_TYPES, (_request, _payload, done) => done(null, undefined));

  app.get("/catalog/export", { config: { permission: "catalog:read" } }, async (_request, reply) => {
    const day = services.clock.now().toISOString().slice(0, 10);
    reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="catalog-${day}.csv"`)
      .header("cache-control", "no-store");
    return reply.send(catalogCsvStream(db()));
  });

  app.post(
    "/catalog/imports",
    {
      config: { permission: "catalog:write" },
      schema: { querystring: importQuery, response: { 202: z.object({ importRun: importRunSchema }) } },
    },
    async (request, reply) => {
      const type = (request.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
      if (!CSV_TYPES.includes(type)) throw new InvalidInput("Send the file as the body, with Content-Type: text/csv.");
      const declared = Number(request.headers["content-length"] ?? Number.NaN);
      if (declared > MAX_IMPORT_BYTES)
        throw new UploadTooLarge(`The file is over ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
      const staff = staffOf(request);
      const { mode, fileName } = request.query;
      const runId = await createImportRun(db(), {
        mode,
        fileName,
        fileBytes: Number.isFinite(declared) ? declared : null,
        actor: staff.email,
        staffId: staff.id,
      });
      const path = join(tmpdir(), `catalog-import-${randomUUID()}.csv`);
      let bytes = 0;
      try {
        await pipeline(
          request.raw,
          new Transform({
            transform(chunk: Buffer, _encoding, done) {
              bytes += chunk.length;
              if (bytes > MAX_IMPORT_BYTES)
                done(new UploadTooLarge(`The file is over ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`));
              else done(null, chunk);
            },
          }),
          createWriteStream(path),
        );
      } catch (error) {
        await rm(path, { force: true });
        const message =
          error instanceof UploadTooLarge ? error.message : "The upload did not arrive whole; send it again.";
        await updateImportRun(db(), runId, { status: "failed", phase: "done", error: message, finished: true });
        throw error instanceof UploadTooLarge ? error : new InvalidInput(message);
      }
      const actor = auditActor(request);
      // The run goes on after the answer; its row tells the page how it is doing.
      void continueCatalogImport(db(), runId, createReadStream(path), {
        mode,
        fileName,
        fileBytes: bytes,
        actor: staff.email,
        staffId: staff.id,
        changes: services.changes,
        onWritten: async (run) => {
          await recordAudit(db(), {
            ...actor,
            action: "catalog.import",
            entity: "catalog",
            entityId: run.id,
            after: {
              fileName: run.fileName,
              rows: run.rowsRead,
              products: run.summary?.products,
              newProducts: run.summary?.newProducts,
              newVariants: run.summary?.newVariants,
              removedVariants: run.summary?.removedVariants,
              changedProducts: run.summary?.changedProducts,
              newBrands: run.summary?.newBrands,
            },
          });
        },
      })
        .catch((error: unknown) => request.log.error({ err: error, runId }, "a catalog import failed"))
        .finally(() => rm(path, { force: true }));
      return reply.status(202).send({ importRun: await getImportRun(db(), runId) });
    },
  );

  app.get(
    "/catalog/imports/:id",
    {
      config: { permission: "catalog:read" },
      schema: {
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: z.object({ importRun: importRunSchema }) },
      },
    },
    async (request) => ({ importRun: await getImportRun(db(), request.params.id) }),
  );

  app.get(
    "/catalog/imports",
    {
      config: { permission: "catalog:read" },
      schema: { response: { 200: z.object({ importRuns: z.array(importRunSchema) }) } },
    },
    async () => ({ importRuns: await listImportRuns(db()) }),
  );
}
