// The answers of the public catalog, search and cart routes. Each route lists its envelope's keys
// (anything else a service returns is stripped); the objects inside are the services' public
// DTOs (services/catalog, services/checkout, services/orders), passed on as they are built there.
import { z } from "zod";

/** A DTO the API passes on as its service built it (its TypeScript type in services/ documents it). */
export const dto = z.custom<object>((value) => typeof value === "object" && value !== null, {
  error: "must be an object",
});
export const dtoList = z.array(dto);

export const pageInfoReply = z.object({
  limitPerPage: z.number(),
  totalObjects: z.number(),
  totalPages: z.number(),
});

export const successReply = z.object({ success: z.boolean() });
