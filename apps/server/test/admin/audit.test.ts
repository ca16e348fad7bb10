import {
  ADMIN_API,
  ADMIN_MESSAGES,
  AUDIT_PAGE_SIZE,
  ERASED_MEMBER_NAME,
  MESSAGES,
  type TAuditEntry,
  type TAuditPage,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/platform/audit/audit-log.ts';
import { berlinDayStart } from '../../src/platform/time/berlin-time.ts';
import { createUser, userId } from '../helpers/factories.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { call, eraseMember, headersOf, REFUSED } from './admin-helpers.ts';

let w: World;
let adminId: number;
beforeAll(async () => {
  w = await createWorld();
  adminId = await userId(w, 'admin');
});
afterAll(() => w.close());

async function page(query = ''): Promise<TAuditPage> {
  const response = await call(w, 'GET', `${ADMIN_API.audit}${query}`, w.as.admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TAuditPage>();
}

/** Every entry of the filter, following nextBefore page by page. */
async function all(filter = ''): Promise<TAuditEntry[]> {
  const entries: TAuditEntry[] = [];
  let before: number | null = null;
  for (let guard = 0; guard < 100; guard += 1) {
    const params = new URLSearchParams(filter);
    if (before !== null) params.set('before', String(before));
    const next = await page(`?${params}`);
    entries.push(...next.items);
    if (next.nextBefore === null) return entries;
    before = next.nextBefore;
  }
  throw new Error('no last page');
}

describe('GET /api/admin/audit', () => {
  it("should name actor and member by their current rows, and an erased member 'Ehemaliges Mitglied'", async () => {
    const member = await createUser(w.app, { username: 'bald-geloescht' });
    const other = await createUser(w.app, { username: 'bleibt' });
    const group = await call(w, 'POST', ADMIN_API.groups, w.as.admin, { name: 'Protokolliert' });
    expect(group.statusCode).toBe(201);
    expect(
      (await call(w, 'PATCH', ADMIN_API.member(member.id), w.as.admin, { role: 'ROLE_PARTNER' })).statusCode,
    ).toBe(200);
    expect(
      (await call(w, 'PATCH', ADMIN_API.member(other.id), w.as.admin, { disabled: true })).statusCode,
    ).toBe(200);
    await recordAudit(w.t.database.db, {
      actorId: null,
      kind: 'login.passwordFailed',
      subjectType: 'member',
      subjectId: null,
      subjectLabel: 'unbekannt',
    });

    const [failed, disabled, role, created] = (await page()).items;
    expect(failed).toMatchObject({
      kind: 'login.passwordFailed',
      actor: null,
      subject: 'unbekannt',
      changes: null,
    });
    expect(disabled).toMatchObject({
      kind: 'member.disabled',
      actor: { id: adminId, username: 'admin' },
      subjectType: 'member',
      subjectId: other.id,
      subject: 'bleibt',
      changes: { disabled: { before: false, after: true } },
    });
    expect(role).toMatchObject({ kind: 'member.role', subject: 'bald-geloescht' });
    expect(created).toMatchObject({
      kind: 'group.create',
      subjectType: 'group',
      subject: 'Protokolliert',
      changes: { name: { before: null, after: 'Protokolliert' } },
    });
    expect(created?.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    await eraseMember(w, member.id);
    const afterErasure = (await page()).items.find((entry) => entry.id === role?.id);
    expect(afterErasure?.subject).toBe(ERASED_MEMBER_NAME);
  });

  it('should page newest first by keyset, each entry exactly once', async () => {
    for (let n = 0; n < AUDIT_PAGE_SIZE + 7; n += 1) {
      await recordAudit(w.t.database.db, {
        actorId: adminId,
        kind: 'post.save',
        subjectType: 'post',
        subjectId: n + 1,
        subjectLabel: `Beitrag ${n}`,
      });
    }
    const first = await page('?kind=post.save');
    expect(first.items).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.items[0]?.subject).toBe(`Beitrag ${AUDIT_PAGE_SIZE + 6}`);
    expect(first.nextBefore).toBe(first.items.at(-1)?.id);
    const entries = await all('kind=post.save');
    expect(entries.map((entry) => entry.subject)).toEqual(
      Array.from({ length: AUDIT_PAGE_SIZE + 7 }, (_, n) => `Beitrag ${AUDIT_PAGE_SIZE + 6 - n}`),
    );
    const ids = entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('should filter by actor and by kind', async () => {
    const chef = await userId(w, 'chef');
    await recordAudit(w.t.database.db, {
      actorId: chef,
      kind: 'event.delete',
      subjectType: 'event',
      subjectId: 7,
      subjectLabel: 'Glastage',
    });
    expect((await all(`actor=${chef}`)).map((entry) => entry.subject)).toEqual(['Glastage']);
    expect((await all('kind=event.delete')).map((entry) => entry.actor?.username)).toEqual(['chef']);
    expect(await all(`actor=${chef}&kind=post.save`)).toEqual([]);
  });

  it('should filter by German calendar days, both included, across summer time', async () => {
    const at = (iso: string, label: string) =>
      recordAudit(w.t.database.db, {
        actorId: adminId,
        kind: 'media.delete',
        subjectType: 'media',
        subjectLabel: label,
        at: new Date(iso),
      });
    await at('2026-03-28T22:59:00Z', 'Sa 23:59'); // Saturday 23:59 in winter time
    await at('2026-03-28T23:00:00Z', 'So 00:00'); // Sunday 00:00, the night summer time begins
    await at('2026-03-29T21:59:00Z', 'So 23:59'); // Sunday 23:59 in summer time
    await at('2026-03-29T22:00:00Z', 'Mo 00:00');
    const labels = async (filter: string) =>
      (await all(`kind=media.delete&${filter}`)).map((entry) => entry.subject);
    expect(await labels('from=2026-03-29&to=2026-03-29')).toEqual(['So 23:59', 'So 00:00']);
    expect(await labels('to=2026-03-28')).toEqual(['Sa 23:59']);
    expect(await labels('from=2026-03-30')).toEqual(['Mo 00:00']);
    expect(await labels('from=2026-03-28&to=2026-03-30')).toEqual([
      'Mo 00:00',
      'So 23:59',
      'So 00:00',
      'Sa 23:59',
    ]);
    expect(await labels('from=2026-03-31&to=2026-03-30')).toEqual([]);
  });

  it.each([
    ['an unknown kind', 'kind=member.delete', 'kind', ADMIN_MESSAGES.kindInvalid],
    ['a day that is no date', 'from=2026-13-01', 'from', ADMIN_MESSAGES.dateInvalid],
    ['a German date', 'to=01.03.2026', 'to', ADMIN_MESSAGES.dateInvalid],
    ['an actor that is no id', 'actor=admin', 'actor', ADMIN_MESSAGES.filterInvalid],
    ['before 0', 'before=0', 'before', ADMIN_MESSAGES.pageInvalid],
  ])('should refuse %s with 400 and a German detail', async (_name, query, field, message) => {
    const response = await call(w, 'GET', `${ADMIN_API.audit}?${query}`, w.as.admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: message, errors: { [field]: message } });
  });

  it.each(REFUSED)('should refuse a request %s with %i', async (_name, status, who) => {
    const response = await call(w, 'GET', ADMIN_API.audit, headersOf(w, who));
    expect(response.statusCode).toBe(status);
    expect(response.json().detail).toBe(status === 401 ? MESSAGES.unauthorized : MESSAGES.forbidden);
  });
});

describe('berlinDayStart', () => {
  it('should find midnight in German winter and summer time', () => {
    expect(berlinDayStart('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(berlinDayStart('2026-07-15').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(berlinDayStart('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(berlinDayStart('2026-10-25', 1).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(berlinDayStart('2026-12-31', 1).toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });
});
