import type { Executor } from '../../platform/db/executor.ts';

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
   * a content item (title, texts) and every row of its CSV table; `table` says whether the table changed
   * (uploaded, replaced, removed): only then are its rows' documents rewritten, so editing the title of an
   * item with 100,000 rows writes one document
   */
  | { kind: 'content'; id: number; table: boolean }
  /** an event: name, description, location */
  | { kind: 'event'; id: number }
  /** a forum thread: its title */
  | { kind: 'forum-thread'; id: number }
  /** a forum post: its text */
  | { kind: 'forum-post'; id: number }
  /** a media-library file: name, original file name */
  | { kind: 'media'; id: number };

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
}
