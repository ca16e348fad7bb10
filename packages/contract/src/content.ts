import { z } from 'zod';
import { MESSAGES } from './errors.ts';
import { jsonField } from './form.ts';
import { ZId, ZIdParams, zId, zWholeNumber } from './ids.ts';
import { isAllowedUrl, isSafeRelativeUrl } from './links.ts';
import { pathTemplate } from './paths.ts';

/** Content item endpoints of SPEC §7, plus the row pages of large tables. */
export const CONTENT_API = {
  /** GET `/api/content/{categoryId}`: the items of a category. */
  byCategory: pathTemplate('/api/content/:categoryId'),
  save: '/api/content/',
  saveTree: '/api/content/saveTree/',
  /** DELETE `/api/content/{id}`. */
  byId: pathTemplate('/api/content/:id'),
  /** GET `/api/content/{id}/rows?offset&limit&q`: a page of the item's table, optionally searched. */
  rows: pathTemplate('/api/content/:id/rows'),
} as const;

export const CONTENT_MESSAGES = {
  titleRequired: 'Titel ist ein Pflichtfeld.',
  categoriesRequired: 'Kategorie ist ein Pflichtfeld.',
  unknownCategory: 'Diese Kategorie gibt es nicht.',
  csvType: 'Die Datei muss eine CSV-Datei sein.',
  csvEmpty: 'Die CSV-Datei enthält keine Zeilen.',
  csvUnclosedQuote: 'Die CSV-Datei ist fehlerhaft: ein Anführungszeichen wird nicht geschlossen.',
  csvTooManyRows: 'Die CSV-Datei hat zu viele Zeilen (höchstens 200.000).',
  csvTooManyColumns: 'Die CSV-Datei hat zu viele Spalten (höchstens 500).',
  csvRowTooLong:
    'Die CSV-Datei enthält eine Zeile von über einer Million Zeichen; meist fehlt dort ein schließendes Anführungszeichen.',
  tableChanged:
    'Die Tabelle wurde gerade von jemand anderem ersetzt. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  rowsLimit: 'Es können 1 bis 1.000 Zeilen auf einmal abgerufen werden.',
  rowsOffset: 'Die erste Zeile muss eine ganze Zahl von 0 bis 200.000 sein.',
  invalidOrder:
    'Die Reihenfolge ist ungültig: jeder Eintrag darf nur einmal und nur mit bekannter ID vorkommen.',
} as const;

/** Tables with at most this many data rows arrive whole in `csvContent`. */
export const CSV_INLINE_ROWS = 1000;
/** Larger tables arrive with this many data rows; the rest through `/api/content/{id}/rows` (SPEC §9: 250 a page). */
export const CSV_PAGE_SIZE = 250;
/**
 * Most data rows one request to `/api/content/{id}/rows` may ask for: a page stays small enough to read and
 * serialise without holding the server's event loop; the 'Alle' view fetches larger tables page by page.
 */
export const CSV_ROWS_PAGE_MAX = 1000;
export const CSV_MAX_ROWS = 200_000;
export const CSV_MAX_COLUMNS = 500;
/** `accept` of the file input (SPEC §5: the CSV file must be text/csv). */
export const CSV_ACCEPT = '.csv,text/csv';

/** A table cell: text, or a link written as `[Titel](url)` in the CSV (ARCHITECTURE §4). */
const ZCsvLink = z.object({ title: z.string(), url: z.string() });
const ZCsvCell = z.union([z.string(), ZCsvLink]);
export type TCsvCell = z.infer<typeof ZCsvCell>;
export type TCsvRow = TCsvCell[];

/**
 * Content item of SPEC §3. `csvContent` holds the header row first, then the data rows: all of them when
 * `csvRowCount` ≤ CSV_INLINE_ROWS, else the first CSV_PAGE_SIZE (the rest through the rows endpoint).
 * `csvUrl` is a signed, expiring download of the table as UTF-8 CSV.
 */
export const ZContentItem = z.object({
  id: z.number().int(),
  title: z.string(),
  preText: z.string().nullable(),
  postText: z.string().nullable(),
  categories: z.array(z.number().int()),
  csvFile: z.string().nullable(),
  csvUrl: z.string().nullable(),
  csvContent: z.array(z.array(ZCsvCell)).nullable(),
  csvRowCount: z.number().int(),
  position: z.number().int(),
});
export type TContentItem = z.infer<typeof ZContentItem>;

export const ZContentItemList = z.array(ZContentItem);

/**
 * The content form (SPEC §5). Without `id` an item is created (position 999 unless given). `csvFile: null`
 * without an uploaded file removes the table; any other value keeps it.
 */
export const ZContentItemInput = z.object({
  id: ZId.optional(),
  title: z
    .string({ error: CONTENT_MESSAGES.titleRequired })
    .trim()
    .min(1, CONTENT_MESSAGES.titleRequired)
    .max(300),
  preText: z.string().max(100_000).nullish(),
  postText: z.string().max(100_000).nullish(),
  categories: z
    .array(zId(CONTENT_MESSAGES.unknownCategory), {
      error: CONTENT_MESSAGES.categoriesRequired,
    })
    .min(1, CONTENT_MESSAGES.categoriesRequired)
    .max(100),
  position: zWholeNumber({ min: 0, max: 1_000_000, message: MESSAGES.badRequest }).optional(),
  csvFile: z.string().max(255).nullish(),
});
export type TContentItemInput = z.input<typeof ZContentItemInput>;
export type TContentItemValues = z.output<typeof ZContentItemInput>;

/** POST /api/content/ (multipart): `content` JSON; the file field `csvFile` is added by the server's schema. */
export const ZSaveContentFields = z.object({ content: jsonField(ZContentItemInput) });

/** POST /api/content/saveTree/: `contentList` JSON, the items in their new order (`position` is ignored). */
const ZContentOrderItem = z.object({
  id: ZId,
  position: z.number().int().optional(),
});
export const ZSaveContentOrderBody = z.object({
  contentList: jsonField(z.array(ZContentOrderItem).min(1).max(10_000)),
});
export const ZContentOrder = z.array(z.object({ id: z.number().int(), position: z.number().int() }));
export type TContentOrder = z.infer<typeof ZContentOrder>;

export const ZContentIdParams = ZIdParams;
export const ZContentCategoryParams = z.object({ categoryId: ZId });

/** GET /api/content/{id}/rows: `q` keeps rows with a cell containing it (case-insensitive). */
export const ZContentRowsQuery = z.object({
  // Beyond the largest table there is nothing to page to; the bound also keeps the row numbers in range.
  offset: zWholeNumber({ min: 0, max: CSV_MAX_ROWS, message: CONTENT_MESSAGES.rowsOffset }).default(0),
  limit: zWholeNumber({ min: 1, max: CSV_ROWS_PAGE_MAX, message: CONTENT_MESSAGES.rowsLimit }).default(
    CSV_PAGE_SIZE,
  ),
  q: z.string().trim().max(200).optional(),
});

/** `total` counts the data rows that match `q` (all of them without `q`); `rows` are data rows only. */
export const ZContentRows = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  header: z.array(ZCsvCell),
  rows: z.array(z.array(ZCsvCell)),
});
export type TContentRows = z.infer<typeof ZContentRows>;

/** A relative path to a media file ('Dokumente/Merkblatt.pdf'): no scheme, no '//', no '..', a dot at the end. */
const RELATIVE_MEDIA_PATH = /^(?![a-z][a-z0-9+.-]*:)(?![/\\])[^\s\\?#]*[^\s\\?#/]\.[a-z0-9]{1,8}$/i;

/**
 * The target of a `[Titel](url)` table cell: http(s), a path in the app, or a relative media path that the
 * web app downloads through the authenticated `/mediaLibrary/{path}` (SPEC §7).
 */
export function isCsvLinkUrl(url: string): boolean {
  if (isAllowedUrl(url)) return true;
  return RELATIVE_MEDIA_PATH.test(url) && isSafeRelativeUrl(url);
}
