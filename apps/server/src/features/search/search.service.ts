/**
 * The search (issue 16): the query folded into terms, the hits a principal may open counted per type and
 * paged, each with the path that opens it and a snippet. Each type's source (its FeatureModule's `search`, src/modules.ts) says which
 * documents the principal may open, decided from the live tables as the lists decide it, and what its hits
 * show and open.
 */
import {
  SEARCH_COUNT_CAP,
  SEARCH_TYPES,
  type TSearchHit,
  type TSearchResult,
  type TSearchType,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DatabaseKind } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import { fold } from '../../platform/search/fold.ts';
import type {
  FoundDocument,
  SearchSource,
  SourceHit,
  SourceSearch,
} from '../../platform/search/search-source.ts';
import { byRank, createSearchRepository, type Ranked } from './search.repository.ts';
import { searchVisibility } from './search-visibility.ts';
import { snippet } from './snippet.ts';

export interface SearchFeatureDeps {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** the features' search sources (src/modules.ts: SEARCH_SOURCES) */
  sources: readonly SearchSource[];
}

/** The folded words of the query, each once; one-letter words only when nothing longer is asked for. */
function queryTerms(q: string): string[] {
  const words = [...new Set(fold(q).split(/\s+/).filter(Boolean))];
  const longer = words.filter((word) => word.length > 1);
  return longer.length > 0 ? longer : words;
}

/** A document of the page as a hit of its type, unless its source can no longer show it. */
function present(
  doc: FoundDocument,
  type: TSearchType,
  hit: SourceHit | undefined,
  terms: readonly string[],
): TSearchHit | undefined {
  if (hit === undefined) return undefined;
  const body = hit.body ?? doc.body;
  // A hit in the title alone shows the start of the text; only what has no text shows its title.
  const text = body.trim() === '' ? doc.title : body;
  const date = doc.at.toISOString();
  return {
    title: hit.title ?? doc.title,
    snippet: snippet(text, terms),
    date,
    type,
    id: hit.id,
    path: hit.path,
  };
}

/** The hits of a page, in its order: each type's documents shown by its source, the sources at once. */
async function hitsOf(
  documents: readonly FoundDocument[],
  opened: Partial<Record<TSearchType, SourceSearch>>,
  typeOf: ReadonlyMap<string, TSearchType>,
  terms: readonly string[],
): Promise<TSearchHit[]> {
  const types = SEARCH_TYPES.filter((type) => documents.some((doc) => typeOf.get(doc.kind) === type));
  const shown = await Promise.all(
    types.map((type) => {
      const ofType = documents.filter((doc) => typeOf.get(doc.kind) === type);
      return opened[type]?.hits(ofType, terms) ?? new Map<number, SourceHit>();
    }),
  );
  return documents.flatMap((doc) => {
    const type = typeOf.get(doc.kind);
    const hits = type === undefined ? undefined : shown[types.indexOf(type)];
    return type === undefined ? [] : (present(doc, type, hits?.get(doc.id), terms) ?? []);
  });
}

export function createSearchService(deps: SearchFeatureDeps) {
  const repo = createSearchRepository(deps.db, deps.kind);
  const { sources } = deps;
  // the hit type of each kind of document
  const typeOf = new Map(
    sources.flatMap((source) =>
      source.kinds.flatMap((kind) => [
        [kind.kind, source.type] as const,
        ...(kind.part ? [[kind.part.kind, source.type] as const] : []),
      ]),
    ),
  );

  return {
    /**
     * Each type's newest matches, up to SEARCH_COUNT_CAP, are counted and ranked: the cost of a search does
     * not grow with how common its words are. A type with more says so (`capped`).
     */
    async search(
      principal: Principal,
      query: { q: string; type?: TSearchType | undefined; offset: number; limit: number },
    ): Promise<TSearchResult> {
      const terms = queryTerms(query.q);
      const opened = await searchVisibility(deps.db, principal, new Date(), sources);
      // each type's count and the hits of it that can be on this page (the page's end, from the top)
      const limits = { pool: SEARCH_COUNT_CAP, keep: query.offset + query.limit };
      const found = await Promise.all(
        SEARCH_TYPES.map(async (type) => {
          const visible = opened[type]?.visible;
          return visible ? repo.candidates(type, terms, visible, limits) : { found: 0, top: [] };
        }),
      );
      const counts = Object.fromEntries(
        SEARCH_TYPES.map((type, index) => [type, Math.min(found[index]?.found ?? 0, SEARCH_COUNT_CAP)]),
      ) as Record<TSearchType, number>;
      const capped = SEARCH_TYPES.filter((_, index) => (found[index]?.found ?? 0) > SEARCH_COUNT_CAP);
      const total = query.type
        ? counts[query.type]
        : SEARCH_TYPES.reduce((sum, type) => sum + counts[type], 0);
      const pool: Ranked[] = SEARCH_TYPES.flatMap((type, index) =>
        query.type === undefined || query.type === type ? (found[index]?.top ?? []) : [],
      ).map((candidate) => ({ ...candidate, time: candidate.at.getTime() }));
      const page = pool.sort(byRank).slice(query.offset, query.offset + query.limit);
      const documents = await repo.documents(page.map((candidate) => candidate.id));
      const rows = page.flatMap((candidate) => documents.get(candidate.id) ?? []);
      return { total, counts, capped, hits: await hitsOf(rows, opened, typeOf, terms) };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
