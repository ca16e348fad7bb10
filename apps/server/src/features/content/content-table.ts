/** How items and their tables leave the server: small tables whole, large ones by the page. */
import {
  CSV_INLINE_ROWS,
  CSV_PAGE_SIZE,
  type TContentItem,
  type TCsvCell,
  type TCsvRow,
} from '@portal/contract';
import type { UrlSigner } from '../../platform/storage/signed-url.ts';
import type { ContentItemRow, ContentRepository } from './content.repository.ts';

/** Data rows that travel with the item in `csvContent`. */
function inlineRowCount(rowCount: number): number {
  return rowCount <= CSV_INLINE_ROWS ? rowCount : CSV_PAGE_SIZE;
}

function parseHeader(item: ContentItemRow): TCsvCell[] {
  return item.csvHeader ? (JSON.parse(item.csvHeader) as TCsvCell[]) : [];
}

export function createContentTable(repo: ContentRepository, signer: UrlSigner) {
  return {
    /** The item as the API shows it, `categories` limited to those the caller may see. */
    async present(item: ContentItemRow, categories: number[]): Promise<TContentItem> {
      const rows = item.csvHeader ? await repo.rowRange(item, 0, inlineRowCount(item.csvRowCount)) : [];
      return {
        id: item.id,
        title: item.title,
        preText: item.preText,
        postText: item.postText,
        categories,
        csvFile: item.csvFile,
        csvUrl: item.csvKey ? signer.sign(item.csvKey, { name: item.csvFile ?? 'tabelle.csv' }) : null,
        csvContent: item.csvHeader
          ? [parseHeader(item), ...rows.map((cells) => JSON.parse(cells) as TCsvRow)]
          : null,
        csvRowCount: item.csvRowCount,
        position: item.position,
      };
    },

    /**
     * A page of data rows as the JSON text of TContentRows; with `q` only rows with a cell containing it
     * (case-insensitive). The rows are stored as JSON text (written by insertRows from checked cells) and go
     * out as they are: parsing, checking and serialising 250 rows again cost more than reading them (issue 19).
     */
    async page(
      item: ContentItemRow,
      query: { offset: number; limit: number; q?: string | undefined },
    ): Promise<string> {
      const { offset, limit } = query;
      const q = query.q?.trim() ?? '';
      const header = item.csvHeader ?? '[]';
      const [total, cells] = !item.csvHeader
        ? [0, []]
        : q === ''
          ? [item.csvRowCount, await repo.rowRange(item, offset, limit)]
          : [await repo.countMatches(item, q), await repo.searchRows(item, q, offset, limit)];
      return `{"total":${total},"offset":${offset},"limit":${limit},"header":${header},"rows":[${cells.join(',')}]}`;
    },
  };
}
