import type { SelectQueryBuilder } from 'kysely';
import type { DB } from './schema.ts';

/** How many rows a query finds: one `count(*)` over its tables and conditions. */
export async function rowCount<TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
