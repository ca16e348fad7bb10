/**
 * The search (issues 16, 33): the query made words (platform/search/query.ts) with their synonyms, the hits a
 * principal may open found per type, ranked by relevance (ranking.ts) and paged, each with the path that opens
 * it and a snippet. Every word must occur; where that finds fewer hits than a page holds, typo neighbours stand
 * in for words the index does not know, and documents holding some of the words are shown after the others,
 * marked `partial`. Each type's source (its FeatureModule's `search`, src/modules.ts) says which documents the
 * principal may open, decided from the live tables as the lists decide it, and what its hits show and open.
 */
import {
  SEARCH_COUNT_CAP,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_TYPES,
  type TSearchHit,
  type TSearchResult,
  type TSearchType,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DatabaseKind } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { MetricsReporter } from '../../platform/metrics/metrics.ts';
import { heldWords, patternsOfWords } from '../../platform/search/marks.ts';
import { type Pattern, patternOf, type QueryWord, queryWords } from '../../platform/search/query.ts';
import { rank, type Scored } from '../../platform/search/ranking.ts';
import { type Matching, patternsOf } from '../../platform/search/search-matching.ts';
import type {
  FoundDocument,
  FoundWords,
  SearchSource,
  SourceHit,
  SourceSearch,
} from '../../platform/search/search-source.ts';
import { synonymIndex } from '../../platform/search/synonyms.ts';
import { createVocabulary, type Vocabulary } from '../../platform/search/vocabulary.ts';
import { createSearchRepository } from './search.repository.ts';
import { searchVisibility } from './search-visibility.ts';
import { snippet } from './snippet.ts';

export interface SearchFeatureDeps {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** the features' search sources (src/modules.ts: SEARCH_SOURCES) */
  sources: readonly SearchSource[];
  /** the synonym groups, each its terms as written (issue 33 point 3); read for every search */
  synonyms: () => Promise<readonly (readonly string[])[]>;
  /** hears how long each search took */
  metrics?: Pick<MetricsReporter, 'searchTook'>;
}

/** Fewer hits than this with every word (a page), and the search widens: typos, then some of the words. */
const FEW = SEARCH_LIMIT_DEFAULT;

/** The words with their typo neighbours (fuzzy.ts); a word without any stays the same object. */
async function withTypos(words: readonly QueryWord[], vocabulary: Vocabulary): Promise<QueryWord[]> {
  if (!words.some((word) => word.typos)) return [...words];
  const index = await vocabulary.current();
  return words.map((word) => {
    if (!word.typos) return word;
    const neighbours = index.neighbours(word.key, index.has(word.key)).map(({ term, edits }) => ({
      kind: 'fuzzy' as const,
      patterns: [patternOf(term)],
      edits,
    }));
    return neighbours.length === 0 ? word : { ...word, alternatives: [...word.alternatives, ...neighbours] };
  });
}

/** A document of the page as a hit of its type, unless its source can no longer show it. */
function present(
  ranked: Scored<TSearchType>,
  doc: FoundDocument,
  hit: SourceHit | undefined,
  patterns: readonly Pattern[],
): TSearchHit | undefined {
  if (hit === undefined) return undefined;
  const body = hit.body ?? doc.body;
  // A hit in the title alone shows the start of the text; only what has no text shows its title.
  const text = body.trim() === '' ? doc.title : body;
  const date = doc.at.toISOString();
  return {
    title: hit.title ?? doc.title,
    snippet: snippet(text, patterns),
    date,
    type: ranked.item,
    id: hit.id,
    path: hit.path,
    ...(ranked.partial ? { partial: true } : {}),
  };
}

/** The hits of a page, in its order: each type's documents shown by its source, the sources at once. */
async function hitsOf(
  page: readonly Scored<TSearchType>[],
  documents: ReadonlyMap<number, FoundDocument>,
  opened: Partial<Record<TSearchType, SourceSearch>>,
  words: readonly QueryWord[],
): Promise<TSearchHit[]> {
  const heldBy = new Map(page.map((ranked) => [ranked.candidate.id, ranked.held]));
  const found: FoundWords = {
    holds(document, text) {
      const held = heldBy.get(document.id) ?? [];
      const holds = heldWords(text, words);
      return held.every((wanted, index) => !wanted || holds[index]);
    },
  };
  const types = SEARCH_TYPES.filter((type) => page.some((ranked) => ranked.item === type));
  const shown = await Promise.all(
    types.map((type) => {
      const ofType = page.flatMap((ranked) =>
        ranked.item === type ? (documents.get(ranked.candidate.id) ?? []) : [],
      );
      return opened[type]?.hits(ofType, found) ?? new Map<number, SourceHit>();
    }),
  );
  const patterns = patternsOfWords(words);
  return page.flatMap((ranked) => {
    const doc = documents.get(ranked.candidate.id);
    const hits = shown[types.indexOf(ranked.item)];
    return doc ? (present(ranked, doc, hits?.get(doc.id), patterns) ?? []) : [];
  });
}

export function createSearchService(deps: SearchFeatureDeps) {
  const repo = createSearchRepository(deps.db, deps.kind);
  const vocabulary = createVocabulary(deps.db);

  /** Each type's newest matches the principal may open, up to the cap and one more. */
  const find = (matching: Matching, opened: Partial<Record<TSearchType, SourceSearch>>) =>
    Promise.all(
      SEARCH_TYPES.map(async (type) => {
        const visible = opened[type]?.visible;
        return visible
          ? repo.candidates(type, matching, visible, SEARCH_COUNT_CAP)
          : { found: 0, candidates: [] };
      }),
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
      const started = performance.now();
      try {
        return await searchNow(principal, query);
      } finally {
        deps.metrics?.searchTook((performance.now() - started) / 1000);
      }
    },
  };

  async function searchNow(
    principal: Principal,
    query: { q: string; type?: TSearchType | undefined; offset: number; limit: number },
  ): Promise<TSearchResult> {
    const synonyms = synonymIndex(await deps.synonyms());
    const [opened, strictWords] = [
      await searchVisibility(deps.db, principal, new Date(), deps.sources),
      queryWords(query.q, synonyms),
    ];
    let matching: Matching = { words: strictWords, all: true };
    let found = await find(matching, opened);
    const hits = found.reduce((sum, type) => sum + Math.min(type.found, SEARCH_COUNT_CAP), 0);
    if (hits < FEW) {
      const words = await withTypos(strictWords, vocabulary);
      const typos = words.some((word, index) => word !== strictWords[index]);
      if (typos || words.length > 1) {
        matching = { words, all: false };
        found = await find(matching, opened);
      }
    }
    const counts = Object.fromEntries(
      SEARCH_TYPES.map((type, index) => [type, Math.min(found[index]?.found ?? 0, SEARCH_COUNT_CAP)]),
    ) as Record<TSearchType, number>;
    const capped = SEARCH_TYPES.filter((_, index) => (found[index]?.found ?? 0) > SEARCH_COUNT_CAP);
    const total = query.type ? counts[query.type] : SEARCH_TYPES.reduce((sum, type) => sum + counts[type], 0);
    const all = SEARCH_TYPES.flatMap((type, index) =>
      (found[index]?.candidates ?? []).map((candidate) => ({ item: type, candidate })),
    );
    const ranked = rank(matching.words, patternsOf(matching.words), all)
      .filter((entry) => query.type === undefined || entry.item === query.type)
      .slice(query.offset, query.offset + query.limit);
    const documents = await repo.documents(ranked.map((entry) => entry.candidate.id));
    return { total, counts, capped, hits: await hitsOf(ranked, documents, opened, matching.words) };
  }
}

export type SearchService = ReturnType<typeof createSearchService>;
