// The back office's equipment API under /api/admin/equipment: list and read models, change a model and
// its label variants, place callouts on its diagram and map them to products by part number, upload a
// drawing, and import the supplier's fitment CSV (dry run with problems by row, then all or nothing).
// Reads need catalog:read, writes catalog:write (admin-guard.ts checks the declared permission).
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  IMAGE_TYPES_TEXT,
  MAX_IMAGE_BYTES,
  storeCatalogImage,
  uploadsDirectory,
} from "../../../services/catalog/admin/product-images.ts";
import { idParam, limitParam, pageParam } from "../../../services/catalog/query-params.ts";
import {
  deleteCallout,
  importFitments,
  loadModelForEditing,
  saveCallout,
  updateEquipmentModel,
} from "../../../services/equipment/admin/equipment-admin.ts";
import { listEquipment } from "../../../services/equipment/equipment-catalog.ts";
import { InvalidInput } from "../../../services/errors.ts";
import type { StoreServices } from "../../../services/store-services.ts";
import { calloutInputSchema, equipmentModelInputSchema, fitmentImportSchema } from "../../../shared/admin/equipment.ts";
import { dto, dtoList } from "../replies.ts";
import { auditActor } from "./admin-guard.ts";

const modelParams = z.object({ id: idParam("equipment model") });
const calloutParams = z.object({ id: idParam("equipment model"), key: z.string().regex(/^[0-9]{1,4}[A-Za-z]?$/) });

export async function equipmentAdminRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => services.database.db;
  const changed = (id?: number) =>
    services.changes.publish({ kind: "equipment", ids: id === undefined ? [] : [id] }).catch(() => undefined);

  app.get(
    "/equipment",
    {
      config: { permission: "catalog:read" },
      schema: {
        querystring: z.object({
          q: z.string().trim().max(200).optional(),
          page: pageParam(),
          limit: limitParam(50, 200),
        }),
        response: { 200: z.object({ equipment: dtoList, pageInfo: dto }) },
      },
    },
    async (request) => listEquipment(db(), request.query),
  );

  app.get(
    "/equipment/:id",
    {
      config: { permission: "catalog:read" },
      schema: { params: modelParams, response: { 200: z.object({ equipment: dto }) } },
    },
    async (request) => ({ equipment: await loadModelForEditing(db(), request.params.id) }),
  );

  app.put(
    "/equipment/:id",
    {
      config: { permission: "catalog:write" },
      schema: { params: modelParams, body: equipmentModelInputSchema, response: { 200: z.object({ equipment: dto }) } },
    },
    async (request) => {
      const equipment = await updateEquipmentModel(db(), auditActor(request), request.params.id, request.body);
      await changed(request.params.id);
      return { equipment };
    },
  );

  app.post(
    "/equipment/:id/callouts",
    {
      config: { permission: "catalog:write" },
      schema: { params: modelParams, body: calloutInputSchema, response: { 200: z.object({ equipment: dto }) } },
    },
    async (request) => {
      const equipment = await saveCallout(db(), auditActor(request), request.params.id, request.body);
      await changed(request.params.id);
      return { equipment };
    },
  );

  app.delete(
    "/equipment/:id/callouts/:key",
    {
      config: { permission: "catalog:write" },
      schema: { params: calloutParams, response: { 200: z.object({ equipment: dto }) } },
    },
    async (request) => {
      const equipment = await deleteCallout(db(), auditActor(request), request.params.id, request.params.key);
      await changed(request.params.id);
      return { equipment };
    },
  );

  app.post(
    "/equipment/import",
    {
      config: { permission: "catalog:write" },
      schema: { body: fitmentImportSchema, response: { 200: z.object({ result: dto }) } },
    },
    async (request) => {
      const result = await importFitments(db(), auditActor(request), request.body.csv, request.body.dryRun);
      if (result.applied) await changed();
      return { result };
    },
  );

  // The drawing: an image file, stored like product images; answers the URL to put on the diagram.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
    upload.post("/equipment/diagram-image", { config: { permission: "catalog:write" } }, async (request) => {
      const file = await request.file();
      if (!file) throw new InvalidInput(`Choose a drawing to upload (${IMAGE_TYPES_TEXT}).`);
      const buffer = await file.toBuffer();
      const stored = await storeCatalogImage({ body: buffer, uploadsDir: uploadsDirectory(services.config.dataDir) });
      return { imageUrl: stored.url, width: stored.width, height: stored.height };
    });
  });
}
