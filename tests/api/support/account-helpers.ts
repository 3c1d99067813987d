// Helpers for the account API tests: a cookie-keeping client, bot-check answers solved like a browser
// would, sign-up through the real e-mail link, and the countries the address rules need.
import { and, desc, eq } from "drizzle-orm";
import { countries, states } from "../../../db/schema/customers.ts";
import { emailOutbox } from "../../../db/schema/system.ts";
import type { BotCheckAction } from "../../../services/bot-check/bot-check.ts";
import { countriesRequiringState, countries as countrySeeds, states as stateSeeds } from "../../../shared/countries.ts";
import { type ProofOfWorkParameters, solveProofOfWork } from "../../../shared/proof-of-work.ts";
import type { TestStore } from "./test-store.ts";

export const GOOD_PASSWORD = "pump-basket-lid-2024";

/** Countries and states as the demo data has them (inserted when missing, so a catalog-free store works). */
export async function seedCountries(store: TestStore): Promise<void> {
  const db = store.database.db;
  await db
    .insert(countries)
    .values(
      countrySeeds.map(([code, title], i) => ({
        code,
        title,
        position: i + 1,
        requiresState: countriesRequiringState.includes(code),
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(states)
    .values(
      Object.entries(stateSeeds).flatMap(([countryCode, list]) =>
        list.map(([code, title]) => ({ countryCode, code, title })),
      ),
    )
    .onConflictDoNothing();
}

/** Solves the store's proof-of-work challenge for one action, as the browser does before a protected write. */
export async function botToken(store: TestStore, action: BotCheckAction): Promise<string> {
  const { body } = await store.json<{ kind: string; challenge: { parameters: ProofOfWorkParameters } }>(
    `/api/bot-check/challenge?action=${action}`,
  );
  if (body.kind !== "altcha") throw new Error(`unexpected bot check ${body.kind}`);
  const solution = await solveProofOfWork(body.challenge.parameters);
  if (!solution) throw new Error("could not solve the bot check");
  return Buffer.from(JSON.stringify({ challenge: body.challenge, solution })).toString("base64");
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser stand-in: keeps the session cookie between calls. */
export class Client {
  cookie = "";
  readonly store: TestStore;
  constructor(store: TestStore) {
    this.store = store;
  }

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const response = await this.store.get(path, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // The session cookie, as a browser keeps it (the readable hint cookie beside it is not needed here).
    const setCookie = response.headers.getSetCookie().find((cookie) => /^(__Host-)?store_sid=/.test(cookie));
    if (setCookie) {
      const pair = setCookie.split(";")[0];
      this.cookie = pair.endsWith("=") ? "" : pair;
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      throw new Error(`Expected JSON from ${method} ${path} (status ${response.status}): ${text.slice(0, 200)}`);
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = Record<string, unknown>>(path: string) {
    return this.call<T>("GET", path);
  }
}

/** The newest mail of a kind to an address, from the outbox table. */
export async function latestMail(store: TestStore, to: string, kind: string) {
  const [row] = await store.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return row;
}

export async function mailCount(store: TestStore, to: string, kind?: string): Promise<number> {
  const rows = await store.database.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(kind ? and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)) : eq(emailOutbox.toAddress, to));
  return rows.length;
}

/** The token of the link in a mail (after `#token=` or `?token=`). */
export function linkToken(text: string): string {
  const match = /[#?]token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no link token in: ${text}`);
  return match[1];
}

let counter = 0;
export function uniqueEmail(label = "shopper"): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${counter}@example.com`;
}

export interface SignedInCustomer {
  client: Client;
  email: string;
  password: string;
  userId: number;
  customerId: number;
}

export async function register(store: TestStore, email: string, password = GOOD_PASSWORD, client = new Client(store)) {
  return client.call("POST", "/api/auth/register", {
    email,
    password,
    firstName: "Pat",
    lastName: "Pool",
    token: await botToken(store, "register"),
  });
}

export async function verifyByMail(store: TestStore, email: string, client = new Client(store)) {
  const mail = await latestMail(store, email, "verify_email");
  if (!mail) throw new Error(`no verification mail for ${email}`);
  return client.call("POST", "/api/auth/verify-email", { verificationToken: linkToken(mail.textBody) });
}

export async function signIn(store: TestStore, email: string, password = GOOD_PASSWORD, client = new Client(store)) {
  return client.call<{ user: { id: number }; error?: string }>("POST", "/api/auth/login", {
    email,
    password,
    token: await botToken(store, "login"),
  });
}

/** Registers, confirms through the e-mailed link and signs in. */
export async function newCustomer(store: TestStore, label = "shopper"): Promise<SignedInCustomer> {
  const email = uniqueEmail(label);
  const client = new Client(store);
  const registered = await register(store, email);
  if (registered.status !== 200) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const verified = await verifyByMail(store, email);
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  const signedIn = await signIn(store, email, GOOD_PASSWORD, client);
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signedIn.body)}`);
  const customer = await client.get<{ customer: { id: number } }>("/api/customer");
  return {
    client,
    email,
    password: GOOD_PASSWORD,
    userId: signedIn.body.user.id,
    customerId: customer.body.customer.id,
  };
}

export const VALID_US_ADDRESS = {
  countryCode: "US",
  stateCode: "CA",
  address1: "2150 Harbor Blvd",
  city: "Costa Mesa",
  zip: "92627",
  firstName: "Pat",
  lastName: "Pool",
  phone: "(213) 373-4253",
  Country: null,
  State: null,
};
