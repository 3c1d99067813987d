// A local stand-in for api.stripe.com, started by the tests: it answers the calls the store makes (customers,
// PaymentIntents with manual capture, refunds, PaymentMethods, SetupIntents) with the request and response
// shapes of Stripe's API reference, keeps Stripe's idempotency semantics (a key replays its first answer;
// the same key with other parameters is refused), and can be told to time out or drop the connection in
// the middle of a call. It counts the authorisations made per idempotency key, so a test can assert that
// the library's retries charged once.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Json = Record<string, unknown>;

export interface FakeCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** What happens when it is charged. */
  behaviour: "approve" | "decline" | "insufficient_funds" | "requires_action";
}

/** Stripe's documented test PaymentMethods, as the browser's card form would answer them. */
export const TEST_PAYMENT_METHODS: Record<string, FakeCard> = {
  pm_card_visa: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034, behaviour: "approve" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", exp_month: 11, exp_year: 2033, behaviour: "approve" },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", exp_month: 12, exp_year: 2034, behaviour: "decline" },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: "visa",
    last4: "9995",
    exp_month: 12,
    exp_year: 2034,
    behaviour: "insufficient_funds",
  },
  pm_card_threeDSecure2Required: {
    brand: "visa",
    last4: "3220",
    exp_month: 12,
    exp_year: 2034,
    behaviour: "requires_action",
  },
};

export type Fault = "timeout" | "drop" | "server_error";

interface Stored {
  status: number;
  body: Json;
  params: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Json;
  idempotencyKey: string | null;
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
}

/** Stripe's form encoding: a[b]=1&a[c][0]=x → { a: { b: "1", c: ["x"] } }. */
export function parseStripeForm(body: string): Json {
  const out: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Record<string, unknown> = out;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      if (last) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[index + 1]);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}

export class FakeStripeServer {
  readonly customers = new Map<string, Json>();
  readonly paymentMethods = new Map<string, Json>();
  readonly paymentIntents = new Map<string, Json>();
  readonly setupIntents = new Map<string, Json>();
  readonly refunds = new Map<string, Json>();
  readonly requests: RecordedRequest[] = [];
  /** Authorisations actually made (not replayed), per idempotency key. */
  readonly chargesByKey = new Map<string, number>();
  private readonly idempotent = new Map<string, Stored>();
  private readonly faults: Array<{ path: RegExp; fault: Fault }> = [];
  private readonly cards = new Map<string, FakeCard>(Object.entries(TEST_PAYMENT_METHODS));
  private server: Server | null = null;
  port = 0;

  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(port, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The next request whose path matches fails this way (once). */
  failNext(path: RegExp, fault: Fault): void {
    this.faults.push({ path, fault });
  }

  /** All charges made so far (successful or not), over every key. */
  get totalCharges(): number {
    return [...this.chargesByKey.values()].reduce((sum, n) => sum + n, 0);
  }

  /** The browser finished 3-D Secure for this PaymentIntent (or the bank refused it). */
  completeAction(paymentIntentId: string, approved = true): void {
    const intent = this.paymentIntents.get(paymentIntentId);
    if (intent?.status !== "requires_action") throw new Error(`${paymentIntentId} is not waiting for action`);
    intent.next_action = null;
    if (approved) {
      intent.status = "requires_capture";
      intent.amount_capturable = intent.amount;
      intent.latest_charge = this.newCharge();
    } else {
      intent.status = "requires_payment_method";
      intent.last_payment_error = {
        type: "card_error",
        code: "payment_intent_authentication_failure",
        message:
          "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
      };
    }
  }

  /** The browser confirmed a SetupIntent in Stripe's form with this card (a new PaymentMethod). */
  confirmSetupIntent(setupIntentId: string, card: string | FakeCard = "pm_card_visa"): string {
    const intent = this.setupIntents.get(setupIntentId);
    if (!intent) throw new Error(`no ${setupIntentId}`);
    const method = this.createPaymentMethod(typeof card === "string" ? (this.cards.get(card) as FakeCard) : card);
    method.customer = intent.customer;
    intent.status = "succeeded";
    intent.payment_method = method.id;
    return method.id as string;
  }

  /** What Stripe.js answers to createPaymentMethod in the browser: a new pm_ id for the card typed in. */
  createPaymentMethod(card: FakeCard | string = "pm_card_visa"): Json {
    const details = typeof card === "string" ? (this.cards.get(card) as FakeCard) : card;
    const pmId = id("pm");
    this.cards.set(pmId, details);
    const method: Json = {
      id: pmId,
      object: "payment_method",
      type: "card",
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: details.brand,
        last4: details.last4,
        exp_month: details.exp_month,
        exp_year: details.exp_year,
        country: "US",
        funding: "credit",
      },
      created: Math.floor(Date.now() / 1000),
      customer: null,
      livemode: false,
      metadata: {},
    };
    this.paymentMethods.set(pmId, method);
    return method;
  }

  private paymentMethod(pmId: string): Json | null {
    const known = this.paymentMethods.get(pmId);
    if (known) return known;
    const card = TEST_PAYMENT_METHODS[pmId];
    if (!card) return null;
    const method: Json = {
      id: pmId,
      object: "payment_method",
      type: "card",
      billing_details: { address: null, email: null, name: null, phone: null },
      card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, country: "US" },
      created: Math.floor(Date.now() / 1000),
      customer: null,
      livemode: false,
      metadata: {},
    };
    this.paymentMethods.set(pmId, method);
    return method;
  }

  private newCharge(): string {
    return id("ch");
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const method = request.method ?? "GET";
    const params =
      method === "GET" ? parseStripeForm(url.search.slice(1)) : parseStripeForm(Buffer.concat(chunks).toString());
    const key = (request.headers["idempotency-key"] as string | undefined) ?? null;
    this.requests.push({ method, path: url.pathname, params, idempotencyKey: key });

    const faultIndex = this.faults.findIndex((entry) => entry.path.test(url.pathname));
    const fault = faultIndex >= 0 ? this.faults.splice(faultIndex, 1)[0].fault : null;
    if (fault === "server_error") {
      return this.send(response, 500, { error: { type: "api_error", message: "An unknown error occurred" } });
    }

    if (!/^Bearer (sk|rk)_test_\w+$/.test(request.headers.authorization ?? "")) {
      return this.send(response, 401, {
        error: { type: "invalid_request_error", message: "Invalid API Key provided" },
      });
    }

    let result: { status: number; body: Json };
    const paramsKey = JSON.stringify({ method, path: url.pathname, params });
    const stored = key && method === "POST" ? this.idempotent.get(key) : undefined;
    if (stored) {
      result =
        stored.params === paramsKey
          ? stored
          : {
              status: 400,
              body: {
                error: {
                  type: "idempotency_error",
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                },
              },
            };
    } else {
      result = this.route(method, url.pathname, params, key);
      if (key && method === "POST" && result.status < 500) this.idempotent.set(key, { ...result, params: paramsKey });
    }

    if (fault === "drop") {
      // The work is done (and remembered under its key), but the answer never arrives.
      request.socket.destroy();
      return;
    }
    if (fault === "timeout") return; // no answer: the client gives up after its timeout
    this.send(response, result.status, result.body);
  }

  private send(response: ServerResponse, status: number, body: Json): void {
    response.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
    response.end(JSON.stringify(body));
  }

  private expand(intent: Json, params: Json): Json {
    const expand = (params.expand as string[] | undefined) ?? [];
    let expanded = intent;
    if (expand.includes("payment_method") && typeof intent.payment_method === "string") {
      expanded = { ...expanded, payment_method: this.paymentMethod(intent.payment_method) };
    }
    // A PaymentIntent's latest_charge expands to its Charge (amount_refunded is only there).
    if (
      expand.includes("latest_charge") &&
      intent.object === "payment_intent" &&
      typeof intent.latest_charge === "string"
    ) {
      expanded = { ...expanded, latest_charge: this.chargeOf(intent.id as string) };
    }
    return expanded;
  }

  private missing(kind: string, what: string) {
    return {
      status: 404,
      body: {
        error: {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "id",
          message: `No such ${kind}: '${what}'`,
        },
      },
    };
  }

  private unexpectedState(intent: Json, action: string) {
    return {
      status: 400,
      body: {
        error: {
          type: "invalid_request_error",
          code: "payment_intent_unexpected_state",
          message: `This PaymentIntent could not be ${action} because it has a status of ${intent.status}.`,
          payment_intent: intent,
        },
      },
    };
  }

  private route(method: string, path: string, params: Json, key: string | null): { status: number; body: Json } {
    let match: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/customers") {
      const customer: Json = {
        id: id("cus"),
        object: "customer",
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      this.customers.set(customer.id as string, customer);
      return { status: 200, body: customer };
    }
    if (method === "POST" && path === "/v1/payment_intents") return this.createPaymentIntent(params, key);
    match = method === "GET" ? path.match(/^\/v1\/payment_intents\/([^/]+)$/) : null;
    if (match) {
      const intent = this.paymentIntents.get(match[1]);
      return intent ? { status: 200, body: this.expand(intent, params) } : this.missing("payment_intent", match[1]);
    }
    match = method === "POST" ? path.match(/^\/v1\/payment_intents\/([^/]+)\/capture$/) : null;
    if (match) {
      const intent = this.paymentIntents.get(match[1]);
      if (!intent) return this.missing("payment_intent", match[1]);
      if (intent.status !== "requires_capture") return this.unexpectedState(intent, "captured");
      const amount =
        params.amount_to_capture === undefined ? (intent.amount as number) : Number(params.amount_to_capture);
      if (amount > (intent.amount_capturable as number)) {
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              code: "amount_too_large",
              param: "amount_to_capture",
              message: "The amount to capture is greater than the amount capturable.",
            },
          },
        };
      }
      Object.assign(intent, { status: "succeeded", amount_received: amount, amount_capturable: 0 });
      return { status: 200, body: this.expand(intent, params) };
    }
    match = method === "POST" ? path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/) : null;
    if (match) {
      const intent = this.paymentIntents.get(match[1]);
      if (!intent) return this.missing("payment_intent", match[1]);
      if (intent.status === "succeeded" || intent.status === "canceled")
        return this.unexpectedState(intent, "canceled");
      Object.assign(intent, {
        status: "canceled",
        amount_capturable: 0,
        cancellation_reason: params.cancellation_reason ?? null,
        canceled_at: Math.floor(Date.now() / 1000),
      });
      return { status: 200, body: intent };
    }
    if (method === "POST" && path === "/v1/refunds") return this.createRefund(params);
    match = method === "GET" ? path.match(/^\/v1\/payment_methods\/([^/]+)$/) : null;
    if (match) {
      const found = this.paymentMethod(match[1]);
      return found ? { status: 200, body: found } : this.missing("payment_method", match[1]);
    }
    match = method === "POST" ? path.match(/^\/v1\/payment_methods\/([^/]+)\/detach$/) : null;
    if (match) {
      const found = this.paymentMethod(match[1]);
      if (!found) return this.missing("payment_method", match[1]);
      if (!found.customer) {
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              code: "payment_method_unexpected_state",
              message: "The payment method you provided is not attached to a customer so detachment is impossible.",
            },
          },
        };
      }
      found.customer = null;
      return { status: 200, body: found };
    }
    if (method === "POST" && path === "/v1/setup_intents") {
      if (!params.customer || !this.customers.has(params.customer as string)) {
        return this.missing("customer", String(params.customer));
      }
      const setiId = id("seti");
      const intent: Json = {
        id: setiId,
        object: "setup_intent",
        client_secret: `${setiId}_secret_${randomBytes(8).toString("hex")}`,
        customer: params.customer,
        payment_method: null,
        payment_method_types: (params.allowed_payment_method_types as string[] | undefined) ?? ["card"],
        status: "requires_payment_method",
        usage: params.usage ?? "off_session",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        metadata: {},
      };
      this.setupIntents.set(setiId, intent);
      return { status: 200, body: intent };
    }
    match = method === "GET" ? path.match(/^\/v1\/setup_intents\/([^/]+)$/) : null;
    if (match) {
      const intent = this.setupIntents.get(match[1]);
      if (!intent) return this.missing("setup_intent", match[1]);
      return { status: 200, body: this.expand(intent, params) };
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } },
    };
  }

  private createPaymentIntent(params: Json, key: string | null): { status: number; body: Json } {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      return {
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            code: "amount_too_small",
            param: "amount",
            message: "Amount must be at least $0.50 usd",
          },
        },
      };
    }
    const pmId = params.payment_method as string | undefined;
    const card = pmId ? this.cards.get(pmId) : undefined;
    if (pmId && (!card || !this.paymentMethod(pmId))) return this.missing("payment_method", pmId);
    if (params.customer && !this.customers.has(params.customer as string)) {
      return this.missing("customer", params.customer as string);
    }
    const piId = id("pi");
    const intent: Json = {
      id: piId,
      object: "payment_intent",
      amount,
      amount_capturable: 0,
      amount_received: 0,
      capture_method: params.capture_method ?? "automatic_async",
      client_secret: `${piId}_secret_${randomBytes(8).toString("hex")}`,
      confirmation_method: "automatic",
      created: Math.floor(Date.now() / 1000),
      currency: params.currency,
      customer: params.customer ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: params.metadata ?? {},
      next_action: null,
      payment_method: pmId ?? null,
      payment_method_types: (params.allowed_payment_method_types as string[] | undefined) ?? ["card"],
      setup_future_usage: params.setup_future_usage ?? null,
      status: "requires_payment_method",
    };
    this.paymentIntents.set(piId, intent);
    if (params.confirm !== "true" || !card) return { status: 200, body: this.expand(intent, params) };

    if (key) this.chargesByKey.set(key, (this.chargesByKey.get(key) ?? 0) + 1);
    if (params.setup_future_usage && params.customer) {
      const method = this.paymentMethod(pmId as string);
      if (method) method.customer = params.customer;
    }
    if (card.behaviour === "decline" || card.behaviour === "insufficient_funds") {
      const declineCode = card.behaviour === "decline" ? "generic_decline" : "insufficient_funds";
      const message = card.behaviour === "decline" ? "Your card was declined." : "Your card has insufficient funds.";
      intent.latest_charge = this.newCharge();
      intent.last_payment_error = { type: "card_error", code: "card_declined", decline_code: declineCode, message };
      return {
        status: 402,
        body: {
          error: {
            type: "card_error",
            code: "card_declined",
            decline_code: declineCode,
            message,
            charge: intent.latest_charge,
            payment_intent: intent,
            doc_url: "https://stripe.com/docs/error-codes/card-declined",
          },
        },
      };
    }
    if (card.behaviour === "requires_action") {
      intent.status = "requires_action";
      intent.next_action = { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect" } };
      return { status: 200, body: this.expand(intent, params) };
    }
    intent.status = params.capture_method === "manual" ? "requires_capture" : "succeeded";
    intent.amount_capturable = params.capture_method === "manual" ? amount : 0;
    intent.amount_received = params.capture_method === "manual" ? 0 : amount;
    intent.latest_charge = this.newCharge();
    return { status: 200, body: this.expand(intent, params) };
  }

  private createRefund(params: Json): { status: number; body: Json } {
    const intent = this.paymentIntents.get(params.payment_intent as string);
    if (!intent) return this.missing("payment_intent", String(params.payment_intent));
    const refunded = [...this.refunds.values()]
      .filter((refund) => refund.payment_intent === intent.id)
      .reduce((sum, refund) => sum + (refund.amount as number), 0);
    const left = (intent.amount_received as number) - refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (intent.status !== "succeeded" || left <= 0) {
      return {
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: `Charge ${intent.latest_charge} has already been refunded.`,
          },
        },
      };
    }
    if (amount > left) {
      return {
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            code: "amount_too_large",
            param: "amount",
            message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          },
        },
      };
    }
    const refund: Json = {
      id: id("re"),
      object: "refund",
      amount,
      charge: intent.latest_charge,
      created: Math.floor(Date.now() / 1000),
      currency: intent.currency,
      metadata: params.metadata ?? {},
      payment_intent: intent.id,
      reason: params.reason ?? null,
      status: "succeeded",
    };
    this.refunds.set(refund.id as string, refund);
    return { status: 200, body: refund };
  }

  /** The Charge behind a PaymentIntent as Stripe would send it in charge.* events. */
  chargeOf(paymentIntentId: string): Json {
    const intent = this.paymentIntents.get(paymentIntentId) as Json;
    const refunded = [...this.refunds.values()]
      .filter((refund) => refund.payment_intent === paymentIntentId)
      .reduce((sum, refund) => sum + (refund.amount as number), 0);
    return {
      id: intent.latest_charge,
      object: "charge",
      amount: intent.amount,
      amount_captured: intent.amount_received,
      amount_refunded: refunded,
      captured: intent.status === "succeeded",
      currency: intent.currency,
      payment_intent: intent.id,
      refunded: refunded > 0 && refunded >= (intent.amount_received as number),
      status: "succeeded",
    };
  }

  /** A webhook Event envelope (v1) around an object. */
  event(type: string, object: Json): Json {
    return {
      id: id("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }
}
