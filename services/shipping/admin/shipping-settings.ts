// The owner's shipping settings: the shipping policy the checkout uses (its free-shipping threshold and
// region, and its rate table) and the countries (with their states) the checkout ships to. Each write
// is one transaction with its audit entry, then a "settings" store change, which drops every cache of
// the policy, so the cart and the checkout price with the new rates on the next request.
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { shippingPolicies, shippingRates, taxRates } from "../../../db/schema/commerce.ts";
import { countries, mailingAddresses, states } from "../../../db/schema/customers.ts";
import type { CountryForm, FreeShippingRegion, ShippingPolicyForm } from "../../../shared/admin/shipping-settings.ts";
import { countriesRequiringState, countries as isoCountries, states as isoStates } from "../../../shared/countries.ts";
import { amountToCents, centsToAmount } from "../../../shared/money.ts";
import { type AuditActor, recordAudit } from "../../audit/audit-log.ts";
import type { StoreChangeFeed } from "../../changes/store-changes.ts";
import { Conflict, InvalidInput, NotFound } from "../../errors.ts";
import { readShippingPolicy } from "../shipping-policy-store.ts";
import { US_MAINLAND } from "../shipping-quote.ts";

export interface SettingsDeps {
  db: Database;
  changes: Pick<StoreChangeFeed, "publish">;
}

export interface AdminShippingRate {
  id: number;
  name: string;
  minSubtotal: number;
  maxSubtotal: number | null;
  minWeightGrams: number;
  maxWeightGrams: number | null;
  price: number;
}

export interface AdminShippingPolicy {
  /** Null before the store has a policy (an empty store: shipping is free until one is saved). */
  id: number | null;
  name: string;
  freeShippingThreshold: number | null;
  freeShippingRegion: FreeShippingRegion;
  rates: AdminShippingRate[];
}

/** The policy in force, as the settings page edits it. */
export async function getShippingPolicySettings(db: Database): Promise<AdminShippingPolicy> {
  const policy = await readShippingPolicy(db);
  if (!policy) {
    return {
      id: null,
      name: "Standard Shipping",
      freeShippingThreshold: null,
      freeShippingRegion: "anywhere",
      rates: [],
    };
  }
  const [row] = await db
    .select({ name: shippingPolicies.name })
    .from(shippingPolicies)
    .where(eq(shippingPolicies.id, policy.id));
  return {
    id: policy.id,
    name: row?.name ?? "",
    freeShippingThreshold:
      policy.freeShippingThresholdCents === null ? null : centsToAmount(policy.freeShippingThresholdCents),
    freeShippingRegion: policy.freeShippingRegion === US_MAINLAND ? "US-mainland" : "anywhere",
    rates: policy.rates.map((rate) => ({
      id: rate.id,
      name: rate.name,
      minSubtotal: centsToAmount(rate.minSubtotalCents),
      maxSubtotal: rate.maxSubtotalCents === null ? null : centsToAmount(rate.maxSubtotalCents),
      minWeightGrams: rate.minWeightGrams,
      maxWeightGrams: rate.maxWeightGrams,
      price: centsToAmount(rate.priceCents),
    })),
  };
}

/**
 * Saves the policy in force (creating the store's first one) and replaces its rate table: rates sent
 * with their id are changed, new ones added, missing ones removed (a cart that had chosen a removed
 * rate gets the cheapest one again). Any other active policy is switched off, so the one saved here is
 * the one the checkout uses.
 */
export async function saveShippingPolicy(
  deps: SettingsDeps,
  actor: AuditActor,
  input: ShippingPolicyForm,
): Promise<AdminShippingPolicy> {
  await deps.db.transaction(async (tx) => {
    // One writer at a time: the active policies are locked (the first save of a store locks the table).
    const active = await tx
      .select({ id: shippingPolicies.id })
      .from(shippingPolicies)
      .where(eq(shippingPolicies.isActive, true))
      .for("update");
    if (active.length === 0) await tx.execute(sql`lock table shipping_policies in share row exclusive mode`);
    const before = await readShippingPolicy(tx);
    const values = {
      name: input.name,
      freeShippingThresholdCents:
        input.freeShippingThreshold === null ? null : amountToCents(input.freeShippingThreshold),
      freeShippingRegion: input.freeShippingRegion === "US-mainland" ? US_MAINLAND : null,
    };
    let policyId: number;
    if (before) {
      policyId = before.id;
      await tx.update(shippingPolicies).set(values).where(eq(shippingPolicies.id, policyId));
    } else {
      const [created] = await tx
        .insert(shippingPolicies)
        .values({ ...values, isActive: true })
        .returning({ id: shippingPolicies.id });
      policyId = created.id;
    }
    const others = await tx
      .update(shippingPolicies)
      .set({ isActive: false })
      .where(and(eq(shippingPolicies.isActive, true), ne(shippingPolicies.id, policyId)))
      .returning({ id: shippingPolicies.id });

    const existingIds = new Set((before?.rates ?? []).map((rate) => rate.id));
    const keptIds = new Set<number>();
    for (const rate of input.rates) {
      if (rate.id == null) continue;
      if (!existingIds.has(rate.id)) {
        throw new InvalidInput(
          `Shipping rate ${rate.id} is not one of this policy's rates (someone else may have changed them). Reload the page and try again.`,
        );
      }
      keptIds.add(rate.id);
    }
    const removed = [...existingIds].filter((id) => !keptIds.has(id));
    if (removed.length > 0) await tx.delete(shippingRates).where(inArray(shippingRates.id, removed));
    for (const [index, rate] of input.rates.entries()) {
      const row = {
        name: rate.name,
        minSubtotalCents: amountToCents(rate.minSubtotal),
        maxSubtotalCents: rate.maxSubtotal === null ? null : amountToCents(rate.maxSubtotal),
        minWeightGrams: rate.minWeightGrams,
        maxWeightGrams: rate.maxWeightGrams,
        priceCents: amountToCents(rate.price),
        position: index + 1,
      };
      if (rate.id == null) await tx.insert(shippingRates).values({ ...row, policyId });
      else await tx.update(shippingRates).set(row).where(eq(shippingRates.id, rate.id));
    }
    const after = await readShippingPolicy(tx);
    await recordAudit(tx, {
      ...actor,
      action: before ? "settings.shipping_policy.update" : "settings.shipping_policy.create",
      entity: "shipping_policy",
      entityId: policyId,
      before,
      after: { ...after, name: input.name, deactivatedPolicyIds: others.map((other) => other.id) },
    });
  });
  await deps.changes.publish({ kind: "settings", ids: ["shipping"] });
  return getShippingPolicySettings(deps.db);
}

// Countries ------------------------------------------------------------------------------------------

export interface AdminCountry {
  code: string;
  title: string;
  shipsTo: boolean;
  requiresState: boolean;
  states: Array<{ code: string; title: string }>;
}

export interface CountrySettings {
  countries: AdminCountry[];
  /** ISO countries not in the store's list yet, to add. */
  available: Array<{ code: string; title: string }>;
}

export async function listCountrySettings(db: Database): Promise<CountrySettings> {
  const [countryRows, stateRows] = await Promise.all([
    db
      .select({
        code: countries.code,
        title: countries.title,
        shipsTo: countries.shipsTo,
        requiresState: countries.requiresState,
      })
      .from(countries)
      .orderBy(asc(countries.position), asc(countries.title)),
    db
      .select({ countryCode: states.countryCode, code: states.code, title: states.title })
      .from(states)
      .orderBy(asc(states.title)),
  ]);
  const known = new Set(countryRows.map((row) => row.code));
  return {
    countries: countryRows.map((country) => ({
      ...country,
      states: stateRows
        .filter((state) => state.countryCode === country.code)
        .map((state) => ({ code: state.code, title: state.title })),
    })),
    available: isoCountries.filter(([code]) => !known.has(code)).map(([code, title]) => ({ code, title })),
  };
}

async function countryOf(db: Pick<Database, "select">, code: string): Promise<AdminCountry> {
  const [country] = await db
    .select({
      code: countries.code,
      title: countries.title,
      shipsTo: countries.shipsTo,
      requiresState: countries.requiresState,
    })
    .from(countries)
    .where(eq(countries.code, code));
  if (!country) throw new NotFound(`${code} is not in the store's list of countries.`);
  const stateRows = await db
    .select({ code: states.code, title: states.title })
    .from(states)
    .where(eq(states.countryCode, code))
    .orderBy(asc(states.title));
  return { ...country, states: stateRows };
}

/** Adds a country from the ISO list, with its known states; the checkout ships there at once. */
export async function addCountry(deps: SettingsDeps, actor: AuditActor, code: string): Promise<AdminCountry> {
  const index = isoCountries.findIndex(([iso]) => iso === code);
  if (index < 0) throw new InvalidInput(`${code} is not a country code we know (ISO 3166-1, for example US or CA).`);
  const title = isoCountries[index][1];
  const country = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(countries)
      .values({
        code,
        title,
        position: index + 1,
        requiresState: countriesRequiringState.includes(code),
        shipsTo: true,
      })
      .onConflictDoNothing()
      .returning({ code: countries.code });
    if (inserted.length === 0) {
      throw new Conflict(
        `${title} is already in the list. Use its Edit button to ship there again or change its states.`,
      );
    }
    const known = isoStates[code] ?? [];
    if (known.length > 0) {
      await tx
        .insert(states)
        .values(known.map(([stateCode, stateTitle]) => ({ countryCode: code, code: stateCode, title: stateTitle })))
        .onConflictDoNothing();
    }
    const after = await countryOf(tx, code);
    await recordAudit(tx, { ...actor, action: "settings.country.add", entity: "country", entityId: code, after });
    return after;
  });
  await deps.changes.publish({ kind: "settings", ids: ["countries"] });
  return country;
}

/**
 * Whether the checkout ships to a country, whether its addresses need a state, and its list of states
 * (renamed, added, removed). A state that saved addresses or a tax rate still use is not removed.
 */
export async function updateCountry(
  deps: SettingsDeps,
  actor: AuditActor,
  code: string,
  input: CountryForm,
): Promise<AdminCountry> {
  const country = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, code))
      .for("update");
    if (!locked) throw new NotFound(`${code} is not in the store's list of countries.`);
    const before = await countryOf(tx, code);
    const wanted = new Map(input.states.map((state) => [state.code, state.title]));
    const removed = before.states.filter((state) => !wanted.has(state.code)).map((state) => state.code);
    if (removed.length > 0) {
      const used = await tx
        .selectDistinct({ stateCode: mailingAddresses.stateCode })
        .from(mailingAddresses)
        .where(and(eq(mailingAddresses.countryCode, code), inArray(mailingAddresses.stateCode, removed)));
      if (used.length > 0) {
        throw new Conflict(
          `Customers' saved addresses use ${used.map((row) => row.stateCode).join(", ")}: keep ${used.length === 1 ? "that state" : "those states"} in the list.`,
        );
      }
      const taxed = await tx
        .select({ stateCode: taxRates.stateCode })
        .from(taxRates)
        .where(and(eq(taxRates.countryCode, code), inArray(taxRates.stateCode, removed)));
      if (taxed.length > 0) {
        throw new Conflict(
          `A tax rate is set for ${taxed.map((row) => row.stateCode).join(", ")}: delete it on the Tax rates page first.`,
        );
      }
      await tx.delete(states).where(and(eq(states.countryCode, code), inArray(states.code, removed)));
    }
    for (const [stateCode, title] of wanted) {
      await tx
        .insert(states)
        .values({ countryCode: code, code: stateCode, title })
        .onConflictDoUpdate({ target: [states.countryCode, states.code], set: { title } });
    }
    await tx
      .update(countries)
      .set({ shipsTo: input.shipsTo, requiresState: input.requiresState })
      .where(eq(countries.code, code));
    const after = await countryOf(tx, code);
    await recordAudit(tx, {
      ...actor,
      action: "settings.country.update",
      entity: "country",
      entityId: code,
      before,
      after,
    });
    return after;
  });
  await deps.changes.publish({ kind: "settings", ids: ["countries"] });
  return country;
}
