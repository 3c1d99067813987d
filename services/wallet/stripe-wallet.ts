// Saved cards kept at Stripe: a Stripe Customer per customer of ours (created with the first card), cards
// added through a SetupIntent that the browser confirms in Stripe's own form, and removed by detaching
// them. Our database keeps only Stripe's ids, the brand, the last 4 digits and the expiry.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { paymentMethods } from "../../db/schema/commerce.ts";
import { customers, mailingAddresses } from "../../db/schema/customers.ts";
import { InvalidInput, NotFound } from "../errors.ts";
import type { PaymentGateway, TokenizedCard } from "../payments/payment-gateway.ts";
import { isStripeGateway, type StripeGateway } from "../payments/stripe-gateway.ts";
import { listPaymentMethods, MAX_PAYMENT_METHODS, type PaymentMethodView } from "./wallet-service.ts";

type Queries = Pick<Database, "select" | "update" | "insert">;

/**
 * The processor's customer for one of ours: null on the test gateway (its tokens stand alone), or when
 * there is none yet and `create` is false. Created at most once: the creation's idempotency key is our
 * customer id, and the row is only filled while empty.
 */
export async function processorCustomerFor(
  db: Queries,
  gateway: PaymentGateway,
  customerId: number,
  create: boolean,
): Promise<string | null> {
  if (!isStripeGateway(gateway)) return null;
  const [row] = await db
    .select({
      stripeCustomerId: customers.stripeCustomerId,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row) throw new NotFound("This customer was not found.");
  if (row.stripeCustomerId || !create) return row.stripeCustomerId;
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ");
  const created = await gateway.createCustomer({ customerId, email: row.email, name });
  await db
    .update(customers)
    .set({ stripeCustomerId: created })
    .where(and(eq(customers.id, customerId), isNull(customers.stripeCustomerId)));
  return created;
}

function requireStripe(gateway: PaymentGateway): StripeGateway {
  if (!isStripeGateway(gateway)) throw new InvalidInput("Cards are added with the card form on this store.");
  return gateway;
}

async function activeCount(db: Queries, customerId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, customerId), isNull(paymentMethods.deletedAt)));
  return n;
}

/** "Add a card": a SetupIntent on the customer's Stripe Customer; the browser confirms it in Stripe's form. */
export async function startAddCard(
  db: Database,
  gateway: PaymentGateway,
  customerId: number,
  requestKey: string,
): Promise<{ clientSecret: string; setupIntentId: string }> {
  const stripe = requireStripe(gateway);
  if ((await activeCount(db, customerId)) >= MAX_PAYMENT_METHODS) {
    throw new InvalidInput(`Your wallet is full (${MAX_PAYMENT_METHODS} payment methods). Delete one first.`);
  }
  const customerReference = (await processorCustomerFor(db, stripe, customerId, true)) as string;
  const intent = await stripe.createSetupIntent({
    customerReference,
    idempotencyKey: `customer-${customerId}:setup:${requestKey}`,
  });
  return { clientSecret: intent.clientSecret, setupIntentId: intent.id };
}

/**
 * Keeps a card Stripe has confirmed for this customer (from the page after Stripe's form, or from the
 * setup_intent.succeeded webhook, whichever comes first; the second finds the row). Only a SetupIntent
 * that Stripe reports succeeded, on this customer's Stripe Customer, is accepted.
 */
export async function recordSetupIntent(
  db: Database,
  gateway: PaymentGateway,
  input: { setupIntentId: string; customerId?: number; mailingAddressId?: number },
): Promise<{ paymentMethodId: number; customerId: number } | null> {
  const stripe = requireStripe(gateway);
  const intent = await stripe.retrieveSetupIntent(input.setupIntentId);
  if (intent.status !== "succeeded" || !intent.card || !intent.customerReference) {
    if (input.customerId === undefined) return null;
    throw new InvalidInput("Your card was not confirmed. Please enter it again.");
  }
  const [owner] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.stripeCustomerId, intent.customerReference));
  if (!owner || (input.customerId !== undefined && owner.id !== input.customerId)) {
    if (input.customerId === undefined) return null;
    throw new NotFound("This card was not found. Please enter it again.");
  }
  let billingAddressId: number | null = null;
  if (input.mailingAddressId !== undefined) {
    const [address] = await db
      .select({ id: mailingAddresses.id })
      .from(mailingAddresses)
      .where(and(eq(mailingAddresses.id, input.mailingAddressId), eq(mailingAddresses.customerId, owner.id)));
    if (!address) throw new NotFound("This address was not found in your address book.");
    billingAddressId = address.id;
  }
  const id = await saveCardRow(db, owner.id, intent.card, billingAddressId);
  return { paymentMethodId: id, customerId: owner.id };
}

async function saveCardRow(
  db: Database,
  customerId: number,
  card: TokenizedCard,
  billingAddressId: number | null,
): Promise<number> {
  const [inserted] = await db
    .insert(paymentMethods)
    .values({
      customerId,
      gateway: "stripe",
      gatewayToken: card.token,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      billingAddressId,
    })
    .onConflictDoNothing()
    .returning({ id: paymentMethods.id });
  if (inserted) return inserted.id;
  const [existing] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.gateway, "stripe"),
        eq(paymentMethods.gatewayToken, card.token),
        eq(paymentMethods.customerId, customerId),
        isNull(paymentMethods.deletedAt),
      ),
    );
  if (!existing) throw new NotFound("This card was not found. Please enter it again.");
  if (billingAddressId !== null) {
    await db.update(paymentMethods).set({ billingAddressId }).where(eq(paymentMethods.id, existing.id));
  }
  return existing.id;
}

export async function finishAddCard(
  db: Database,
  gateway: PaymentGateway,
  customerId: number,
  input: { setupIntentId: string; mailingAddressId?: number },
): Promise<PaymentMethodView> {
  const recorded = await recordSetupIntent(db, gateway, { ...input, customerId });
  const added = (await listPaymentMethods(db, customerId)).find((method) => method.id === recorded?.paymentMethodId);
  if (!added) throw new NotFound("This card was not found. Please enter it again.");
  return added;
}
