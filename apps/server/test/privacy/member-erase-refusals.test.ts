import { ADMIN_MESSAGES, ID_MESSAGES, MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userId } from '../helpers/factories.ts';
import { rowCounts } from '../helpers/world.ts';
import { createPrivacyWorld, erase, erasuresOf, type PrivacyWorld, userRow } from './privacy-helpers.ts';

let w: PrivacyWorld;
let kollege: number;
beforeAll(async () => {
  w = await createPrivacyWorld();
  kollege = await userId(w, 'kollege');
});
afterAll(() => w.close());

/** Nothing of the member changed, and no erasure was recorded. */
async function untouched(id: number, username: string): Promise<void> {
  const row = await userRow(w, id);
  expect(row).toMatchObject({ username, erasedAt: null });
  expect(Boolean(row.disabled)).toBe(false);
  expect(await erasuresOf(w, id)).toEqual([]);
}

describe('DELETE /api/admin/members/{id} refused', () => {
  it('should refuse an admin erasing themselves with 400', async () => {
    const admin = await userId(w, 'admin');
    const response = await erase(w, w.as.admin, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: ADMIN_MESSAGES.selfErase });
    await untouched(admin, 'admin');
    expect((await w.app.inject({ url: '/api/account/profile', headers: w.as.admin })).statusCode).toBe(200);
  });

  it('should answer 404 for a member that does not exist', async () => {
    const entries = (await rowCounts(w.t, ['auditLog'])).auditLog;
    const response = await erase(w, w.as.admin, 999_999);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: ADMIN_MESSAGES.memberNotFound });
    expect((await rowCounts(w.t, ['auditLog'])).auditLog).toBe(entries);
  });

  it.each(['abc', '0', '-1', '1.5', '2147483648', '%20'])(
    'should refuse the id %j with 400 and a German detail',
    async (bad) => {
      const response = await erase(w, w.as.admin, bad);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(ID_MESSAGES.invalid);
    },
  );

  it('should refuse a request without token with 401', async () => {
    const response = await erase(w, {}, kollege);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.unauthorized });
    await untouched(kollege, 'kollege');
  });

  it.each(['mitglied', 'partner'] as const)('should refuse %s with 403', async (user) => {
    const response = await erase(w, w.as[user], kollege);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MESSAGES.forbidden });
    await untouched(kollege, 'kollege');
  });

  it('should answer 404 when the member is erased already, and record the erasure once', async () => {
    expect((await erase(w, w.as.admin, kollege)).statusCode).toBe(204);
    const again = await erase(w, w.as.redaktion, kollege);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: ADMIN_MESSAGES.memberNotFound });
    expect(await erasuresOf(w, kollege)).toHaveLength(1);
  });

  it('should erase a member once when two admins erase them at the same time', async () => {
    const partner = await userId(w, 'partner');
    const answers = await Promise.all([erase(w, w.as.admin, partner), erase(w, w.as.redaktion, partner)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 404]);
    expect(await erasuresOf(w, partner)).toHaveLength(1);
  });
});
