/**
 * The audit log of admin actions (issue 18): append-only, in the database (migration 0013 refuses UPDATE and
 * DELETE on it). A feature records its action with `recordAudit` in the transaction of the change itself, so
 * an entry exists exactly when the change does.
 */
import type { TAuditField, TAuditKind, TAuditSubject } from '@portal/contract';
import type { Executor } from '../db/executor.ts';

export interface AuditRecord {
  /** the member who acted; null for the host website's server or the shell */
  actorId: number | null;
  kind: TAuditKind;
  subjectType: TAuditSubject;
  subjectId?: number | null | undefined;
  /**
   * a title or name at the time, for subjects other than members; never a member's name, e-mail or company
   * (members are named through their row, so that erasing one removes their name from the log)
   */
  subjectLabel?: string | null | undefined;
  /**
   * the fields the action changed (`changedFields`), each named in the contract's AUDIT_FIELDS (the German
   * names the log shows); null when nothing is to be shown
   */
  changes?: AuditChanges | null | undefined;
  at?: Date | undefined;
}

/** The changes of an entry: fields with German names only (contract `AUDIT_FIELDS`). */
export type AuditChanges = Partial<Record<TAuditField, { before: unknown; after: unknown }>>;

const LABEL_MAX = 300;

export async function recordAudit(executor: Executor, entry: AuditRecord): Promise<void> {
  const label = entry.subjectLabel ?? null;
  await executor
    .insertInto('auditLog')
    .values({
      createdAt: entry.at ?? new Date(),
      actorId: entry.actorId,
      kind: entry.kind,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId ?? null,
      subjectLabel: label === null ? null : label.slice(0, LABEL_MAX),
      changes: entry.changes && Object.keys(entry.changes).length > 0 ? JSON.stringify(entry.changes) : null,
    })
    .execute();
}

type Fields = Readonly<Record<string, unknown>>;

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
}

/** A stable text of a value, so that arrays and dates compare by content. */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}

/**
 * The fields among `fields` whose value differs between `before` (null: the record is new) and `after`, each
 * with both values; dates become ISO text. Null when none differs.
 */
export function changedFields<T extends Fields>(
  before: T | null | undefined,
  after: T,
  fields: readonly (keyof T & TAuditField)[],
): AuditChanges | null {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const was = before ? normalise(before[field]) : null;
    const now = normalise(after[field]);
    if (before && same(was, now)) continue;
    if (!before && (now === null || now === '' || (Array.isArray(now) && now.length === 0))) continue;
    changes[field] = { before: was, after: now };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** What an entry shows for a long text (rich text, a post's body) instead of the text itself. */
const TEXT_MARK = '…';

/**
 * `changes` with the values of the named fields replaced by TEXT_MARK (null stays null): the entry says that
 * a long text changed, was added or removed, without holding it.
 */
export function withTextsHidden(
  changes: AuditChanges | null,
  fields: readonly TAuditField[],
): AuditChanges | null {
  if (!changes) return null;
  const mark = (value: unknown) => (value === null || value === undefined ? null : TEXT_MARK);
  const result: AuditChanges = { ...changes };
  for (const field of fields) {
    const change = result[field];
    if (change) result[field] = { before: mark(change.before), after: mark(change.after) };
  }
  return result;
}

/** The fields among `fields` that a deleted record had (not null or empty), each with `after: null`. */
export function removedFields<T extends Fields>(
  before: T,
  fields: readonly (keyof T & TAuditField)[],
): AuditChanges | null {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const was = normalise(before[field]);
    if (was === null || was === '' || (Array.isArray(was) && was.length === 0)) continue;
    changes[field] = { before: was, after: null };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
