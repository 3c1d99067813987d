// Placing an order. The card is checked and the amount authorised first (a hold that is voided if the
// order does not happen); then ONE transaction locks the checkout, re-prices it, takes the stock (a
// conditional decrement: two shoppers racing for the last unit cannot both get it), counts the discount
// code's use, writes the order and its lines, captures the payment, closes the cart and queues the
// confirmation e-mail. Placing twice (double click, retry) finds the first order: orders.checkoutId is
// unique and the checkout row lock makes the second attempt wait for the first.
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { inventoryLevels, products } from "../../db/schema/catalog.ts";
import {
  type AddressSnapshot,
  checkouts,
  orderLineItems,
  orders,
  paymentMethods,
  transactions,
} from "../../db/schema/commerce.ts";
import { customers } from "../../db/schema/customers.ts";
import { formatMoney } from "../../shared/money.ts";
import type { StoreChangeFeed } from "../changes/store-changes.ts";
import { type CountryRule, validateAddress } from "../checkout/checkout-address.ts";
import { customerEmail, loadCountryRules } from "../checkout/checkout-details.ts";
import {
  type CheckoutLineState,
  type CheckoutRecord,
  type CheckoutState,
  checkoutRecordColumns,
  loadCheckoutLines,
  loadCheckoutState,
  priceCheckout,
} from "../checkout/checkout-state.ts";
import { isCheckoutId, requireVisitorCheckout, type Visitor } from "../checkout/visitor-checkout.ts";
import { redeemDiscountCode } from "../discounts/discount-store.ts";
import { queueEmail } from "../email/mailer.ts";
import { InvalidInput, NotFound, ServiceError, Unprocessable } from "../errors.ts";
import { ordersPlaced, paymentRefusals } from "../metrics/metrics.ts";
import type { AuthorizationResult, CardInput, PaymentGateway } from "../payments/payment-gateway.ts";
import { CardRejected } from "../payments/payment-gateway.ts";
import { processorCustomerFor } from "../wallet/stripe-wallet.ts";
import { createGuestOrderToken, sessionOrderIds } from "./order-access.ts";
import { buildOrderConfirmation } from "./order-email.ts";
import {
  type OrphanedAuthorization,
  paymentIdempotencyKey,
  type SettleOptions,
  settleAuthorization,
  settlementKey,
} from "./payment-settlement.ts";

/** The card was refused (invalid, declined, or the processor failed): the cart is kept. */
export class PaymentDeclined extends ServiceError {
  override readonly status: number = 402;
  /** Set when the card details failed their format checks (number, expiry, security code) before any charge. */
  readonly cardField: string | null;
  constructor(message: string, cardField: string | null = null) {
    super(message);
    this.cardField = cardField;
  }
}

/**
 * The shopper must confirm the payment with their bank (3-D Secure): the page completes it with
 * `clientSecret` and places the order again naming `authorizationReference`.
 */
export class PaymentActionRequired extends ServiceError {
  override readonly status = 402;
  readonly clientSecret: string;
  readonly authorizationReference: string;
  constructor(clientSecret: string, authorizationReference: string) {
    super("Please confirm this payment with your card's bank to place your order.");
    this.clientSecret = clientSecret;
    this.authorizationReference = authorizationReference;
  }
}

export type PaymentInput =
  /** Card fields (the test gateway only). */
  | { kind: "card"; card: CardInput; saveCard?: boolean }
  /** A card the browser entered in the processor's own form (a Stripe PaymentMethod id). */
  | { kind: "token"; token: string; saveCard?: boolean }
  | { kind: "saved"; paymentMethodId: number }
  /** An authorisation the shopper has just confirmed with their bank (after PaymentActionRequired). */
  | { kind: "authorized"; authorizationReference: string; saveCard?: boolean };

export interface PlaceOrderInput {
  payment: PaymentInput;
  /** The total the shopper saw when they pressed Place order; a different total now stops the order. */
  expectedTotalCents?: number;
}

export interface PlaceOrderContext {
  gateway: PaymentGateway;
  currency: string;
  publicUrl: string;
  storeName: string;
  now?: Date;
  /** Where a payment settled after a failed order is logged (the request's logger). */
  logger?: SettleOptions["logger"];
  /**
   * Told of the stock the order took (the products' pages show what is left, and sold out once it is
   * gone): the page cache drops those pages on every instance.
   */
  changes?: Pick<StoreChangeFeed, "publish">;
}

export interface PlacedOrder {
  orderId: number;
  orderNumber: string;
  totalCents: number;
  /** True when this call found the order an earlier call placed. */
  alreadyPlaced: boolean;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const ORDER_NUMBER_PREFIX = "W";
export function orderNumberFor(orderId: number): string {
  return `${ORDER_NUMBER_PREFIX}${100000 + orderId}`;
}

function newDisplayableId(): string {
  // 10 characters from an alphabet without look-alikes (no 0/O, 1/I): read out to support over the phone.
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(10);
  let id = "T";
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return id;
}

function brandLabel(brand: string): string {
  const labels: Record<string, string> = {
    visa: "Visa",
    mastercard: "Mastercard",
    american_express: "American Express",
    discover: "Discover",
  };
  return labels[brand] ?? "Card";
}

/**
 * A code on the cart that no longer applies stops the order rather than being dropped silently: the
 * shopper never pays more than the total they were shown without being told why.
 */
function discountRefusal(message: string): string {
  return `${message} Please remove the code to place your order.`;
}

/** What in the cart itself keeps it from being ordered: empty, an item off sale or short, a code refused. */
export function cartProblem(state: CheckoutState): string | null {
  if (state.lines.length === 0) return "Your cart is empty.";
  for (const line of state.lines) {
    if (!line.availableForSale)
      return `${line.title} is no longer available for sale. Please remove it from your cart.`;
    if (!line.bypassNegativeQuantity && line.quantity > line.availableQuantity) {
      return `Only ${line.availableQuantity} of ${line.title} ${line.availableQuantity === 1 ? "is" : "are"} left. Please update your cart.`;
    }
  }
  const discount = state.totals.discount;
  if (discount?.problem) return discountRefusal(discount.problem.message);
  return null;
}

/** The first thing that keeps this checkout from being ordered, as a sentence the shopper can act on. */
export function readinessProblem(state: CheckoutState, rules: CountryRule[]): string | null {
  const inCart = cartProblem(state);
  if (inCart) return inCart;
  if (!state.email) return "Please enter your e-mail address.";
  if (!state.shippingAddress) return "Please enter a shipping address.";
  const address = validateAddress(state.shippingAddress, rules);
  if (!address.ok) return `Please check the shipping address: ${Object.values(address.errors).join("; ")}.`;
  return null;
}

async function findOrderOfCheckout(db: Pick<Database, "select">, checkoutId: string) {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      totalCents: orders.totalCents,
      customerId: orders.customerId,
    })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId));
  return order ?? null;
}

/** A retry after success: the order of this checkout, when the visitor is the one who placed it. */
export async function findPlacedOrder(db: Database, visitor: Visitor, checkoutId: string): Promise<PlacedOrder | null> {
  if (!isCheckoutId(checkoutId)) return null;
  const order = await findOrderOfCheckout(db, checkoutId);
  if (!order) return null;
  const mine =
    (visitor.customerId !== null && order.customerId === visitor.customerId) ||
    visitor.sessionData.checkoutId === checkoutId ||
    sessionOrderIds(visitor.sessionData).includes(order.id);
  return mine
    ? { orderId: order.id, orderNumber: order.orderNumber, totalCents: order.totalCents, alreadyPlaced: true }
    : null;
}

async function findOrCreateGuestCustomer(tx: Tx, email: string, address: AddressSnapshot): Promise<number> {
  const [existing] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(isNull(customers.userId), sql`lower(${customers.email}) = lower(${email})`))
    .limit(1);
  if (existing) return existing.id;
  const [created] = await tx
    .insert(customers)
    .values({
      email,
      firstName: address.firstName ?? null,
      lastName: address.lastName ?? null,
      phone: address.phone ?? null,
    })
    .returning({ id: customers.id });
  return created.id;
}

interface PaymentSource {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string | null;
  /** A saved card: its payment_methods row. */
  paymentMethodId: number | null;
  saveCard: boolean;
  /** The processor's customer the card is (or will be) kept on. */
  customerReference: string | null;
}

async function paymentSource(
  db: Database,
  visitor: Visitor,
  payment: PaymentInput,
  gateway: PaymentGateway,
): Promise<PaymentSource> {
  if (payment.kind === "saved") {
    if (visitor.customerId === null) throw new InvalidInput("Please sign in to pay with a saved card.");
    const [method] = await db
      .select({
        id: paymentMethods.id,
        token: paymentMethods.gatewayToken,
        brand: paymentMethods.brand,
        last4: paymentMethods.last4,
        expMonth: paymentMethods.expMonth,
        expYear: paymentMethods.expYear,
        name: paymentMethods.name,
        gateway: paymentMethods.gateway,
      })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.id, payment.paymentMethodId),
          eq(paymentMethods.customerId, visitor.customerId),
          isNull(paymentMethods.deletedAt),
        ),
      );
    if (!method?.token || method.gateway !== gateway.name) {
      throw new NotFound("This saved card is no longer available. Please choose another or enter a card.");
    }
    return {
      customerReference: await processorCustomerFor(db, gateway, visitor.customerId, false),
      token: method.token,
      brand: method.brand,
      last4: method.last4 ?? "",
      expMonth: method.expMonth ?? 0,
      expYear: method.expYear ?? 0,
      name: method.name,
      paymentMethodId: method.id,
      saveCard: false,
    };
  }
  if (payment.kind === "authorized") throw new Error("an authorisation has no payment source of its own");
  const saveCard = Boolean(payment.saveCard) && visitor.customerId !== null;
  try {
    const card =
      payment.kind === "token" ? await gateway.describe(payment.token) : await gateway.tokenize(payment.card);
    return {
      customerReference:
        saveCard && visitor.customerId !== null
          ? await processorCustomerFor(db, gateway, visitor.customerId, true)
          : null,
      token: card.token,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      name: payment.kind === "card" ? payment.card.name?.trim() || null : null,
      paymentMethodId: null,
      saveCard,
    };
  } catch (error) {
    if (error instanceof CardRejected)
      throw new PaymentDeclined(error.message, error.field === "card" ? null : error.field);
    throw error;
  }
}

export async function placeOrder(
  db: Database,
  visitor: Visitor,
  checkoutId: string,
  input: PlaceOrderInput,
  context: PlaceOrderContext,
): Promise<PlacedOrder> {
  try {
    const placed = await placeOrderOnce(db, visitor, checkoutId, input, context);
    if (!placed.alreadyPlaced) ordersPlaced.inc();
    return placed;
  } catch (error) {
    if (error instanceof PaymentDeclined) paymentRefusals.inc();
    throw error;
  }
}

async function placeOrderOnce(
  db: Database,
  visitor: Visitor,
  checkoutId: string,
  input: PlaceOrderInput,
  context: PlaceOrderContext,
): Promise<PlacedOrder> {
  const { gateway, currency } = context;
  const now = context.now ?? new Date();
  const before = await findPlacedOrder(db, visitor, checkoutId);
  if (before) return before;
  await requireVisitorCheckout(db, visitor, checkoutId);

  const [state, rules] = await Promise.all([
    loadCheckoutState(db, checkoutId, { currency, now, ipAddress: visitor.ipAddress }),
    loadCountryRules(db),
  ]);
  if (!state) throw new NotFound("Invalid checkout. Please reload the page and try again.");
  if (!state.email && visitor.customerId !== null) {
    // A signed-in customer who gave no contact e-mail is reached at their account's.
    state.email = await customerEmail(db, visitor.customerId);
    if (state.email) await db.update(checkouts).set({ email: state.email }).where(eq(checkouts.id, checkoutId));
  }
  const problem = readinessProblem(state, rules);
  if (problem) throw new Unprocessable(problem);
  const amountCents = state.totals.totalCents;
  if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== amountCents) {
    throw new Unprocessable(
      `Your order total changed to ${formatMoney(amountCents / 100, currency)}. Please review your order and place it again.`,
    );
  }
  if (amountCents <= 0) throw new Unprocessable("There is nothing to pay for. Please add an item to your cart.");
  const email = state.email as string;

  const { source, authorized, authorizationId } =
    input.payment.kind === "authorized"
      ? await resumeAuthorization(db, visitor, checkoutId, input.payment, amountCents, context)
      : await authorize(db, visitor, checkoutId, input.payment, amountCents, email, context);
  if (authorized.status === "FAILURE") throw new PaymentDeclined(authorized.message ?? "Your card was declined.");
  if (authorized.status === "REQUIRES_ACTION") {
    throw new PaymentActionRequired(authorized.clientSecret, authorized.reference);
  }

  // The payment is captured inside the order's transaction. Should the transaction fail after that (the
  // database gone before COMMIT, or gone while answering it), whether the order exists is only known
  // once the database is back: settleCapture then keeps the payment with its order or gives it back.
  let captured: { amountCents: number } | null = null;
  const watchedGateway: PaymentGateway = {
    ...gateway,
    capture: async (input) => {
      const result = await gateway.capture(input);
      if (result.status === "SUCCESS") captured = { amountCents: input.amountCents };
      return result;
    },
  };
  try {
    const placed = await db.transaction((tx) =>
      writeOrder(tx, {
        visitor,
        checkoutId,
        state,
        email,
        amountCents,
        source,
        authorizationId,
        authorizationReference: authorized.reference,
        context: { ...context, gateway: watchedGateway },
        now,
      }),
    );
    // A double click may have reached the processor as one payment (the same idempotency key): the
    // order's own authorisation is not voided.
    if (placed.alreadyPlaced && !(await authorizesOrder(db, placed.orderId, authorized.reference))) {
      await voidAuthorization(db, gateway, authorized.reference, amountCents, email, visitor, checkoutId);
    }
    if (!placed.alreadyPlaced && context.changes) {
      const productIds = [...new Set(state.lines.map((line) => line.productId))];
      // The order stands whatever the feed does: a failed announcement is not the shopper's problem.
      await context.changes.publish({ kind: "stock", ids: productIds }).catch(() => undefined);
    }
    return placed;
  } catch (error) {
    const inDoubt = captured as { amountCents: number } | null;
    if (inDoubt) {
      trackSettlement(
        settleCapture(db, gateway, {
          checkoutId,
          authorization: {
            reference: authorized.reference,
            amountCents: inDoubt.amountCents,
            currency,
            email,
            customerId: visitor.customerId,
          },
          logger: context.logger ?? quietLogger,
        }),
      );
    } else {
      await voidAuthorization(db, gateway, authorized.reference, amountCents, email, visitor, checkoutId);
    }
    throw error;
  }
}

/** Settlements still waiting for the database (shutdown waits for them). */
const settlements = new Set<Promise<void>>();
function trackSettlement(work: Promise<void>): void {
  settlements.add(work);
  void work.finally(() => settlements.delete(work));
}
/** Resolves once every capture in doubt is settled (or the time is up). */
export async function pendingSettlements(timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled([...settlements]),
    new Promise((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}

/** Where place order logs when its caller gives no logger. */
const quietLogger: SettleOptions["logger"] = {
  info: () => {},
  warn: (object: unknown, message?: string) => console.warn(message, object),
  error: (object: unknown, message?: string) => console.error(message, object),
} as SettleOptions["logger"];

/**
 * A payment captured for an order whose transaction failed: once the database answers, the order is
 * looked for. Written (the COMMIT went through before the connection broke): the payment stays. Not
 * written: the payment is refunded, so no shopper pays for an order that does not exist. This is the fast
 * path, in this process; should it die or the database stay away, the payments.settle job
 * (payment-settlement.ts) finds the authorisation without an order and settles it, once.
 */
async function settleCapture(
  db: Database,
  gateway: PaymentGateway,
  input: { checkoutId: string; authorization: OrphanedAuthorization; logger: SettleOptions["logger"] },
  retryMs = 1000,
  giveUpAfterMs = 10 * 60_000,
): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await settleAuthorization(db, gateway, input.authorization, {
        logger: input.logger,
        checkoutId: input.checkoutId,
      });
      return;
    } catch (error) {
      if (Date.now() - started > giveUpAfterMs) {
        input.logger.error(
          { err: error, paymentReference: input.authorization.reference, checkoutId: input.checkoutId },
          "a payment captured for an order that may not exist could not be settled yet; the payments.settle job will",
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }
}

export { paymentIdempotencyKey };

interface Authorized {
  source: PaymentSource;
  authorized: AuthorizationResult;
  authorizationId: number;
}

async function authorize(
  db: Database,
  visitor: Visitor,
  checkoutId: string,
  payment: Exclude<PaymentInput, { kind: "authorized" }>,
  amountCents: number,
  email: string,
  context: PlaceOrderContext,
): Promise<Authorized> {
  const { gateway, currency } = context;
  const source = await paymentSource(db, visitor, payment, gateway);

  // Written before the processor is asked, so an authorisation is never lost even if this process dies.
  const [authorization] = await db
    .insert(transactions)
    .values({
      displayableId: newDisplayableId(),
      customerId: visitor.customerId,
      paymentMethodId: source.paymentMethodId,
      kind: "authorization",
      status: "PENDING",
      gateway: gateway.name,
      amountCents,
      currency,
      email,
    })
    .returning({ id: transactions.id });
  const authorized = await gateway.authorize({
    token: source.token,
    amountCents,
    currency,
    orderReference: checkoutId,
    // A retried request (or a double click) for the same checkout, amount and card is the same payment at
    // the processor. A declined card tried again within a day gets the same answer: another card is a new key.
    idempotencyKey: paymentIdempotencyKey(checkoutId, "authorize", amountCents, source.token),
    customerReference: source.customerReference,
    saveForLater: source.saveCard,
    returnUrl: `${context.publicUrl}/checkout/${checkoutId}`,
  });
  await db
    .update(transactions)
    .set({
      // Waiting for the shopper's bank stays PENDING until the order is placed again.
      status: authorized.status === "REQUIRES_ACTION" ? "PENDING" : authorized.status,
      gatewayReference: authorized.reference,
      errorMessage: authorized.status === "FAILURE" ? (authorized.message ?? null) : null,
    })
    .where(eq(transactions.id, authorization.id));
  return { source, authorized, authorizationId: authorization.id };
}

/** After 3-D Secure: the processor, not the browser, says whether the payment is authorised now. */
async function resumeAuthorization(
  db: Database,
  visitor: Visitor,
  checkoutId: string,
  payment: Extract<PaymentInput, { kind: "authorized" }>,
  amountCents: number,
  context: PlaceOrderContext,
): Promise<Authorized> {
  const { gateway, currency } = context;
  const [row] = await db
    .select({ id: transactions.id, customerId: transactions.customerId })
    .from(transactions)
    .where(
      and(
        eq(transactions.gatewayReference, payment.authorizationReference),
        eq(transactions.kind, "authorization"),
        eq(transactions.gateway, gateway.name),
        eq(transactions.status, "PENDING"),
        isNull(transactions.orderId),
      ),
    );
  if (!row || row.customerId !== visitor.customerId) {
    throw new PaymentDeclined("This payment was not found. Please enter your card again.");
  }
  let authorized: AuthorizationResult;
  try {
    authorized = await gateway.resume({
      authorizationReference: payment.authorizationReference,
      amountCents,
      currency,
      orderReference: checkoutId,
    });
  } catch (error) {
    if (error instanceof CardRejected) throw new PaymentDeclined(error.message);
    throw error;
  }
  if (authorized.status !== "REQUIRES_ACTION") {
    await db
      .update(transactions)
      .set({
        status: authorized.status,
        errorMessage: authorized.status === "FAILURE" ? (authorized.message ?? null) : null,
      })
      .where(eq(transactions.id, row.id));
  }
  const card = authorized.card;
  const saveCard = Boolean(payment.saveCard) && visitor.customerId !== null && card !== undefined;
  const source: PaymentSource = {
    token: card?.token ?? "",
    brand: card?.brand ?? "generic",
    last4: card?.last4 ?? "",
    expMonth: card?.expMonth ?? 0,
    expYear: card?.expYear ?? 0,
    name: null,
    paymentMethodId: null,
    saveCard,
    customerReference: null,
  };
  return { source, authorized, authorizationId: row.id };
}

async function authorizesOrder(db: Database, orderId: number, reference: string): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.orderId, orderId),
        eq(transactions.kind, "authorization"),
        eq(transactions.gatewayReference, reference),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function voidAuthorization(
  db: Database,
  gateway: PaymentGateway,
  authorizationReference: string,
  amountCents: number,
  email: string,
  visitor: Visitor,
  checkoutId: string,
): Promise<void> {
  try {
    const result = await gateway.void({
      authorizationReference,
      idempotencyKey: paymentIdempotencyKey(checkoutId, "cancel", authorizationReference),
    });
    // A cancelled hold is the payment's settlement (one per payment, payment-settlement.ts): the
    // payments.settle job leaves it alone. A refused cancellation (a capture whose answer was lost, say)
    // is only a trace: the job asks the processor what became of the payment a few minutes later.
    await db
      .insert(transactions)
      .values({
        displayableId: newDisplayableId(),
        customerId: visitor.customerId,
        kind: "void",
        status: result.status,
        gateway: gateway.name,
        gatewayReference: result.reference,
        amountCents,
        email,
        errorMessage: result.message ?? null,
        idempotencyKey: result.status === "SUCCESS" ? settlementKey(gateway.name, authorizationReference) : null,
      })
      .onConflictDoNothing();
  } catch {
    // No answer (or no database): the payments.settle job finds the authorisation without an order later.
  }
}

interface WriteOrderInput {
  visitor: Visitor;
  checkoutId: string;
  state: CheckoutState;
  email: string;
  amountCents: number;
  source: PaymentSource;
  authorizationId: number;
  authorizationReference: string;
  context: PlaceOrderContext;
  now: Date;
}

/**
 * The order's one transaction: lock the checkout, re-price it, take the stock, write the order, capture
 * the payment, close the cart and queue the confirmation. Any refusal rolls all of it back.
 */
async function writeOrder(tx: Tx, input: WriteOrderInput): Promise<PlacedOrder> {
  const locked = await lockOpenCheckout(tx, input.checkoutId);
  if ("alreadyPlaced" in locked) return locked;
  const { lines, state } = await repriceUnderLock(tx, locked, input);
  await takeStock(tx, lines, input.now);
  const order = await insertOrder(tx, locked, lines, state, input);
  await capturePayment(tx, order, input);
  await closeCheckout(tx, input);
  await queueConfirmation(tx, order, lines, state, input);
  return { orderId: order.orderId, orderNumber: order.orderNumber, totalCents: order.totalCents, alreadyPlaced: false };
}

/** The checkout row, locked; or the order a concurrent request (a double click) placed while this one waited. */
async function lockOpenCheckout(tx: Tx, checkoutId: string): Promise<CheckoutRecord | PlacedOrder> {
  const [record] = await tx
    .select(checkoutRecordColumns)
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId))
    .for("update");
  if (!record) throw new NotFound("Invalid checkout. Please reload the page and try again.");
  if (record.status !== "open") {
    // The same checkout was placed by a concurrent request (a double click) while this one waited.
    const order = await findOrderOfCheckout(tx, checkoutId);
    if (order)
      return { orderId: order.id, orderNumber: order.orderNumber, totalCents: order.totalCents, alreadyPlaced: true };
    throw new Unprocessable("This cart can no longer be ordered. Please reload the page.");
  }
  return record;
}

/** Re-prices under the lock, exactly as the order will be written; refuses a total the shopper did not see. */
async function repriceUnderLock(tx: Tx, record: CheckoutRecord, input: WriteOrderInput) {
  const { visitor, checkoutId, context, now } = input;
  const lines = await loadCheckoutLines(tx, checkoutId);
  const state = await priceCheckout(
    tx,
    record,
    { currency: context.currency, now, ipAddress: visitor.ipAddress ?? record.ipAddress },
    lines,
  );
  const discountProblem = state.totals.discount?.problem;
  if (discountProblem) throw new Unprocessable(discountRefusal(discountProblem.message));
  if (state.totals.totalCents !== input.amountCents) {
    throw new Unprocessable(
      `Your order total changed to ${formatMoney(state.totals.totalCents / 100, context.currency)} while you were checking out. Please review your order and place it again.`,
    );
  }
  if (lines.length === 0) throw new Unprocessable("Your cart is empty.");
  return { lines, state };
}

/**
 * Takes the stock. Levels are locked in id order (no deadlock between two orders sharing items); the
 * decrement only happens while enough is on hand, unless the level sells regardless of stock.
 */
async function takeStock(tx: Tx, lines: CheckoutLineState[], now: Date): Promise<void> {
  const levelIds = [...new Set(lines.map((line) => line.inventoryLevelId))].sort((a, b) => a - b);
  await tx
    .select({ id: inventoryLevels.id })
    .from(inventoryLevels)
    .where(inArray(inventoryLevels.id, levelIds))
    .orderBy(asc(inventoryLevels.id))
    .for("update");
  for (const line of lines) {
    if (!line.availableForSale)
      throw new Unprocessable(`${line.title} is no longer available for sale. Please remove it from your cart.`);
    const taken = await tx
      .update(inventoryLevels)
      .set({ available: sql`${inventoryLevels.available} - ${line.quantity}`, updatedAt: now })
      .where(
        and(
          eq(inventoryLevels.id, line.inventoryLevelId),
          line.bypassNegativeQuantity ? undefined : sql`${inventoryLevels.available} >= ${line.quantity}`,
        ),
      )
      .returning({ available: inventoryLevels.available });
    if (taken.length === 0) {
      const [left] = await tx
        .select({ available: inventoryLevels.available })
        .from(inventoryLevels)
        .where(eq(inventoryLevels.id, line.inventoryLevelId));
      const count = Math.max(0, left?.available ?? 0);
      throw new Unprocessable(
        count === 0
          ? `Sorry, ${line.title} just sold out. Please remove it from your cart.`
          : `Sorry, only ${count} of ${line.title} ${count === 1 ? "is" : "are"} left. Please update your cart.`,
      );
    }
  }
}

interface WrittenOrder {
  orderId: number;
  orderNumber: string;
  customerId: number;
  totalCents: number;
  address: AddressSnapshot;
  appliedCode: { code: string } | null;
}

/** The order row and its lines, the discount code's use and the products' sales counts. */
async function insertOrder(
  tx: Tx,
  record: CheckoutRecord,
  lines: CheckoutLineState[],
  state: CheckoutState,
  input: WriteOrderInput,
): Promise<WrittenOrder> {
  const { visitor, checkoutId, context, now } = input;
  const address = state.shippingAddress as AddressSnapshot;
  // A page request may not know the client's address; the checkout recorded it from the cart's API calls.
  const ipAddress = visitor.ipAddress ?? record.ipAddress;
  const customerId = visitor.customerId ?? (await findOrCreateGuestCustomer(tx, input.email, address));
  // The id first, so the order number can be written with the row.
  const sequence = await tx.execute(sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`);
  const orderId = Number((sequence as unknown as { rows: Array<{ id: number }> }).rows[0].id);
  const orderNumber = orderNumberFor(orderId);
  const { totals } = state;
  const appliedCode = totals.discount && totals.discount.problem === null ? totals.discount.code : null;
  await tx.insert(orders).values({
    id: orderId,
    orderNumber,
    customerId,
    checkoutId,
    email: input.email,
    status: "placed",
    financialStatus: "authorized",
    subtotalCents: totals.lineItemsSubtotalCents,
    discountCents: totals.discountCents,
    shippingCents: totals.shippingCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    currency: context.currency,
    shippingAddress: address,
    billingAddress: state.billingAddress ?? address,
    discountCode: appliedCode?.code ?? null,
    ipAddress,
    placedAt: now,
  });
  await tx.insert(orderLineItems).values(
    lines.map((line) => ({
      orderId,
      productId: line.productId,
      variantId: line.variantId,
      inventoryLevelId: line.inventoryLevelId,
      title: line.title,
      variantTitle: line.variantTitle,
      sku: line.sku,
      imageUrl: line.imageUrl,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.unitPriceCents * line.quantity,
    })),
  );
  if (appliedCode) {
    const refused = await redeemDiscountCode(tx, {
      code: appliedCode,
      orderId,
      customerId,
      email: input.email,
      ipAddress,
    });
    if (refused) throw new Unprocessable(discountRefusal(refused.message));
  }
  for (const line of lines) {
    await tx
      .update(products)
      .set({ salesCount: sql`${products.salesCount} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
  return { orderId, orderNumber, customerId, totalCents: totals.totalCents, address, appliedCode };
}

/**
 * Captures the authorised amount, keeps the card's brand and last 4 digits (its token only when the
 * shopper saves it), ties the authorisation to the order and records the capture; the order is paid.
 */
async function capturePayment(tx: Tx, order: WrittenOrder, input: WriteOrderInput): Promise<void> {
  const { context, now, source } = input;
  const { orderId, customerId, totalCents: amountCents } = order;
  const captured = await context.gateway.capture({
    authorizationReference: input.authorizationReference,
    amountCents,
    idempotencyKey: paymentIdempotencyKey(input.checkoutId, "capture", input.authorizationReference),
  });
  if (captured.status === "FAILURE")
    throw new PaymentDeclined(captured.message ?? "Your payment could not be completed.");

  let paymentMethodId = source.paymentMethodId;
  if (paymentMethodId === null) {
    // The card's brand and last 4 digits are kept for the order and the wallet; the token only if saved.
    const [method] = await tx
      .insert(paymentMethods)
      .values({
        customerId,
        gateway: context.gateway.name,
        gatewayToken: source.saveCard ? source.token : null,
        brand: source.brand,
        last4: source.last4,
        expMonth: source.expMonth,
        expYear: source.expYear,
        name: source.name,
        deletedAt: source.saveCard ? null : now,
      })
      .returning({ id: paymentMethods.id });
    paymentMethodId = method.id;
  }
  await tx
    .update(transactions)
    .set({ orderId, customerId, paymentMethodId })
    .where(eq(transactions.id, input.authorizationId));
  await tx.insert(transactions).values({
    displayableId: newDisplayableId(),
    orderId,
    customerId,
    paymentMethodId,
    kind: "capture",
    status: "SUCCESS",
    gateway: context.gateway.name,
    gatewayReference: captured.reference,
    amountCents,
    currency: context.currency,
    email: input.email,
  });
  await tx
    .update(orders)
    .set({ status: "paid", financialStatus: "paid", updatedAt: now })
    .where(eq(orders.id, orderId));
}

/** The cart is done: it can no longer be changed or ordered again. */
async function closeCheckout(tx: Tx, input: WriteOrderInput): Promise<void> {
  await tx
    .update(checkouts)
    .set({ status: "completed", completedAt: input.now, updatedAt: input.now })
    .where(eq(checkouts.id, input.checkoutId));
}

/** Queues the confirmation e-mail with the order's link (a guest's carries a token that opens it). */
async function queueConfirmation(
  tx: Tx,
  order: WrittenOrder,
  lines: CheckoutLineState[],
  state: CheckoutState,
  input: WriteOrderInput,
): Promise<void> {
  const { visitor, context, now, source } = input;
  const { orderId, orderNumber, address, appliedCode } = order;
  const { totals } = state;
  const guest = visitor.customerId === null;
  const token = guest ? await createGuestOrderToken(tx, orderNumber, now) : null;
  const orderUrl = `${context.publicUrl}/account/orders/${orderId}${token ? `?token=${token}` : ""}`;
  await queueEmail(
    tx,
    buildOrderConfirmation({
      storeName: context.storeName,
      to: input.email,
      orderNumber,
      orderUrl,
      guest,
      currency: context.currency,
      lines: lines.map((line) => ({
        title: line.title,
        variantTitle: line.variantTitle,
        sku: line.sku,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
      })),
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      discountCode: appliedCode?.code ?? null,
      shippingCents: totals.shippingCents,
      shippingTitle: totals.shipping?.title ?? "Standard Shipping",
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      shippingAddress: address,
      paymentSummary: `${brandLabel(source.brand)} ending in ${source.last4}`,
    }),
  );
}
