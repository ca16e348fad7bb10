import { type TAuditChanges, type TAuditKind, ZAuditChanges } from '@portal/contract';
import type { TestApp } from '../helpers/test-app.ts';

/** One row of audit_log as a test reads it, with the changes parsed. */
export interface AuditRow {
  id: number;
  actorId: number | null;
  kind: string;
  subjectType: string;
  subjectId: number | null;
  subjectLabel: string | null;
  changes: TAuditChanges | null;
}

/** The entries of a kind (every entry when none is given), oldest first, read straight from the table. */
export async function auditRows(w: { t: Pick<TestApp, 'database'> }, kind?: TAuditKind): Promise<AuditRow[]> {
  let query = w.t.database.db
    .selectFrom('auditLog')
    .select(['id', 'actorId', 'kind', 'subjectType', 'subjectId', 'subjectLabel', 'changes'])
    .orderBy('id');
  if (kind) query = query.where('kind', '=', kind);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    changes: row.changes === null ? null : ZAuditChanges.parse(JSON.parse(row.changes)),
  }));
}

/** The id of the newest entry now (0: none); `auditSince` gives those written after it. */
export async function auditMark(w: { t: Pick<TestApp, 'database'> }): Promise<number> {
  const row = await w.t.database.db
    .selectFrom('auditLog')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** The entries written after `mark` (an auditMark), oldest first. */
export async function auditSince(w: { t: Pick<TestApp, 'database'> }, mark: number): Promise<AuditRow[]> {
  return (await auditRows(w)).filter((row) => row.id > mark);
}
