/**
 * The shape of "what became new in a window" queries, which the features that own the rows answer for the
 * digest (features/notifications, issue 17): the first `limit` rows and how many there are in all, both from
 * one query through a window count.
 */
import { sql } from 'kysely';

/** (start, end]: what became new after `start`, up to and including `end`. */
export interface NewsWindow {
  start: Date;
  end: Date;
}

/** The first rows of a list and how many rows it has in all ('und N weitere'). */
export interface NewsRows<Row> {
  rows: Row[];
  total: number;
}

/** A selection: on every row, how many rows the query finds before its limit. */
export const totalCount = sql<number>`count(*) over ()`.as('total');

/** The rows of a query that selected `totalCount`, mapped, with that count. */
export function newsRows<Row extends { total: number }, Out>(
  rows: readonly Row[],
  map: (row: Row) => Out,
): NewsRows<Out> {
  return { rows: rows.map(map), total: rows[0]?.total ?? 0 };
}
