/** A person as posts and answers name them: `name` (personName() on the server) when sent, else the username. */
export interface TAuthorRef {
  username: string;
  id?: number | undefined;
  name?: string | undefined;
  /** the signed photo the answer carries (null: none); undefined in answers made before photos came with them */
  photo?: string | null | undefined;
}

/** The name shown for an author; `unknown` ('Nicht bekannt') for a post whose author is gone. */
export function authorName(author: TAuthorRef | null | undefined, unknown: string): string {
  const name = author?.name?.trim();
  return name || author?.username || unknown;
}

/** The person page's id of an author, or null where there is none to open (no id, or no right to read people). */
export function personPageId(author: TAuthorRef | null | undefined, canReadPeople: boolean): number | null {
  return canReadPeople && author?.id !== undefined ? author.id : null;
}

/**
 * Whose person page to read for an author's photo: nobody when the answer carries the photo (issue 36 point 6:
 * a thread page asks no page per author), else the author's, where there is one to open.
 */
export function photoPageId(author: TAuthorRef | null | undefined, canReadPeople: boolean): number | null {
  return author?.photo === undefined ? personPageId(author, canReadPeople) : null;
}
