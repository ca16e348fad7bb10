/**
 * A content item's CSV table in the search (decision 0078): a document per row up to ROWS_ONE_BY_ONE rows,
 * else per block of ROWS_PER_DOCUMENT rows, its `ownerId` the index of its first row; and, for a hit, the
 * block's row that holds every term.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { expressionBuilder, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { DocumentWriter } from '../../platform/search/search-source.ts';
import { blockIndexText } from '../../platform/search/terms.ts';

/**
 * A large CSV table's rows are indexed in blocks: one document per this many rows, holding each distinct
 * folded word of them once. A price list repeats most of its words from row to row, so this is a fifth of
 * the text to tokenise, and an upload of 100,000 rows stays fast. Every search term lies within one word
 * (terms are split at spaces), so a block matches whenever one of its rows does; the row is found when the
 * hit is shown, and a hit stands for the block's first matching row.
 */
export const ROWS_PER_DOCUMENT = 500;
/** A table of at most this many rows is indexed a row per document: each matching row is a hit of its own. */
const ROWS_ONE_BY_ONE = 1000;
/**
 * Rows read per statement, their documents written in one more: one block. SQLite takes a block's few thousand
 * words into its FTS5 tables in some 10 ms while the event loop waits; five at once held it 50–100 ms (issue 33
 * point 9).
 */
const ROWS_PER_STATEMENT = ROWS_PER_DOCUMENT;
/** Table rows read at a time when looking for a block's matching row. */
const ROWS_READ_AT_ONCE = 50;

/** How many rows a document of a table with this many rows stands for. */
export function rowsPerDocument(rowCount: number): number {
  return rowCount <= ROWS_ONE_BY_ONE ? 1 : ROWS_PER_DOCUMENT;
}

/** A table's rows by their indexes (`base` … `base + count - 1`), and the date its documents carry. */
export interface TableBlocks {
  id: number;
  base: number;
  count: number;
  date: Date;
}

/**
 * Writes the block documents of a table's rows, a slice per statement with a turn of the event loop after
 * each, so that other requests are answered meanwhile (issue 33 point 9); answers how many it wrote. A row's
 * document holds its cells only (a hit takes the item's title from the item). Each distinct cell is made terms
 * once, here (blockIndexText): a price list's cells repeat, and doing it for every row in the database would
 * cost more. A row's `search` keeps its cells apart with U+001F, and `joined` the rows.
 */
export async function writeTableBlocks(writer: DocumentWriter, table: TableBlocks): Promise<number> {
  const { db } = writer;
  const { count, base } = table;
  const size = rowsPerDocument(count);
  let written = 0;
  for (let start = 0; start < count; start += ROWS_PER_STATEMENT) {
    const rows = db.selectFrom('contentItemRows as r');
    const eb = expressionBuilder(rows);
    // literals: SQLite binds a JavaScript number as a real, which would not divide to whole blocks
    const block = eb(eb.parens('r.rowIndex', '-', eb.lit(base)), '/', eb.lit(size));
    const blocks = await rows
      .select([block.as('block'), writer.joined(eb.ref('r.search')).as('text')])
      .where('r.contentItemId', '=', table.id)
      .where('r.rowIndex', '>=', base + start)
      .where('r.rowIndex', '<', base + Math.min(start + ROWS_PER_STATEMENT, count))
      .groupBy(block)
      .execute();
    await writer.add(
      'content-row',
      blocks.map((block) => ({
        sourceId: table.id,
        ownerId: base + Number(block.block) * size,
        title: '',
        body: '',
        date: table.date,
        words: blockIndexText(block.text),
      })),
    );
    written += blocks.length;
    await nextTurn();
  }
  return written;
}

/** Writes the block documents of every item's live table (a rebuild); returns how many rows they hold. */
export async function writeTableRows(writer: DocumentWriter): Promise<number> {
  const tables = await writer.db
    .selectFrom('contentItems')
    .select(['id', 'csvRowBase', 'csvRowCount', 'updatedAt'])
    .where('csvRowCount', '>', 0)
    .execute();
  let written = 0;
  for (const table of tables) {
    written += table.csvRowCount;
    await writeTableBlocks(writer, {
      id: table.id,
      base: table.csvRowBase,
      count: table.csvRowCount,
      date: table.updatedAt,
    });
  }
  return written;
}

interface Block {
  item: number;
  first: number;
  size: number;
}

/**
 * Per block of table rows (`item:first`) the cells of its first row that `matches` (its `search` text),
 * read a few rows at a time: a common word is in the block's first row, so all blocks start together.
 */
export async function blockRows<B extends Block>(
  db: Kysely<DB>,
  blocks: readonly B[],
  matches: (block: B, search: string) => boolean,
): Promise<Map<string, { rowIndex: number; cells: string }>> {
  const found = new Map<string, { rowIndex: number; cells: string }>();
  const read = async (parts: readonly { item: number; from: number; to: number }[]) => {
    if (parts.length === 0) return [];
    return db
      .selectFrom('contentItemRows')
      .select(['contentItemId', 'rowIndex', 'cells', 'search'])
      .where((eb) =>
        eb.or(
          parts.map((part) =>
            eb.and([
              eb('contentItemId', '=', part.item),
              eb('rowIndex', '>=', part.from),
              eb('rowIndex', '<', part.to),
            ]),
          ),
        ),
      )
      .orderBy('rowIndex')
      .execute();
  };
  let pending = blocks.map((block) => ({ ...block, from: block.first }));
  while (pending.length > 0) {
    const parts = pending.map((block) => ({
      item: block.item,
      from: block.from,
      to: Math.min(block.from + ROWS_READ_AT_ONCE, block.first + block.size),
    }));
    const rows = await read(parts);
    pending = pending.flatMap((block, index) => {
      const part = parts[index];
      const row = rows.find(
        (candidate) =>
          candidate.contentItemId === block.item &&
          candidate.rowIndex >= block.from &&
          candidate.rowIndex < (part?.to ?? 0) &&
          matches(block, candidate.search),
      );
      if (row) found.set(`${block.item}:${block.first}`, { rowIndex: row.rowIndex, cells: row.cells });
      const next = part?.to ?? 0;
      return row || next >= block.first + block.size ? [] : [{ ...block, from: next }];
    });
  }
  return found;
}
