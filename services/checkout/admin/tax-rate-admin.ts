// The owner's sales tax rates (tax_rates, read by the checkout through tax-rates.ts): one rate per
// country (state empty) or per state, the state's winning over the country's. Each write is one
// transaction with its audit entry, then a "settings" store change.
import { and, asc, eq, ne } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { taxRates } from "../../../db/schema/commerce.ts";
import { countries, states } from "../../../db/schema/customers.ts";
import { percentToPpm, ppmToPercent, type TaxRateForm } from "../../../shared/admin/shipping-settings.ts";
import { type AuditActor, recordAudit } from "../../audit/audit-log.ts";
import type { StoreChangeFeed } from "../../changes/store-changes.ts";
import { Conflict, InvalidInput, NotFound } from "../../errors.ts";

export interface TaxRateDeps {
  db: Database;
  changes: Pick<StoreChangeFeed, "publish">;
}

export interface AdminTaxRate {
  id: number;
  countryCode: string;
  countryTitle: string | null;
  /** Empty: the whole country. */
  stateCode: string;
  stateTitle: string | null;
  name: string;
  /** Percent, up to 4 decimals (7.25). */
  ratePercent: number;
}

type Reader = Pick<Database, "select">;

export async function listTaxRates(db: Reader): Promise<AdminTaxRate[]> {
  const rows = await db
    .select({
      id: taxRates.id,
      countryCode: taxRates.countryCode,
      countryTitle: countries.title,
      stateCode: taxRates.stateCode,
      stateTitle: states.title,
      name: taxRates.name,
      ratePpm: taxRates.ratePpm,
    })
    .from(taxRates)
    .leftJoin(countries, eq(countries.code, taxRates.countryCode))
    .leftJoin(states, and(eq(states.countryCode, taxRates.countryCode), eq(states.code, taxRates.stateCode)))
    .orderBy(asc(countries.position), asc(taxRates.countryCode), asc(taxRates.stateCode));
  return rows.map(({ ratePpm, ...row }) => ({ ...row, ratePercent: ppmToPercent(ratePpm) }));
}

async function findTaxRate(db: Reader, id: number): Promise<AdminTaxRate> {
  const rate = (await listTaxRates(db)).find((row) => row.id === id);
  if (!rate) throw new NotFound("This tax rate does not exist. It may have been deleted.");
  return rate;
}

/** The destination must be a country in the store's list and, when a state is named, one of its states. */
async function checkDestination(db: Reader, input: TaxRateForm): Promise<{ countryTitle: string; stateTitle: string }> {
  const [country] = await db
    .select({ title: countries.title })
    .from(countries)
    .where(eq(countries.code, input.countryCode));
  if (!country) {
    throw new InvalidInput(
      `${input.countryCode} is not in the store's list of countries. Add it on the Shipping page first.`,
    );
  }
  if (input.stateCode === "") return { countryTitle: country.title, stateTitle: "" };
  const [state] = await db
    .select({ title: states.title })
    .from(states)
    .where(and(eq(states.countryCode, input.countryCode), eq(states.code, input.stateCode)));
  if (!state) throw new InvalidInput(`${input.stateCode} is not one of ${country.title}'s states.`);
  return { countryTitle: country.title, stateTitle: state.title };
}

async function refuseDuplicate(db: Reader, input: TaxRateForm, exceptId: number | null, place: string) {
  const [other] = await db
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(
      and(
        eq(taxRates.countryCode, input.countryCode),
        eq(taxRates.stateCode, input.stateCode),
        exceptId === null ? undefined : ne(taxRates.id, exceptId),
      ),
    );
  if (other) throw new Conflict(`${place} already has a tax rate. Edit that one instead.`);
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

function placeName(titles: { countryTitle: string; stateTitle: string }): string {
  return titles.stateTitle ? `${titles.stateTitle}, ${titles.countryTitle}` : titles.countryTitle;
}

export async function createTaxRate(deps: TaxRateDeps, actor: AuditActor, input: TaxRateForm): Promise<AdminTaxRate> {
  let place = input.countryCode;
  try {
    const rate = await deps.db.transaction(async (tx) => {
      const titles = await checkDestination(tx, input);
      place = placeName(titles);
      await refuseDuplicate(tx, input, null, place);
      const [row] = await tx
        .insert(taxRates)
        .values({
          countryCode: input.countryCode,
          stateCode: input.stateCode,
          name: input.name,
          ratePpm: percentToPpm(input.ratePercent),
        })
        .returning({ id: taxRates.id });
      const after = await findTaxRate(tx, row.id);
      await recordAudit(tx, {
        ...actor,
        action: "settings.tax_rate.create",
        entity: "tax_rate",
        entityId: row.id,
        after,
      });
      return after;
    });
    await deps.changes.publish({ kind: "settings", ids: ["tax"] });
    return rate;
  } catch (error) {
    // Two owners adding the same place at once: the unique index decides.
    if (isUniqueViolation(error)) throw new Conflict(`${place} already has a tax rate. Edit that one instead.`);
    throw error;
  }
}

export async function updateTaxRate(
  deps: TaxRateDeps,
  actor: AuditActor,
  id: number,
  input: TaxRateForm,
): Promise<AdminTaxRate> {
  let place = input.countryCode;
  try {
    const rate = await deps.db.transaction(async (tx) => {
      const [locked] = await tx.select({ id: taxRates.id }).from(taxRates).where(eq(taxRates.id, id)).for("update");
      if (!locked) throw new NotFound("This tax rate does not exist. It may have been deleted.");
      const before = await findTaxRate(tx, id);
      const titles = await checkDestination(tx, input);
      place = placeName(titles);
      await refuseDuplicate(tx, input, id, place);
      await tx
        .update(taxRates)
        .set({
          countryCode: input.countryCode,
          stateCode: input.stateCode,
          name: input.name,
          ratePpm: percentToPpm(input.ratePercent),
        })
        .where(eq(taxRates.id, id));
      const after = await findTaxRate(tx, id);
      await recordAudit(tx, {
        ...actor,
        action: "settings.tax_rate.update",
        entity: "tax_rate",
        entityId: id,
        before,
        after,
      });
      return after;
    });
    await deps.changes.publish({ kind: "settings", ids: ["tax"] });
    return rate;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(`${place} already has a tax rate. Edit that one instead.`);
    throw error;
  }
}

export async function deleteTaxRate(deps: TaxRateDeps, actor: AuditActor, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await findTaxRate(tx, id);
    const deleted = await tx.delete(taxRates).where(eq(taxRates.id, id)).returning({ id: taxRates.id });
    if (deleted.length === 0) throw new NotFound("This tax rate does not exist. It may have been deleted.");
    await recordAudit(tx, { ...actor, action: "settings.tax_rate.delete", entity: "tax_rate", entityId: id, before });
  });
  await deps.changes.publish({ kind: "settings", ids: ["tax"] });
}
