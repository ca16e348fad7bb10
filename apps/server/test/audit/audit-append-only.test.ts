import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/platform/audit/audit-log.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditRows } from './audit-helpers.ts';

const postgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await recordAudit(t.database.db, {
    actorId: 1,
    kind: 'post.delete',
    subjectType: 'post',
    subjectId: 7,
    subjectLabel: 'Glastage 2026',
    changes: { title: { before: 'Glastage 2026', after: null } },
  });
});
afterAll(() => t.close());

const entries = () => auditRows({ t });

describe('the audit log is append-only', () => {
  it('should refuse to change an entry', async () => {
    const before = await entries();
    await expect(
      t.database.db.updateTable('auditLog').set({ subjectLabel: 'geändert' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.database.db.updateTable('auditLog').set({ actorId: null }).execute()).rejects.toThrow(
      /append-only/,
    );
    expect(await entries()).toEqual(before);
  });

  it('should refuse to delete an entry, one or all', async () => {
    const before = await entries();
    expect(before).toHaveLength(1);
    const [first] = before;
    await expect(
      t.database.db
        .deleteFrom('auditLog')
        .where('id', '=', first?.id ?? 0)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.database.db.deleteFrom('auditLog').execute()).rejects.toThrow(/append-only/);
    expect(await entries()).toEqual(before);
  });

  // SQLite has no TRUNCATE (its `DELETE FROM audit_log` is refused above)
  it.runIf(postgres)('should refuse to empty the table with TRUNCATE', async () => {
    await expect(sql`truncate audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
    expect(await entries()).toHaveLength(1);
  });

  it('should still take new entries', async () => {
    await recordAudit(t.database.db, { actorId: null, kind: 'login.passwordFailed', subjectType: 'member' });
    expect((await entries()).map((entry) => entry.kind)).toEqual(['post.delete', 'login.passwordFailed']);
  });
});
