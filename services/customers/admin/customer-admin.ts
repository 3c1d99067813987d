// Customers in the back office: search by name or e-mail, a customer's page (orders, addresses,
// newsletter, saved cards as brand and last 4 only), disable or enable the account (a disabled
// customer cannot sign in and loses every session at once), and a password-reset e-mail sent through
// the account service, the same one a shopper's "Forgot password" uses.
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { orders, paymentMethods } from "../../../db/schema/commerce.ts";
import { customers, mailingAddresses, users } from "../../../db/schema/customers.ts";
import { newsletterSubscriptions, sessions } from "../../../db/schema/system.ts";
import type { CustomerListQuery } from "../../../shared/admin/customers.ts";
import { centsToAmount } from "../../../shared/money.ts";
import { type AccountContext, requestPasswordReset } from "../../account/account-service.ts";
import { type AuditActor, recordAudit } from "../../audit/audit-log.ts";
import { InvalidInput, NotFound } from "../../errors.ts";

export const CUSTOMER_NOT_FOUND = "This customer does not exist. Reload the list.";
export const GUEST_HAS_NO_ACCOUNT =
  "This customer checked out as a guest and has no account: there is nothing to sign in to.";

export interface CustomerSummary {
  id: number;
  email: string;
  name: string;
  hasAccount: boolean;
  disabled: boolean;
  orderCount: number;
  totalSpent: number;
  lastOrderAt: string | null;
  createdAt: string;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ");

const orderStats = {
  orderCount: sql<number>`(select count(*)::int from orders o where o.customer_id = ${customers.id})`,
  spentCents: sql<number>`(select coalesce(sum(o.total_cents), 0)::bigint from orders o
    where o.customer_id = ${customers.id} and o.status <> 'cancelled')`,
  lastOrderAt: sql<string | null>`(select max(o.placed_at) from orders o where o.customer_id = ${customers.id})`,
};

export async function listCustomers(
  db: Database,
  query: CustomerListQuery,
): Promise<{ customers: CustomerSummary[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const words = query.q.split(/\s+/).filter(Boolean).slice(0, 5);
    for (const word of words) {
      const pattern = likePattern(word);
      conditions.push(
        or(ilike(customers.email, pattern), ilike(customers.firstName, pattern), ilike(customers.lastName, pattern)),
      );
    }
  }
  if (query.kind === "registered") conditions.push(isNotNull(customers.userId));
  if (query.kind === "guest") conditions.push(isNull(customers.userId));
  if (query.kind === "disabled") conditions.push(isNotNull(users.disabledAt));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: customers.id,
        email: customers.email,
        firstName: customers.firstName,
        lastName: customers.lastName,
        userId: customers.userId,
        disabledAt: users.disabledAt,
        createdAt: customers.createdAt,
        ...orderStats,
      })
      .from(customers)
      .leftJoin(users, eq(users.id, customers.userId))
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(customers)
      .leftJoin(users, eq(users.id, customers.userId))
      .where(where),
  ]);
  return {
    customers: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: nameOf(row.firstName, row.lastName),
      hasAccount: row.userId !== null,
      disabled: row.disabledAt !== null,
      orderCount: Number(row.orderCount),
      totalSpent: centsToAmount(Number(row.spentCents)),
      lastOrderAt: row.lastOrderAt ? new Date(row.lastOrderAt).toISOString() : null,
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.count ?? 0,
  };
}

export interface CustomerDetail extends CustomerSummary {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  acceptsMarketing: boolean;
  account: { emailVerified: boolean; disabledAt: string | null; createdAt: string } | null;
  newsletter: { status: string; since: string } | null;
  orders: {
    id: number;
    orderNumber: string;
    placedAt: string;
    status: string;
    financialStatus: string;
    total: number;
  }[];
  addresses: {
    id: number;
    name: string;
    company: string | null;
    address1: string;
    address2: string | null;
    city: string | null;
    stateCode: string | null;
    zip: string | null;
    countryCode: string;
    phone: string | null;
    isDefault: boolean;
  }[];
  /** Brand and last 4 digits only: nothing else about a card is shown to staff. */
  savedCards: { id: number; brand: string; last4: string | null; expMonth: number | null; expYear: number | null }[];
}

export async function getCustomer(db: Database, id: number): Promise<CustomerDetail> {
  const [row] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.phone,
      acceptsMarketing: customers.acceptsMarketing,
      userId: customers.userId,
      createdAt: customers.createdAt,
      accountEmailVerifiedAt: users.emailVerifiedAt,
      accountDisabledAt: users.disabledAt,
      accountCreatedAt: users.createdAt,
      ...orderStats,
    })
    .from(customers)
    .leftJoin(users, eq(users.id, customers.userId))
    .where(eq(customers.id, id));
  if (!row) throw new NotFound(CUSTOMER_NOT_FOUND);
  const [orderRows, addressRows, cardRows, [newsletter]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        placedAt: orders.placedAt,
        status: orders.status,
        financialStatus: orders.financialStatus,
        totalCents: orders.totalCents,
      })
      .from(orders)
      .where(eq(orders.customerId, id))
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(100),
    db
      .select()
      .from(mailingAddresses)
      .where(eq(mailingAddresses.customerId, id))
      .orderBy(desc(mailingAddresses.isDefault), asc(mailingAddresses.id)),
    db
      .select({
        id: paymentMethods.id,
        brand: paymentMethods.brand,
        last4: paymentMethods.last4,
        expMonth: paymentMethods.expMonth,
        expYear: paymentMethods.expYear,
      })
      .from(paymentMethods)
      .where(
        and(eq(paymentMethods.customerId, id), isNull(paymentMethods.deletedAt), eq(paymentMethods.isGiftCard, false)),
      )
      .orderBy(asc(paymentMethods.id)),
    db
      .select({
        status: newsletterSubscriptions.status,
        createdAt: newsletterSubscriptions.createdAt,
        confirmedAt: newsletterSubscriptions.confirmedAt,
        unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
      })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, row.email.toLowerCase())),
  ]);
  return {
    id: row.id,
    email: row.email,
    name: nameOf(row.firstName, row.lastName),
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    acceptsMarketing: row.acceptsMarketing,
    hasAccount: row.userId !== null,
    disabled: row.accountDisabledAt !== null,
    orderCount: Number(row.orderCount),
    totalSpent: centsToAmount(Number(row.spentCents)),
    lastOrderAt: row.lastOrderAt ? new Date(row.lastOrderAt).toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    account:
      row.userId === null
        ? null
        : {
            emailVerified: row.accountEmailVerifiedAt !== null,
            disabledAt: row.accountDisabledAt?.toISOString() ?? null,
            createdAt: row.accountCreatedAt?.toISOString() ?? row.createdAt.toISOString(),
          },
    newsletter: newsletter
      ? {
          status: newsletter.status,
          since: (newsletter.unsubscribedAt ?? newsletter.confirmedAt ?? newsletter.createdAt).toISOString(),
        }
      : null,
    orders: orderRows.map((order) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      placedAt: order.placedAt.toISOString(),
      status: order.status,
      financialStatus: order.financialStatus,
      total: centsToAmount(order.totalCents),
    })),
    addresses: addressRows.map((address) => ({
      id: address.id,
      name: nameOf(address.firstName, address.lastName),
      company: address.company,
      address1: address.address1,
      address2: address.address2,
      city: address.city,
      stateCode: address.stateCode,
      zip: address.zip,
      countryCode: address.countryCode,
      phone: address.phone,
      isDefault: address.isDefault,
    })),
    savedCards: cardRows,
  };
}

async function accountOf(db: Pick<Database, "select">, customerId: number) {
  const [row] = await db
    .select({ userId: customers.userId, email: users.email, disabledAt: users.disabledAt })
    .from(customers)
    .leftJoin(users, eq(users.id, customers.userId))
    .where(eq(customers.id, customerId));
  if (!row) throw new NotFound(CUSTOMER_NOT_FOUND);
  if (row.userId === null || row.email === null) throw new InvalidInput(GUEST_HAS_NO_ACCOUNT);
  return { userId: row.userId, email: row.email, disabledAt: row.disabledAt };
}

/**
 * Disables (or enables) the customer's account. Disabling ends every session of theirs in the same
 * transaction, so the next request of a signed-in browser is a guest's. The same state again changes nothing.
 */
export async function setCustomerDisabled(
  db: Database,
  actor: AuditActor,
  customerId: number,
  disabled: boolean,
): Promise<{ disabled: boolean; sessionsEnded: number }> {
  return db.transaction(async (tx) => {
    const account = await accountOf(tx, customerId);
    if ((account.disabledAt !== null) === disabled) return { disabled, sessionsEnded: 0 };
    const now = new Date();
    await tx
      .update(users)
      .set({ disabledAt: disabled ? now : null, updatedAt: now })
      .where(eq(users.id, account.userId));
    const ended = disabled
      ? await tx.delete(sessions).where(eq(sessions.userId, account.userId)).returning({ id: sessions.id })
      : [];
    await recordAudit(tx, {
      ...actor,
      action: disabled ? "customer.disable" : "customer.enable",
      entity: "customer",
      entityId: customerId,
      before: { disabled: account.disabledAt !== null },
      after: { disabled, sessionsEnded: ended.length },
    });
    return { disabled, sessionsEnded: ended.length };
  });
}

/** E-mails the customer a password-reset link, as "Forgot password" does. */
export async function sendCustomerPasswordReset(
  ctx: AccountContext,
  actor: AuditActor,
  customerId: number,
): Promise<{ email: string }> {
  const account = await accountOf(ctx.db, customerId);
  if (account.disabledAt !== null) {
    throw new InvalidInput("This account is disabled. Enable it first, or the customer could not sign in anyway.");
  }
  await requestPasswordReset(ctx, account.email);
  await recordAudit(ctx.db, {
    ...actor,
    action: "customer.password_reset_sent",
    entity: "customer",
    entityId: customerId,
    before: null,
    after: { email: account.email },
  });
  return { email: account.email };
}
