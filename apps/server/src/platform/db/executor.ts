import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

/** Where a query runs: the database itself, or the transaction a caller has opened. */
export type Executor = Kysely<DB> | Transaction<DB>;
