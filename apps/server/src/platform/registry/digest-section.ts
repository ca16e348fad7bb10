/**
 * What a feature contributes to the digest mail (issue 17; issue 32): a section listing what became new for a
 * member in a window, each entry linking into the app. features/notifications schedules the digest, asks every
 * section in the modules' order, and mails it once.
 */
import type { TRole } from '@portal/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import type { NewsRows, NewsWindow } from '../db/news-rows.ts';
import type { DB, UsersTable } from '../db/schema.ts';

/** The member a digest is for. */
export interface DigestReader {
  principal: Principal;
  /** their account's row as the digest read it: when it was made, from when their forum counts as read */
  account: Pick<Selectable<UsersTable>, 'createdAt' | 'forumReadFrom'>;
}

/** One line of a section: what it is, where it opens (an app path), and a detail after it. */
export interface DigestEntry {
  label: string;
  path: string;
  detail?: string;
}

/** What is new to the reader in the window: the first `limit` entries and how many there are in all. */
export type DigestGather = (
  reader: DigestReader,
  window: NewsWindow,
  limit: number,
) => Promise<NewsRows<DigestEntry>>;

export interface DigestSection {
  /** the heading of its list in the mail, e.g. 'Neuigkeiten' */
  title: string;
  /** how the subject counts its entries: '1 Beitrag', '3 Beiträge' */
  counted: { one: string; many: string };
  /** whether members of these roles read it at all: the feature's visibility rule (SPEC §2) */
  reads(roles: readonly TRole[]): boolean;
  /** Starts a run: its gatherer may keep, for the run, what members of one audience share. */
  startRun(db: Kysely<DB>): DigestGather;
}

/** '1 Beitrag', '3 Beiträge' */
export const countText = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
