/**
 * What a feature contributes to the search (ARCHITECTURE §7): one source per hit type, in the feature's own
 * folder. It says how its rows become documents, which of them a principal may open (a condition over the
 * document from the rule its lists apply, typed Kysely), and what a hit shows and opens. The platform keeps
 * the index (search-documents.ts), matches and ranks (search-engine.ts); it names no feature's table.
 */
import type { TSearchType } from '@portal/contract';
import {
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type StringReference,
  sql,
} from 'kysely';
import type { Principal } from '../auth/principal.ts';
import type { Executor } from '../db/executor.ts';
import type { DB } from '../db/schema.ts';
import { doc, type Visibility } from './search-matching.ts';

/** The id of a document's source (the document: alias `d`), for a source's visibility condition. */
export const documentSource: Expression<number> = doc.sourceId;
/** What a document belongs to (a block of table rows: its first row's index), for a source's visibility. */
export const documentOwner: Expression<number | null> = doc.ownerId;

/** A document as a source writes it; the index writes its terms (terms.ts). */
export interface SearchDocument {
  sourceId: number;
  /** what it belongs to: a forum post's thread, a block's first table row */
  ownerId?: number;
  /** empty where a hit shows another title (a forum post: its thread's) */
  title: string;
  body: string;
  date: Date;
  /** the term text that finds it where it is not its title and body's (a block of table rows: terms.ts) */
  words?: string;
}

/** The sources of a kind asked for: these ids, or (a rebuild) the next ones after `after`, by id. */
export type SourceSelection = { ids: readonly number[] } | { after: number };

/** Sources read per statement; ids per `in (…)` list. */
export const SOURCES_PER_READ = 500;

/**
 * The documents of a page of the selected sources: `query` reads them (`id`: their id column), `toDocument`
 * makes each row a document.
 */
export async function documentsOf<D, TB extends keyof D, O>(
  query: SelectQueryBuilder<D, TB, O>,
  id: StringReference<D, TB>,
  sources: SourceSelection,
  toDocument: (row: O) => SearchDocument,
): Promise<SearchDocument[]> {
  const rows = await query
    .where((eb) =>
      'ids' in sources
        ? sql<SqlBool>`${eb.ref(id)} in (${sql.join(sources.ids)})`
        : sql<SqlBool>`${eb.ref(id)} > ${sources.after}`,
    )
    .orderBy(id)
    .limit(SOURCES_PER_READ)
    .execute();
  return rows.map(toDocument);
}

/** The parts that are not empty, on lines of their own: a document's text. */
export const lines = (...parts: string[]): string => parts.filter((part) => part !== '').join('\n');

/** How a source writes documents that are not one per row of its table (a content item's table rows). */
export interface DocumentWriter {
  readonly db: Executor;
  /** Writes these documents of the kind in one statement (a thousand at most: the parameter limits). */
  add(kind: string, documents: readonly SearchDocument[]): Promise<void>;
  /** The database's aggregate that joins a group's texts, each apart by U+001F. */
  joined(text: Expression<string>): RawBuilder<string>;
}

/** A kind of document (`search_documents.kind`): one per row of a feature's table. */
export interface DocumentKind {
  kind: string;
  /** how the rebuild's report names it (German) */
  label: string;
  /** The documents of the selected sources, one per source, in the order of their ids. */
  read(db: Executor, sources: SourceSelection): Promise<SearchDocument[]>;
  /** kinds whose documents belong to a source of this one (their `ownerId`): dropped with it */
  owns?: readonly string[];
  /**
   * documents under the same source id that the source writes itself, outside its saves' transactions (a
   * content item's table rows: beside the live ones, found once its table switches to them; issue 33 point 9)
   */
  part?: {
    kind: string;
    label: string;
    /** Writes the live ones of every source (a rebuild); answers how many rows of theirs they hold. */
    write(writer: DocumentWriter): Promise<number>;
  };
}

/** A document of a page of hits, as the index holds it. */
export interface FoundDocument {
  id: number;
  kind: string;
  sourceId: number;
  ownerId: number | null;
  title: string;
  body: string;
  at: Date;
}

/** What a hit opens, and where it shows something other than its document's title and text. */
export interface SourceHit {
  /** what the hit opens: post, content item, event, thread, media file */
  id: number;
  path: string;
  title?: string;
  /** the text its snippet comes from */
  body?: string;
}

/** The words of the query a page's documents were found by. */
export interface FoundWords {
  /** Whether a text (a table row of a block found) holds every word the document was found by. */
  holds(document: FoundDocument, text: string): boolean;
}

/** A principal's view of one type, for one search. */
export interface SourceSearch {
  /** which documents (alias `d`) they may open */
  visible: Visibility;
  /** The hits of these documents of a page, by document id; one that cannot be shown any more is missing. */
  hits(documents: readonly FoundDocument[], words: FoundWords): Promise<Map<number, SourceHit>>;
}

export interface SearchSource {
  type: TSearchType;
  kinds: readonly DocumentKind[];
  /** What the principal may find of this type now; undefined when nothing (no per-document check then). */
  open(db: Kysely<DB>, principal: Principal, now: Date): Promise<SourceSearch | undefined>;
}
