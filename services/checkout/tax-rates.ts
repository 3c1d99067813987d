// The sales tax rate of a shipping destination (tax_rates): the state's row wins over the country's;
// no row means no tax.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { taxRates } from "../../db/schema/commerce.ts";

export async function taxRateFor(
  db: Pick<Database, "select">,
  destination: { countryCode: string; stateCode: string | null } | null,
): Promise<number> {
  if (!destination?.countryCode) return 0;
  const stateCodes = destination.stateCode ? ["", destination.stateCode] : [""];
  const [row] = await db
    .select({ ratePpm: taxRates.ratePpm })
    .from(taxRates)
    .where(and(eq(taxRates.countryCode, destination.countryCode), inArray(taxRates.stateCode, stateCodes)))
    .orderBy(desc(taxRates.stateCode))
    .limit(1);
  return row?.ratePpm ?? 0;
}
