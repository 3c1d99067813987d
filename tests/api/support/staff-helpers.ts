// Helpers for back-office API tests: staff accounts made through the service, signed in through the
// real sign-in API (bot check included), and a client that keeps every cookie it is given (a staff
// cookie and a customer's side by side).
//
//   beforeAll(() => { useFastPasswordHashingForTests(); store = await startTestStore(...) })
//   const owner = await signInStaff(store, "owner");
//   const answer = await owner.call("POST", "/api/admin/products", body);
import { createStaffMember } from "../../../services/staff/staff-accounts.ts";
import type { StaffRole } from "../../../shared/admin/permissions.ts";
import { type Answer, botToken } from "./account-helpers.ts";
import type { TestStore } from "./test-store.ts";

export const STAFF_PASSWORD = "skimmer-weir-gasket-77";

/** A browser stand-in that keeps all its cookies (name → value), as a browser does. */
export class CookieClient {
  readonly cookies = new Map<string, string>();
  readonly store: TestStore;
  constructor(store: TestStore) {
    this.store = store;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const cookie = this.cookieHeader();
    const response = await this.store.get(path, {
      method,
      redirect: "manual",
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { text };
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = Record<string, unknown>>(path: string) {
    return this.call<T>("GET", path);
  }
}

let counter = 0;
export function uniqueStaffEmail(role: string): string {
  counter += 1;
  return `${role}-${process.pid}-${Date.now().toString(36)}-${counter}@staff.example.com`;
}

export interface TestStaff {
  id: number;
  email: string;
  password: string;
  role: StaffRole;
}

/** A staff account with a password, made directly (the audit log names no one as its maker). */
export async function createStaff(
  store: TestStore,
  role: StaffRole,
  options: { email?: string; name?: string; password?: string } = {},
): Promise<TestStaff> {
  const email = options.email ?? uniqueStaffEmail(role);
  const password = options.password ?? STAFF_PASSWORD;
  const member = await createStaffMember(
    store.database.db,
    { email, name: options.name ?? `Test ${role}`, role, password },
    null,
  );
  return { id: member.id, email, password, role };
}

/** Signs a member in through POST /api/admin/auth/login (the answer's `next` must be "done"). */
export async function signInStaffAs(store: TestStore, staff: TestStaff, client = new CookieClient(store)) {
  const answer = await client.call<{ next: string; error?: string }>("POST", "/api/admin/auth/login", {
    email: staff.email,
    password: staff.password,
    token: await botToken(store, "login"),
  });
  if (answer.status !== 200 || answer.body.next !== "done") {
    throw new Error(`staff sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return client;
}

/** A new member of this role, signed in: `(await signInStaff(store, "manager")).call(...)`. */
export async function signInStaff(store: TestStore, role: StaffRole): Promise<CookieClient & { staff: TestStaff }> {
  const staff = await createStaff(store, role);
  const client = await signInStaffAs(store, staff);
  return Object.assign(client, { staff });
}
