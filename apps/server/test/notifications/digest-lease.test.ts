import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobLease } from '../../src/platform/jobs/job-lease.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { nextDigestTime } from './digest-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const holderOf = async (name: string) =>
  (await t.database.db.selectFrom('jobLeases').select('holder').where('name', '=', name).executeTakeFirst())
    ?.holder;

describe('a job lease', () => {
  it('should be held by one holder until it expires or is released', async () => {
    const lease = createJobLease(t.database.db);
    const now = new Date();
    expect(await lease.take('probe', 'eins', 5 * MINUTE, now)).toBe(true);
    expect(await lease.take('probe', 'zwei', 5 * MINUTE, now)).toBe(false);
    expect(await lease.take('probe', 'zwei', 5 * MINUTE, new Date(now.getTime() + 4 * MINUTE))).toBe(false);
    // the holder renews it
    expect(await lease.take('probe', 'eins', 5 * MINUTE, new Date(now.getTime() + 4 * MINUTE))).toBe(true);
    expect(await lease.take('probe', 'zwei', 5 * MINUTE, new Date(now.getTime() + 8 * MINUTE))).toBe(false);
    // expired: the next holder takes it, and the old one can no longer release it
    expect(await lease.take('probe', 'zwei', 5 * MINUTE, new Date(now.getTime() + 10 * MINUTE))).toBe(true);
    await lease.release('probe', 'eins');
    expect(await holderOf('probe')).toBe('zwei');
    await lease.release('probe', 'zwei');
    expect(await holderOf('probe')).toBeUndefined();
    expect(await lease.take('probe', 'eins', 5 * MINUTE)).toBe(true);
  });

  it('should keep leases of different jobs apart', async () => {
    const lease = createJobLease(t.database.db);
    expect(await lease.take('job-a', 'eins', MINUTE)).toBe(true);
    expect(await lease.take('job-b', 'zwei', MINUTE)).toBe(true);
  });

  it('should go to exactly one of many instances taking it at once', async () => {
    const instances = await Promise.all([t.secondInstance(), t.secondInstance(), t.secondInstance()]);
    try {
      const leases = [t.database, ...instances.map((instance) => instance.database)].map((database) =>
        createJobLease(database.db),
      );
      const taken = await Promise.all(leases.map((lease, index) => lease.take('race', `h${index}`, MINUTE)));
      expect(taken.filter(Boolean)).toHaveLength(1);
      // and again once it has expired
      const later = new Date(Date.now() + 2 * MINUTE);
      const retaken = await Promise.all(
        leases.map((lease, index) => lease.take('race', `k${index}`, MINUTE, later)),
      );
      expect(retaken.filter(Boolean)).toHaveLength(1);
    } finally {
      for (const instance of instances) await instance.close();
    }
  });
});

describe("the digest scheduler's lease", () => {
  it("should skip a run while another instance holds 'digest', and run once it expired", async () => {
    const lease = createJobLease(t.database.db);
    expect(await lease.take('digest', 'andere-instanz', 5 * MINUTE)).toBe(true);
    await t.app.accounts.upsertUser({
      username: 'mitglied',
      email: 'mitglied@example.de',
      roles: ['ROLE_USER'],
    });
    const now = nextDigestTime();
    expect(await t.app.digestScheduler.runOnce(now)).toEqual({
      leased: false,
      due: 0,
      queued: 0,
      empty: 0,
      skipped: 0,
      failed: 0,
    });
    expect(await holderOf('digest')).toBe('andere-instanz');

    await t.database.db
      .updateTable('jobLeases')
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where('name', '=', 'digest')
      .execute();
    expect(await t.app.digestScheduler.runOnce(now)).toMatchObject({ leased: true, due: 1, empty: 1 });
    // released at the end of the run
    expect(await holderOf('digest')).toBeUndefined();
    expect(await t.database.db.selectFrom('mailOutbox').select('id').execute()).toEqual([]);
  });
});
