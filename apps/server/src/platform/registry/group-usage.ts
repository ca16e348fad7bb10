/**
 * What a feature contributes to the groups screen (issue 18; issue 32): what of it a group is shown to, so that
 * an admin sees what loses the group before deleting it. features/admin counts and lists it; the rows are the
 * feature's own.
 */
import type { TAdminGroupUsage } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Executor } from '../db/executor.ts';
import type { DB } from '../db/schema.ts';

/** What of a feature uses a group: counted, and the first of them by name. */
interface GroupUsageList<Row> {
  /** how many use the group (also inside the transaction that deletes it) */
  count(executor: Executor, groupId: number): Promise<number>;
  /** the first `limit` that use it, by name */
  first(db: Kysely<DB>, groupId: number, limit: number): Promise<Row[]>;
}

/** Everything the groups screen lists as using a group, by the answer's field (contract ZAdminGroupUsage). */
export interface GroupUsage {
  posts: GroupUsageList<TAdminGroupUsage['posts'][number]>;
  categories: GroupUsageList<TAdminGroupUsage['categories'][number]>;
}

/** The groups screen's lists, each from the one feature that gives it; throws when one has none or two. */
export function groupUsageOf(parts: readonly Partial<GroupUsage>[]): GroupUsage {
  const only = <K extends keyof GroupUsage>(field: K): GroupUsage[K] => {
    const given = parts.flatMap((part) => part[field] ?? []);
    const [list] = given;
    if (!list || given.length > 1) throw new Error(`Not one feature lists the '${field}' that use a group.`);
    return list;
  };
  return { posts: only('posts'), categories: only('categories') };
}
