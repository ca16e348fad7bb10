/**
 * What a feature contributes to privacy (GDPR, issue 18; issue 32): its sections of a member's own data export
 * and what erasing a member does with its rows. features/privacy runs every part in one transaction; the test
 * test/privacy/member-references.test.ts fails when a table that references a member is handled by no part.
 */
import { type TAccountExport, type TAppAddresses, type TAuditField, ZAccountExport } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Executor } from '../db/executor.ts';
import type { DB } from '../db/schema.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';

/** The member being erased, as their row read before anything changed. */
export interface ErasedMember {
  id: number;
  username: string;
  email: string | null;
  /** another member has the same address (in any case): mails to it are theirs too and stay */
  addressShared: boolean;
}

/**
 * What an erasure offers a part beyond its transaction: the outbox and the app's addresses for mails its
 * consequences send (a place an erased member frees goes to the event's waiting list, issue 35), and its time.
 */
interface ErasureContext {
  outbox: Pick<MailOutbox, 'enqueue'>;
  addresses: TAppAddresses;
  at: Date;
}

/** How many rows of a kind erasure deleted, named by the audit field the log shows (counts, never contents). */
export interface ErasedCount {
  field: TAuditField;
  count: number;
}

/** The export's sections that features give (the profile is the member's row itself: features/accounts). */
type ExportSections = Omit<TAccountExport, 'exportedAt' | 'profile'>;

/** A reader per section, each in one query whatever the member's number of posts or answers. */
export type ExportReaders = {
  [K in keyof ExportSections]: (db: Kysely<DB>, userId: number) => Promise<ExportSections[K]>;
};

export interface PrivacyPart {
  /** the part's tables with member rows that erasure deletes */
  erases?: readonly (keyof DB)[];
  /** the part's tables with a member reference whose rows stay, pointing at the renamed row */
  keeps?: readonly (keyof DB)[];
  /** its sections of the member's own data export */
  exports?: Partial<ExportReaders>;
  /** deletes the member's rows of `erases` on the erasure's transaction */
  erase?(trx: Executor, member: ErasedMember, context: ErasureContext): Promise<readonly ErasedCount[]>;
  /** the storage keys of the member's files that erasure removes, deleted once it has committed */
  files?(trx: Executor, member: ErasedMember): Promise<readonly (string | null)[]>;
}

const isSection = (key: string): key is keyof ExportSections => key !== 'exportedAt' && key !== 'profile';
/** every section of the contract's export */
const SECTIONS = Object.keys(ZAccountExport.shape).filter(isSection);

/** The export's readers, each from the one part that gives it; throws when a section has none or two. */
export function exportReaders(parts: readonly PrivacyPart[]): ExportReaders {
  const readers: Partial<ExportReaders> = {};
  const take = <K extends keyof ExportSections>(section: K, part: PrivacyPart) => {
    const reader = part.exports?.[section];
    if (!reader) return;
    if (readers[section]) throw new Error(`Two features export the section '${section}'.`);
    readers[section] = reader;
  };
  for (const part of parts) for (const section of SECTIONS) take(section, part);
  const missing = SECTIONS.filter((section) => !readers[section]);
  if (missing.length > 0) throw new Error(`No feature exports the sections ${missing.join(', ')}.`);
  // every section has its reader: checked just above
  return readers as ExportReaders;
}

/** How many rows a delete removed: what a part's `erase` counts. */
export const deletedRows = (result: { numDeletedRows: bigint }): number => Number(result.numDeletedRows);

/** A time as the export writes it: ISO 8601 in UTC. */
export const isoTime = (value: Date): string => value.toISOString();

/**
 * One part made of several (a feature or the platform with more than one kind of rows): their tables, export
 * sections and files together, their erasures one after the other in the given order.
 */
export function privacyParts(...parts: readonly PrivacyPart[]): PrivacyPart {
  const exports: Partial<ExportReaders> = {};
  for (const part of parts) {
    for (const section of Object.keys(part.exports ?? {})) {
      if (section in exports) throw new Error(`Two parts export the section '${section}'.`);
    }
    Object.assign(exports, part.exports);
  }
  return {
    erases: parts.flatMap((part) => part.erases ?? []),
    keeps: parts.flatMap((part) => part.keeps ?? []),
    exports,
    async erase(trx, member, context) {
      const counts: ErasedCount[] = [];
      for (const part of parts) counts.push(...((await part.erase?.(trx, member, context)) ?? []));
      return counts;
    },
    async files(trx, member) {
      const keys: (string | null)[] = [];
      for (const part of parts) keys.push(...((await part.files?.(trx, member)) ?? []));
      return keys;
    },
  };
}
