/**
 * The content pages' part of the search (ARCHITECTURE §7): a document per content item (title, pre- and
 * post-text, dated by its last change) and its table's rows (content-search-rows.ts), found by ROLE_USER in
 * the categories they may see, opening the item on a content page (a row: its table at that row).
 */
import { APP_PATHS } from '@portal/contract';
import { type Expression, expressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { htmlToText } from '../../platform/html/text.ts';
import {
  documentOwner,
  documentSource,
  documentsOf,
  type FoundDocument,
  type FoundWords,
  lines,
  type SearchSource,
} from '../../platform/search/search-source.ts';
import { createCategoryAccess } from '../categories/index.ts';
import { blockRows, rowsPerDocument, writeTableRows } from './content-search-rows.ts';
import { contentReaders } from './content-visibility.ts';

/**
 * Per item its live title (a table row's document holds its cells only) and a visible category (the lowest
 * id): the content page that opens it. Items in no visible category are left out.
 */
async function contentItems(db: Kysely<DB>, itemIds: readonly number[], visible: readonly number[]) {
  if (itemIds.length === 0 || visible.length === 0) return new Map();
  const rows = await db
    .selectFrom('contentItemCategories as c')
    .innerJoin('contentItems as i', 'i.id', 'c.contentItemId')
    .select([
      'c.contentItemId',
      'i.title',
      'i.csvRowCount',
      'i.csvRowBase',
      (eb) => eb.fn.min<number>('c.categoryId').as('categoryId'),
    ])
    .where('c.contentItemId', 'in', itemIds)
    .where('c.categoryId', 'in', visible)
    .groupBy(['c.contentItemId', 'i.title', 'i.csvRowCount', 'i.csvRowBase'])
    .execute();
  return new Map(
    rows.map((row) => [
      row.contentItemId,
      {
        categoryId: row.categoryId,
        title: row.title,
        csvRowCount: row.csvRowCount,
        csvRowBase: row.csvRowBase,
      },
    ]),
  );
}

const eb = expressionBuilder<DB>();

/**
 * A document is live unless it is a block of table rows outside its item's live table: the rows of a table
 * being staged beside it, or of one replaced a moment ago, are never found (content-staging.ts, issue 33
 * point 9).
 */
const live: Expression<SqlBool> = eb.or([
  eb(documentOwner, 'is', null),
  eb.exists(
    eb
      .selectFrom('contentItems as t')
      .select(eb.lit(1).as('one'))
      .where('t.id', '=', documentSource)
      .where('t.csvRowBase', '<=', documentOwner)
      .where((t) => t(documentOwner, '<', t('t.csvRowBase', '+', t.ref('t.csvRowCount')))),
  ),
]);

/** A table row's cells as its table shows them (a link by its title), the empty ones left out. */
function rowCells(cells: string): string[] {
  const parsed = JSON.parse(cells) as (string | { title: string })[];
  return parsed
    .map((cell) => (typeof cell === 'string' ? cell : cell.title))
    .filter((cell) => cell.trim() !== '');
}

async function hits(
  db: Kysely<DB>,
  documents: readonly FoundDocument[],
  words: FoundWords,
  visible: readonly number[],
) {
  const items = await contentItems(
    db,
    documents.map((doc) => doc.sourceId),
    visible,
  );
  // the rows a block's document was written from: how many depends on the table's size
  const blocks = documents.flatMap((doc) => {
    const item = doc.kind === 'content-row' ? items.get(doc.sourceId) : undefined;
    return item
      ? [{ doc, item: doc.sourceId, first: doc.ownerId ?? 0, size: rowsPerDocument(item.csvRowCount) }]
      : [];
  });
  const rows = await blockRows(db, blocks, (block, search) => words.holds(block.doc, search));
  return new Map(
    documents.flatMap((doc) => {
      const item = items.get(doc.sourceId);
      if (item === undefined) return [];
      if (doc.kind !== 'content-row') {
        return [[doc.id, { id: doc.sourceId, path: APP_PATHS.contentItem(item.categoryId, doc.sourceId) }]];
      }
      // The first row of the block that holds every word the block was found by: none when they are on
      // different rows. It
      // shows its item's title and opens the item's table at that row (issue 31).
      const found = rows.get(`${doc.sourceId}:${doc.ownerId ?? 0}`);
      if (found === undefined) return [];
      const path = APP_PATHS.contentItem(item.categoryId, doc.sourceId, found.rowIndex - item.csvRowBase);
      const body = rowCells(found.cells).join(' · ');
      return [[doc.id, { id: doc.sourceId, path, title: item.title, body }]];
    }),
  );
}

export const contentSearchSource: SearchSource = {
  type: 'content',
  kinds: [
    {
      kind: 'content',
      label: 'Inhalte',
      read: (db, sources) =>
        documentsOf(
          db.selectFrom('contentItems').select(['id', 'title', 'preText', 'postText', 'updatedAt as date']),
          'id',
          sources,
          ({ id, preText, postText, ...item }) => {
            const body = lines(htmlToText(preText ?? ''), htmlToText(postText ?? ''));
            return { sourceId: id, body, ...item };
          },
        ),
      part: { kind: 'content-row', label: 'Tabellenzeilen', write: writeTableRows },
    },
  ],
  async open(db, principal) {
    const readers = await contentReaders(principal, async () =>
      (await createCategoryAccess(db).visible(principal)).keys(),
    );
    if (!readers) return undefined;
    return {
      visible: eb.and([readers.filedUnder(documentSource), live]),
      hits: (documents, words) => hits(db, documents, words, [...readers.categoryIds]),
    };
  },
};
