/** A person as posts and answers name them: `name` (personName() on the server) when sent, else the username. */
export interface TAuthorRef {
  username: string;
  id?: number | undefined;
  name?: string | undefined;
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
