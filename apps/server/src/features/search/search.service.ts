/**
 * The search (issue 16): the query folded into terms, the hits a principal may open counted per type and
 * paged, each with the path that opens it and a snippet. Visibility comes from the live tables, decided as
 * the lists decide it.
 */
import {
  APP_PATHS,
  FORUM_POSTS_PAGE_SIZE,
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
import { toDate } from '../../platform/db/schema.ts';
import { fold } from '../../platform/search/fold.ts';
import { rowsPerDocument } from '../../platform/search/search-documents.ts';
import { createCategoryAccess } from '../categories/index.ts';
import {
  byRank,
  createSearchRepository,
  type HitRow,
  type Ranked,
  type SearchRepository,
} from './search.repository.ts';
import { searchVisibility } from './search-visibility.ts';
import { snippet } from './snippet.ts';

export interface SearchFeatureDeps {
  db: Kysely<DB>;
  kind: DatabaseKind;
}

/** The folded words of the query, each once; one-letter words only when nothing longer is asked for. */
function queryTerms(q: string): string[] {
  const words = [...new Set(fold(q).split(/\s+/).filter(Boolean))];
  const longer = words.filter((word) => word.length > 1);
  return longer.length > 0 ? longer : words;
}

/** A table row's cells as its table shows them (a link by its title), the empty ones left out. */
function rowCells(cells: string): string[] {
  const parsed = JSON.parse(cells) as (string | { title: string })[];
  return parsed
    .map((cell) => (typeof cell === 'string' ? cell : cell.title))
    .filter((cell) => cell.trim() !== '');
}

/** The paths and titles that come from the live tables (a move needs no refresh), and a block's row. */
async function liveLinks(
  repo: SearchRepository,
  rows: readonly HitRow[],
  visibleCategories: readonly number[],
  terms: readonly string[],
) {
  const ids = (kinds: readonly string[], pick: (row: HitRow) => number | null) =>
    rows.filter((row) => kinds.includes(row.kind)).flatMap((row) => pick(row) ?? []);
  const [items, threads, postsBefore, media] = await Promise.all([
    repo.contentItems(
      ids(['content', 'content-row'], (row) => row.sid),
      visibleCategories,
    ),
    repo.threads([...ids(['forum-thread'], (row) => row.sid), ...ids(['forum-post'], (row) => row.owner)]),
    repo.postsBefore(ids(['forum-post'], (row) => row.sid)),
    repo.mediaCategories(ids(['media'], (row) => row.sid)),
  ]);
  // the rows a block's document was written from: how many depends on the table's size
  const blocks = rows.flatMap((row) => {
    const item = row.kind === 'content-row' ? items.get(row.sid) : undefined;
    return item ? [{ item: row.sid, first: row.owner ?? 0, size: rowsPerDocument(item.csvRowCount) }] : [];
  });
  const blockRows = await repo.blockRows(blocks, (search) => {
    const folded = fold(search);
    return terms.every((term) => folded.includes(term));
  });
  return { items, threads, postsBefore, media, blockRows };
}

type Links = Awaited<ReturnType<typeof liveLinks>>;

/**
 * The first row of a block that holds every term: its cells and its place in the table (0-based data row);
 * undefined when the terms are on different rows.
 */
function matchingRow(row: HitRow, links: Links): { cells: string[]; row?: number } | undefined {
  if (row.kind !== 'content-row') return { cells: [] };
  const found = links.blockRows.get(`${row.sid}:${row.owner ?? 0}`);
  const item = links.items.get(row.sid);
  if (found === undefined || item === undefined) return undefined;
  return { cells: rowCells(found.cells), row: found.rowIndex - item.csvRowBase };
}

function present(row: HitRow, links: Links, terms: readonly string[]): TSearchHit | undefined {
  const date = toDate(row.at).toISOString();
  const matched = matchingRow(row, links);
  if (matched === undefined) return undefined;
  const { cells } = matched;
  const body = row.kind === 'content-row' ? cells.join(' · ') : row.body;
  // A hit in the title alone shows the start of the text; only what has no text shows its title.
  const text = body.trim() === '' ? row.title : body;
  const hit = { title: row.title, snippet: snippet(text, terms), date };
  switch (row.kind) {
    case 'blog':
      return { ...hit, type: 'blog', id: row.sid, path: APP_PATHS.post(row.sid) };
    case 'event':
      return { ...hit, type: 'event', id: row.sid, path: APP_PATHS.event(row.sid) };
    case 'content':
    case 'content-row': {
      const item = links.items.get(row.sid);
      if (item === undefined) return undefined;
      // A row shows its item's title and opens the item's table at that row (issue 31).
      const path = APP_PATHS.contentItem(item.categoryId, row.sid, matched.row);
      if (row.kind === 'content') return { ...hit, type: 'content', id: row.sid, path };
      return { ...hit, title: item.title, type: 'content', id: row.sid, path };
    }
    case 'forum-thread':
    case 'forum-post': {
      const threadId = row.kind === 'forum-post' ? (row.owner ?? 0) : row.sid;
      const thread = links.threads.get(threadId);
      if (!thread) return undefined;
      if (row.kind === 'forum-thread') {
        const path = APP_PATHS.thread(thread.forumId, threadId);
        return { ...hit, title: thread.name, type: 'forum', id: threadId, path };
      }
      // A post opens the page of the thread that holds it.
      const page = Math.floor((links.postsBefore.get(row.sid) ?? 0) / FORUM_POSTS_PAGE_SIZE) + 1;
      const path = APP_PATHS.thread(thread.forumId, threadId, { id: row.sid, page });
      return { ...hit, title: thread.name, type: 'forum', id: threadId, path };
    }
    case 'media': {
      const category = links.media.get(row.sid);
      if (category === undefined) return undefined;
      return { ...hit, type: 'media', id: row.sid, path: `/media/${category}?file=${row.sid}` };
    }
  }
}

export function createSearchService(deps: SearchFeatureDeps) {
  const repo = createSearchRepository(deps.db, deps.kind);
  const categoryAccess = createCategoryAccess(deps.db);

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
      const visibleCategories = [...(await categoryAccess.visible(principal)).keys()];
      const visibility = searchVisibility(principal, visibleCategories, new Date());
      // each type's count and the hits of it that can be on this page (the page's end, from the top)
      const limits = { pool: SEARCH_COUNT_CAP, keep: query.offset + query.limit };
      const found = await Promise.all(
        SEARCH_TYPES.map(async (type) => {
          const visible = visibility[type];
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
      ).map((candidate) => ({ ...candidate, time: toDate(candidate.at).getTime() }));
      const page = pool.sort(byRank).slice(query.offset, query.offset + query.limit);
      const documents = await repo.documents(page.map((candidate) => candidate.id));
      const rows = page.flatMap((candidate) => documents.get(candidate.id) ?? []);
      const links = await liveLinks(repo, rows, visibleCategories, terms);
      const hits = rows.flatMap((row) => present(row, links, terms) ?? []);
      return { total, counts, capped, hits };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
