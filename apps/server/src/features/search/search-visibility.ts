/**
 * What a principal may find of each type, asked of the types' sources (its FeatureModule's `search`, src/modules.ts): which documents
 * they may open, decided as the lists decide it, and how their hits are shown. A type they may not open at all
 * is missing. A source's condition is checked per candidate (`exists`, by index): a search reads only a type's
 * newest matches, so this is cheaper than working out every visible post first.
 */
import type { TSearchType } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { SearchSource, SourceSearch } from '../../platform/search/search-source.ts';

export async function searchVisibility(
  db: Kysely<DB>,
  principal: Principal,
  now: Date,
  sources: readonly SearchSource[],
): Promise<Partial<Record<TSearchType, SourceSearch>>> {
  const opened = await Promise.all(sources.map((source) => source.open(db, principal, now)));
  return Object.fromEntries(
    sources.flatMap((source, index) => (opened[index] ? [[source.type, opened[index]]] : [])),
  );
}
