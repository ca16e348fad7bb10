/**
 * The database's types, where the code imports them from: the row types that `npm run db:types` generates from
 * the migrations, over the hand-written column types.
 */
export * from './column-types.ts';
export type * from './db-types.gen.ts';
