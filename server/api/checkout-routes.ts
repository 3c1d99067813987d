// Cart, checkout and orders REST API. The visitor's checkout comes from their session
// (or their customer account), never from the URL alone: a checkout or order id in a path is only accepted
// when it is the visitor's. Every write honours Idempotency-Key (server/plugins/idempotency.ts).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_LINE_QUANTITY } from "../../services/checkout/cart-service.ts";
import { addressInputSchema } from "../../services/checkout/checkout-address.ts";
import { addToOrderRules, discountCodeRules } from "../../services/checkout/shopper-limits.ts";
import {
  addProductsToVisitorCart,
  addToVisitorCart,
  applyVisitorDiscount,
  getVisitorCart,
  removeFromVisitorCart,
  removeVisitorDiscount,
  setVisitorCartQuantities,
} from "../../services/checkout/visitor-cart.ts";
import { type Visitor, visitorFromSession } from "../../services/checkout/visitor-checkout.ts";
import { InvalidInput, Unauthorized } from "../../services/errors.ts";
import { requestProductOnOrder } from "../../services/orders/add-to-order.ts";
import { completeCheckout } from "../../services/orders/complete-checkout.ts";
import { withSessionOrder } from "../../services/orders/order-access.ts";
import { findVisibleOrderId, getOrderDetail, listCustomerOrders } from "../../services/orders/order-queries.ts";
import { PaymentActionRequired, type PlacedOrder } from "../../services/orders/place-order.ts";
import { attemptPayment } from "../../services/payments/payment-attempts.ts";
import { enforceRateLimits, RateLimited } from "../../services/rate-limit/rate-limiter.ts";
import type { StoreServices } from "../../services/store-services.ts";
import { amountToCents, centsToAmount } from "../../shared/money.ts";
import { displayCurrency } from "../../shared/store-config.ts";
import { dto, dtoList, successReply } from "./replies.ts";

/** Every cart route answers the cart as it is now. */
const checkoutReply = { 200: z.object({ checkout: dto }) };

const positiveId = (what: string) =>
  z.coerce
    .number({ error: `must be a ${what} id` })
    .int({ error: `must be a ${what} id` })
    .positive({ error: `must be a ${what} id` })
    .max(2_147_483_647, { error: `must be a ${what} id` });

const lineItemSchema = (minQuantity: number) =>
  z.object({
    inventoryLevelId: z
      .number({ error: "must be a number" })
      .int({ error: "must be a whole number" })
      .positive({ error: "must be an inventory level id" }),
    quantity: z
      .number({ error: "must be a number" })
      .int({ error: "must be a whole number" })
      .min(minQuantity, { error: minQuantity > 0 ? "Quantity must be greater than 0" : "must be 0 or more" })
      .max(MAX_LINE_QUANTITY, { error: `Can't add more than ${MAX_LINE_QUANTITY}` }),
  });

/** `{inventoryLevelId, quantity}` or `{lineItems: [...]}`. */
const lineItemsBody = (minQuantity: number) =>
  z.union(
    [lineItemSchema(minQuantity), z.object({ lineItems: z.array(lineItemSchema(minQuantity)).min(1).max(100) })],
    {
      error: "Send {inventoryLevelId, quantity} or {lineItems: [{inventoryLevelId, quantity}]}.",
    },
  );

const checkoutIdParams = z.object({ checkoutId: z.string().min(1).max(100) });
const codeQuery = z.object({
  code: z.string({ error: "is required" }).trim().min(1, { error: "is required" }).max(100),
});

const completeBody = z.object({
  email: z.string().max(254).optional(),
  shippingAddress: addressInputSchema.optional(),
  mailingAddressId: z.number().int().positive().optional(),
  shippingRateId: z.number().int().positive().nullable().optional(),
  card: z
    .object({
      number: z.string().max(30),
      expMonth: z.coerce.number().int(),
      expYear: z.coerce.number().int(),
      cvc: z.string().max(4),
      name: z.string().max(100).optional(),
    })
    .optional(),
  /** A card entered in Stripe's form: the PaymentMethod id Stripe.js answered. */
  paymentToken: z
    .string()
    .regex(/^pm_\w{1,200}$/, { error: "must be a payment method id from the card form" })
    .optional(),
  /** After the shopper confirmed the payment with their bank: the PaymentIntent to place the order with. */
  paymentIntentId: z
    .string()
    .regex(/^pi_\w{1,200}$/, { error: "must be a payment id from the card form" })
    .optional(),
  saveCard: z.boolean().optional(),
  paymentMethodId: z.number().int().positive().optional(),
  /** The total shown to the shopper; the order is refused when the total is different now. */
  expectedTotal: z.number().nonnegative().optional(),
  /** A bot-check answer for the action "checkout": needed after a refused payment. */
  token: z.string().max(20_000).optional(),
});

function items(body: z.infer<ReturnType<typeof lineItemsBody>>) {
  return "lineItems" in body ? body.lineItems : [body];
}

export async function checkoutRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => services.database.db;
  const store = services.config.store;
  const cart = { currency: displayCurrency(store) };

  // The storefront's client sends a JSON content type with no body on discount and Add to Order calls: an empty
  // JSON body is "no body" here (in this plugin's scope only), not an error.
  const defaultJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") return done(null, undefined);
    defaultJson(request, body as string, done);
  });

  fastify.addHook("onError", async (_request, reply, error) => {
    if (error instanceof RateLimited) reply.header("retry-after", String(error.retryAfterSeconds));
  });

  async function visitorOf(request: FastifyRequest, create: boolean): Promise<Visitor> {
    const session = create ? await request.session.ensure() : await request.session.get();
    return visitorFromSession(db(), session, request.ip);
  }

  // Cart --------------------------------------------------------------------------------------------

  app.get("/checkouts", { schema: { response: checkoutReply } }, async (request) => ({
    checkout: await getVisitorCart(db(), await visitorOf(request, false), cart),
  }));

  app.post(
    "/checkouts/lineItems",
    { schema: { body: lineItemsBody(1), response: checkoutReply } },
    async (request) => ({
      checkout: await addToVisitorCart(db(), await visitorOf(request, true), items(request.body), cart),
    }),
  );

  app.put("/checkouts/lineItems", { schema: { body: lineItemsBody(0), response: checkoutReply } }, async (request) => ({
    checkout: await setVisitorCartQuantities(db(), await visitorOf(request, true), items(request.body), cart),
  }));

  app.delete(
    "/checkouts/lineItems/:lineItemId",
    { schema: { params: z.object({ lineItemId: positiveId("line item") }), response: checkoutReply } },
    async (request) => ({
      checkout: await removeFromVisitorCart(db(), await visitorOf(request, false), request.params.lineItemId, cart),
    }),
  );

  app.post(
    "/checkouts/products",
    {
      schema: {
        body: z.object({
          handles: z
            .array(z.string().trim().min(1).max(255), { error: "must be a list of product handles" })
            .min(1)
            .max(50),
        }),
        response: checkoutReply,
      },
    },
    async (request) => ({
      checkout: await addProductsToVisitorCart(db(), await visitorOf(request, true), request.body.handles, cart),
    }),
  );

  app.post(
    "/checkouts/:checkoutId/discountCodes",
    { schema: { params: checkoutIdParams, querystring: codeQuery, response: checkoutReply } },
    async (request) => {
      const visitor = await visitorOf(request, false);
      await enforceRateLimits(
        db(),
        discountCodeRules({ sessionId: visitor.sessionId, ip: request.ip }),
        "discount code attempts",
      );
      return {
        checkout: await applyVisitorDiscount(db(), visitor, request.params.checkoutId, request.query.code, cart),
      };
    },
  );

  app.delete(
    "/checkouts/:checkoutId/discountCodes",
    { schema: { params: checkoutIdParams, querystring: codeQuery, response: checkoutReply } },
    async (request) => ({
      checkout: await removeVisitorDiscount(
        db(),
        await visitorOf(request, false),
        request.params.checkoutId,
        request.query.code,
        cart,
      ),
    }),
  );

  // Checkout in one call (the checkout page does the same in steps) ---------------------------------

  app.post(
    "/checkouts/:checkoutId/complete",
    {
      schema: {
        params: checkoutIdParams,
        body: completeBody,
        response: {
          200: z.object({
            order: z.object({
              id: z.number(),
              orderNumber: z.string(),
              totalPrice: z.number(),
              alreadyPlaced: z.boolean(),
              statusUrl: z.string(),
            }),
          }),
          // A refused card ({ error }), or a payment the shopper must confirm with their bank first.
          402: z.object({
            error: z.string(),
            requiresAction: z.object({ clientSecret: z.string(), paymentIntentId: z.string() }).optional(),
          }),
        },
      },
    },
    async (request, reply) => {
      const visitor = await visitorOf(request, false);
      const { expectedTotal, token, ...rest } = request.body;
      let placed: PlacedOrder;
      try {
        placed = await attemptPayment(
          {
            db: db(),
            botCheck: services.botCheck,
            client: { sessionId: visitor.sessionId, customerId: visitor.customerId, ip: request.ip },
            botToken: token,
            logRefusal: (reason) =>
              request.log.warn({ checkoutId: request.params.checkoutId, reason }, "payment refused"),
          },
          () =>
            completeCheckout(
              db(),
              visitor,
              request.params.checkoutId,
              { ...rest, expectedTotalCents: expectedTotal === undefined ? undefined : amountToCents(expectedTotal) },
              {
                gateway: services.paymentGateway,
                currency: displayCurrency(store),
                publicUrl: services.config.publicUrl,
                storeName: store.storeName,
                logger: request.log,
                changes: services.changes,
              },
            ),
        );
      } catch (error) {
        // 3-D Secure: the page confirms with Stripe.js, then calls again with paymentIntentId.
        if (error instanceof PaymentActionRequired) {
          return reply.status(402).send({
            error: error.message,
            requiresAction: { clientSecret: error.clientSecret, paymentIntentId: error.authorizationReference },
          });
        }
        throw error;
      }
      if (visitor.sessionId !== null && visitor.customerId === null) {
        await request.session.update(withSessionOrder(visitor.sessionData, placed.orderId));
      }
      return {
        order: {
          id: placed.orderId,
          orderNumber: placed.orderNumber,
          totalPrice: centsToAmount(placed.totalCents),
          alreadyPlaced: placed.alreadyPlaced,
          statusUrl: `/account/orders/${placed.orderId}`,
        },
      };
    },
  );

  // Orders ------------------------------------------------------------------------------------------

  app.get(
    "/orders",
    {
      schema: {
        querystring: z.object({
          page: z.coerce.number().int().min(0).max(100_000).default(0),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: z.object({ orders: dtoList, total: z.number() }) },
      },
    },
    async (request) => {
      const visitor = await visitorOf(request, false);
      if (visitor.customerId === null) throw new Unauthorized("Please sign in to see your orders.");
      const { page, limit } = request.query;
      return listCustomerOrders(db(), visitor.customerId, { limit, offset: page * limit });
    },
  );

  app.get(
    "/orders/:orderId",
    {
      schema: {
        params: z.object({ orderId: positiveId("order") }),
        querystring: z.object({ token: z.string().max(100).optional() }),
        response: { 200: z.object({ order: dto }) },
      },
    },
    async (request) => {
      const visitor = await visitorOf(request, false);
      const orderId = await findVisibleOrderId(db(), visitor, request.params.orderId, request.query.token ?? null);
      return { order: await getOrderDetail(db(), orderId) };
    },
  );

  app.post(
    "/orders/:orderId/relatedProducts/:productId",
    {
      schema: {
        params: z.object({ orderId: positiveId("order"), productId: positiveId("product") }),
        querystring: z.object({ token: z.string().max(100).optional() }),
        response: { 200: successReply },
      },
    },
    async (request) => {
      if (request.body !== undefined && request.body !== null && typeof request.body !== "object") {
        throw new InvalidInput("This call takes no body.");
      }
      const visitor = await visitorOf(request, false);
      await enforceRateLimits(
        db(),
        addToOrderRules({ sessionId: visitor.sessionId, ip: request.ip }),
        "Add to Order requests",
      );
      await requestProductOnOrder(
        db(),
        visitor,
        { orderId: request.params.orderId, productId: request.params.productId, token: request.query.token ?? null },
        {
          storeEmail: store.storeEmail,
          storeName: store.storeName,
          publicUrl: services.config.publicUrl,
          productPath: store.paths.products,
          currency: displayCurrency(store),
        },
      );
      return { success: true };
    },
  );
}
