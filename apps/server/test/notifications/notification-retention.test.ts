import { NOTIFICATION_RETENTION_DAYS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobLease } from '../../src/platform/jobs/job-lease.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { addNotice, countOf, itemsOf, storedNotices } from './centre-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());

const DAY = 24 * 60 * 60 * 1000;

describe('the notification retention job', () => {
  it(`should remove notifications older than ${NOTIFICATION_RETENTION_DAYS} days, read or not, and keep the rest`, async () => {
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    await addNotice(w, 'mitglied', { text: 'Alt und ungelesen.', at: ago(NOTIFICATION_RETENTION_DAYS + 1) });
    await addNotice(w, 'mitglied', { text: 'Alt und gelesen.', at: ago(NOTIFICATION_RETENTION_DAYS + 30) });
    await w.t.database.db
      .updateTable('notifications')
      .set({ readAt: now })
      .where('text', '=', 'Alt und gelesen.')
      .execute();
    await addNotice(w, 'mitglied', { text: 'Knapp jung genug.', at: ago(NOTIFICATION_RETENTION_DAYS - 1) });
    await addNotice(w, 'chef', { text: 'Neu.', at: now });
    expect(await countOf(w, w.as.mitglied)).toBe(2);

    const run = await w.app.notificationRetention.runOnce(now);
    expect(run).toEqual({ leased: true, deleted: 2 });
    expect((await storedNotices(w, 'mitglied')).map((row) => row.text)).toEqual(['Knapp jung genug.']);
    expect((await itemsOf(w, w.as.chef)).map((item) => item.text)).toEqual(['Neu.']);

    // 91 days later the rest is old too
    expect(await w.app.notificationRetention.runOnce(new Date(now.getTime() + 91 * DAY))).toEqual({
      leased: true,
      deleted: 2,
    });
    expect(await storedNotices(w, 'chef')).toEqual([]);
  });

  it('should do nothing while another instance holds its lease', async () => {
    await addNotice(w, 'beide', { at: new Date(Date.now() - 200 * DAY) });
    const lease = createJobLease(w.t.database.db);
    expect(await lease.take('notification-retention', 'another-instance', 60_000)).toBe(true);
    expect(await w.app.notificationRetention.runOnce()).toEqual({ leased: false, deleted: 0 });
    expect(await storedNotices(w, 'beide')).toHaveLength(1);
    await lease.release('notification-retention', 'another-instance');
    expect(await w.app.notificationRetention.runOnce()).toEqual({ leased: true, deleted: 1 });
  });
});
