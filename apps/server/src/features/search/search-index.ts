import type { Executor } from '../../platform/db/executor.ts';
import type { OwnerRange } from '../../platform/search/search-documents.ts';
import type { DocumentWriter } from '../../platform/search/search-source.ts';

/**
 * What the search index holds documents for (issue 16). Each source is rewritten from its own tables, in
 * the transaction of the save that changed it, so a search never lags behind a save. Visibility (groups,
 * roles, scheduled posts, hidden categories) is not copied into the index: a search joins the live tables,
 * so a visibility change or a move needs no refresh.
 */
type SearchSource =
  /** a news post: title, pre-text, content, tags */
  | { kind: 'blog'; id: number }
  /**
   * a content item: title, texts; its CSV table's rows are its part (writePart), written beside the live
   * table before the save's transaction, so editing the title of an item with 100,000 rows writes one document
   */
  | { kind: 'content'; id: number }
  /** an event: name, description, location */
  | { kind: 'event'; id: number }
  /** a forum thread: its title */
  | { kind: 'forum-thread'; id: number }
  /** a forum post: its text */
  | { kind: 'forum-post'; id: number }
  /** a media-library file: name, original file name */
  | { kind: 'media'; id: number }
  /** a member company: name, place, specialties (issue 36) */
  | { kind: 'company'; id: number };

type SearchSourceKind = SearchSource['kind'];

export interface SearchIndex {
  /**
   * Rewrites the documents of a source from its tables, or drops them when the source is gone. Call it
   * with the transaction of the save, after the save's own writes.
   */
  refresh(db: Executor, source: SearchSource): Promise<void>;
  /**
   * Drops the documents of sources that are being deleted (cascades: pass every id that goes). A forum
   * thread's documents take its posts' with them, a content item's its table rows'.
   */
  remove(db: Executor, kind: SearchSourceKind, ids: readonly number[]): Promise<void>;
  /**
   * The documents of a source's part (a content item's staged table rows), written outside any transaction
   * through the writer `write` is given, a slice per statement (issue 33 point 9). A search finds them once
   * the source's visibility takes them for live: a table's when the item switches to its rows. Answers how
   * many `write` wrote (none when the index is off).
   */
  writePart(
    db: Executor,
    kind: 'content',
    write: (writer: DocumentWriter) => Promise<number>,
  ): Promise<number>;
  /** How many part documents of the source have their owner (a row's index) in the range. */
  countPart(db: Executor, kind: 'content', id: number, owners: OwnerRange): Promise<number>;
  /**
   * Drops those, outside any transaction, a few per statement with a turn of the event loop between: a table
   * that failed to save, or that is no longer live.
   */
  dropPart(db: Executor, kind: 'content', id: number, owners: OwnerRange): Promise<void>;
}
