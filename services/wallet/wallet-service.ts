// The wallet: saved payment methods and the transaction history of the
// signed-in customer. Only the gateway's token, the brand, the last 4 digits and the expiry are stored;
// the card number and CVC pass through `addCard` to the gateway and are never written or logged.
import { and, asc, desc, eq, ilike, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { paymentMethods, transactions } from "../../db/schema/commerce.ts";
import { mailingAddresses } from "../../db/schema/customers.ts";
import { centsToAmount } from "../../shared/money.ts";
import { Forbidden, InvalidInput, NotFound } from "../errors.ts";
import { type CardInput, CardRejected, type PaymentGateway } from "../payments/payment-gateway.ts";
import { isStripeGateway } from "../payments/stripe-gateway.ts";

export const PAYMENT_METHOD_NOT_FOUND = "This payment method was not found in your wallet.";
export const GIFT_CARD_NOT_DELETABLE = "Gift cards cannot be deleted from the wallet.";
export const MAX_PAYMENT_METHODS = 20;

export interface BillingAddressView {
  line1: string;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string;
}

export interface PaymentMethodView {
  id: number;
  brand: string;
  expMonth: number | null;
  expYear: number | null;
  last4: string | null;
  name: string | null;
  mailingAddressId: number | null;
  billingAddress: BillingAddressView | null;
  isAbtraGiftCard: boolean;
  abtraGiftCardCredit: number | null;
  abtraGiftCardCurrency: string | null;
}

export interface TransactionView {
  id: number;
  displayableId: string;
  status: string;
  gateway: string | null;
  amount: number;
  currency: string;
  email: string | null;
  createdAt: string;
}

export async function listPaymentMethods(db: Database, customerId: number): Promise<PaymentMethodView[]> {
  const rows = await db
    .select({
      method: paymentMethods,
      address: mailingAddresses,
    })
    .from(paymentMethods)
    .leftJoin(
      mailingAddresses,
      and(eq(mailingAddresses.id, paymentMethods.billingAddressId), eq(mailingAddresses.customerId, customerId)),
    )
    .where(and(eq(paymentMethods.customerId, customerId), isNull(paymentMethods.deletedAt)))
    .orderBy(asc(paymentMethods.id));
  return rows.map(({ method, address }) => ({
    id: method.id,
    brand: method.brand,
    expMonth: method.expMonth,
    expYear: method.expYear,
    last4: method.last4,
    name: method.name,
    mailingAddressId: address?.id ?? null,
    billingAddress: address
      ? {
          line1: address.address1,
          line2: address.address2,
          city: address.city,
          state: address.stateCode,
          postalCode: address.zip,
          country: address.countryCode,
        }
      : null,
    isAbtraGiftCard: method.isGiftCard,
    abtraGiftCardCredit: method.giftCardCreditCents === null ? null : centsToAmount(method.giftCardCreditCents),
    abtraGiftCardCurrency: method.giftCardCurrency,
  }));
}

async function findActive(db: Database, customerId: number, paymentMethodId: number) {
  const [row] = await db
    .select({
      id: paymentMethods.id,
      isGiftCard: paymentMethods.isGiftCard,
      gateway: paymentMethods.gateway,
      gatewayToken: paymentMethods.gatewayToken,
    })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, paymentMethodId),
        eq(paymentMethods.customerId, customerId),
        isNull(paymentMethods.deletedAt),
      ),
    );
  if (!row) throw new NotFound(PAYMENT_METHOD_NOT_FOUND);
  return row;
}

/**
 * Soft delete: past transactions keep their link. Gift cards stay, whatever the client sends. A card kept
 * at Stripe is detached from the Stripe customer first, so it cannot be charged again.
 */
export async function deletePaymentMethod(
  db: Database,
  customerId: number,
  paymentMethodId: number,
  gateway?: PaymentGateway,
): Promise<void> {
  const method = await findActive(db, customerId, paymentMethodId);
  if (method.isGiftCard) throw new Forbidden(GIFT_CARD_NOT_DELETABLE);
  if (method.gateway === "stripe" && method.gatewayToken) {
    if (!gateway || !isStripeGateway(gateway)) {
      throw new InvalidInput("Cards kept at Stripe can be deleted only while the store takes payments through Stripe.");
    }
    await gateway.detachPaymentMethod({
      token: method.gatewayToken,
      idempotencyKey: `customer-${customerId}:detach:${method.gatewayToken}`,
    });
  }
  await db
    .update(paymentMethods)
    .set({ deletedAt: new Date(), gatewayToken: null })
    .where(and(eq(paymentMethods.id, method.id), eq(paymentMethods.customerId, customerId)));
}

/**
 * Sets the billing address of a payment method to one of the customer's own addresses. The client's
 * isAbtraGiftCard is accepted for compatibility and ignored: what a method is, the store decides.
 */
export async function updatePaymentMethodAddress(
  db: Database,
  customerId: number,
  paymentMethodId: number,
  mailingAddressId: number,
): Promise<void> {
  const method = await findActive(db, customerId, paymentMethodId);
  const [address] = await db
    .select({ id: mailingAddresses.id })
    .from(mailingAddresses)
    .where(and(eq(mailingAddresses.id, mailingAddressId), eq(mailingAddresses.customerId, customerId)));
  if (!address) throw new NotFound("This address was not found in your address book.");
  await db
    .update(paymentMethods)
    .set({ billingAddressId: address.id })
    .where(and(eq(paymentMethods.id, method.id), eq(paymentMethods.customerId, customerId)));
}

export interface AddCardInput extends CardInput {
  mailingAddressId?: number;
}

/** Tokenises the card with the gateway and keeps what the wallet shows. */
export async function addCard(
  db: Database,
  gateway: PaymentGateway,
  customerId: number,
  input: AddCardInput,
): Promise<PaymentMethodView> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, customerId), isNull(paymentMethods.deletedAt)));
  if (n >= MAX_PAYMENT_METHODS) {
    throw new InvalidInput(`Your wallet is full (${MAX_PAYMENT_METHODS} payment methods). Delete one first.`);
  }
  let billingAddressId: number | null = null;
  if (input.mailingAddressId !== undefined) {
    const [address] = await db
      .select({ id: mailingAddresses.id })
      .from(mailingAddresses)
      .where(and(eq(mailingAddresses.id, input.mailingAddressId), eq(mailingAddresses.customerId, customerId)));
    if (!address) throw new NotFound("This address was not found in your address book.");
    billingAddressId = address.id;
  }
  let card: Awaited<ReturnType<PaymentGateway["tokenize"]>>;
  try {
    card = await gateway.tokenize({
      number: input.number,
      expMonth: input.expMonth,
      expYear: input.expYear,
      cvc: input.cvc,
      name: input.name,
    });
  } catch (error) {
    // The gateway's reason is written for the shopper ("Your card was declined."); it never echoes the number.
    if (error instanceof CardRejected) throw new InvalidInput(error.message);
    throw error;
  }
  const [row] = await db
    .insert(paymentMethods)
    .values({
      customerId,
      gateway: gateway.name,
      gatewayToken: card.token,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      name: input.name?.trim() || null,
      billingAddressId,
    })
    .returning({ id: paymentMethods.id });
  const methods = await listPaymentMethods(db, customerId);
  const added = methods.find((method) => method.id === row.id);
  if (!added) throw new NotFound(PAYMENT_METHOD_NOT_FOUND);
  return added;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The customer's transactions, newest first; `displayableId` filters by a part of the id. */
export async function listTransactions(
  db: Database,
  customerId: number,
  displayableId?: string,
): Promise<TransactionView[]> {
  const filter = displayableId?.trim();
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.customerId, customerId),
        filter ? ilike(transactions.displayableId, likePattern(filter)) : undefined,
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    displayableId: row.displayableId,
    status: row.status,
    gateway: row.gateway,
    amount: centsToAmount(row.amountCents),
    currency: row.currency,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
  }));
}
