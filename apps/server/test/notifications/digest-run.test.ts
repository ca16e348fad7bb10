import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NOTIFICATIONS_API } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appAddresses } from '../../src/config.ts';
import { createDigestRunner } from '../../src/features/notifications/digest.ts';
import { latestSlot } from '../../src/features/notifications/digest-slots.ts';
import { DIGEST_SECTIONS } from '../../src/modules.ts';
import { createMailOutbox } from '../../src/platform/mail/mail-outbox.ts';
import { createUnsubscribeTokens } from '../../src/platform/mail/unsubscribe-token.ts';
import { createUser, userId } from '../helpers/factories.ts';
import { readMail } from '../helpers/smtp-peer.ts';
import { drain } from '../mail/mail-helpers.ts';
import {
  createDigestWorld,
  DAY,
  type DigestWorld,
  digestMails,
  digestOf,
  digestUntil,
  HOUR,
  MINUTE,
  nextDigestTime,
  setSettings,
  writePost,
} from './digest-helpers.ts';

let w: DigestWorld;
beforeAll(async () => {
  w = await createDigestWorld();
});
afterAll(() => w.close());

/** Every test starts from an empty outbox and no settings rows: all members daily, never mailed. */
afterEach(async () => {
  await w.t.database.db.deleteFrom('mailOutbox').execute();
  await w.t.database.db.deleteFrom('notificationSettings').execute();
});

const MEMBERS = 6;
/** What a digest runner of its own needs, from the world's app. */
const runnerDeps = () => ({
  db: w.t.database.db,
  accounts: w.app.accounts,
  outbox: createMailOutbox(w.t.database),
  addresses: appAddresses(w.t.config),
  jwtSecret: w.t.config.jwtSecret,
  log: w.app.log,
  sections: DIGEST_SECTIONS,
});
const run = (now: Date) => w.app.digestScheduler.runOnce(now);
const recipients = async () =>
  (await digestMails(w)).map((mail) => mail.recipient.replace('@example.de', ''));

describe('which members are due', () => {
  it('should run the first digest of every member after the next 07:00, then nothing until the one after', async () => {
    const first = nextDigestTime();
    await writePost(w, { title: 'Erster Beitrag', visibleForUserGroups: [w.groups.mitglieder] });
    const result = await run(first);
    expect(result).toMatchObject({ leased: true, due: MEMBERS, failed: 0 });
    expect(result.queued + result.empty).toBe(MEMBERS);
    expect((await recipients()).sort()).toEqual(['admin', 'beide', 'mitglied']);
    expect(await digestUntil(w, 'partner')).toEqual(first);

    expect(await run(first)).toMatchObject({ due: 0, queued: 0, empty: 0 });
    expect(await run(new Date(first.getTime() + 12 * HOUR))).toMatchObject({ due: 0 });

    // the next morning: due again, but nothing new, so no mail; the watermark still moves on
    const next = nextDigestTime('daily', new Date(first.getTime() + HOUR));
    expect(await run(next)).toMatchObject({ due: MEMBERS, queued: 0, empty: MEMBERS });
    expect(await recipients()).toHaveLength(3);
    expect(await digestUntil(w, 'mitglied')).toEqual(next);
  });

  it('should send weekly digests on Monday after 07:00 only', async () => {
    for (const username of ['mitglied', 'chef']) await setSettings(w, username, { digest: 'weekly' });
    const monday = nextDigestTime('weekly');
    await writePost(w, { title: 'Wochenthema', visibleForUserGroups: [w.groups.mitglieder] });
    expect(await run(monday)).toMatchObject({ due: MEMBERS });
    expect(await recipients()).toContain('mitglied');

    const tuesday = new Date(latestSlot('daily', new Date(monday.getTime() + DAY)).getTime() + MINUTE);
    expect(await run(tuesday)).toMatchObject({ due: MEMBERS - 2 });
    const sunday = new Date(monday.getTime() + 6 * DAY + 12 * HOUR);
    expect(await run(sunday)).toMatchObject({ due: MEMBERS - 2 });
    expect(await digestUntil(w, 'mitglied')).toEqual(monday);
    const nextMonday = new Date(
      latestSlot('weekly', new Date(monday.getTime() + 8 * DAY)).getTime() + MINUTE,
    );
    expect(await run(nextMonday)).toMatchObject({ due: MEMBERS });
    expect(await digestUntil(w, 'mitglied')).toEqual(nextMonday);
  });

  it("should never send one to 'never', disabled members or members without an address", async () => {
    await setSettings(w, 'mitglied', { digest: 'never' });
    const now = nextDigestTime();
    await writePost(w, { title: 'Für niemanden', visibleForUserGroups: [w.groups.mitglieder] });
    await createUser(w.app, { username: 'gesperrt' });
    await w.app.accounts.setDisabled('gesperrt', true);
    const { id } = await createUser(w.app, { username: 'ohneadresse' });
    await w.t.database.db.updateTable('users').set({ email: null }).where('id', '=', id).execute();
    expect(await run(now)).toMatchObject({ due: MEMBERS - 1 });
    const names = await recipients();
    expect(names).not.toContain('mitglied');
    expect(names).not.toContain('gesperrt');
    expect(await digestUntil(w, 'mitglied')).toBeNull();
  });

  it('should list only what is newer than the previous digest', async () => {
    const early = await writePost(w, {
      title: 'Schon gemeldet',
      visibleForUserGroups: [w.groups.mitglieder],
    });
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
    await w.t.database.db
      .updateTable('blogPosts')
      .set({ createdAt: twoHoursAgo, publishedAt: twoHoursAgo })
      .where('id', '=', early.id)
      .execute();
    await setSettings(w, 'mitglied', { digestUntil: new Date(Date.now() - HOUR) });
    // written now, dated back an hour: new since the previous digest all the same
    await writePost(w, { title: 'Ganz neu', visibleForUserGroups: [w.groups.mitglieder] });
    await run(nextDigestTime());
    const mail = await digestOf(w, 'mitglied');
    expect(mail?.text).toContain('Ganz neu');
    expect(mail?.text).not.toContain('Schon gemeldet');
  });
});

describe('turning the digest on again', () => {
  it('should start from the moment it was turned on, not from the last digest months ago', async () => {
    await setSettings(w, 'mitglied', { digest: 'never', digestUntil: new Date(Date.now() - 90 * DAY) });
    const before = await writePost(w, {
      title: 'Aus der Pause',
      visibleForUserGroups: [w.groups.mitglieder],
    });
    const anHourAgo = new Date(Date.now() - HOUR);
    await w.t.database.db
      .updateTable('blogPosts')
      .set({ createdAt: anHourAgo, publishedAt: anHourAgo })
      .where('id', '=', before.id)
      .execute();
    const saved = await w.app.inject({
      method: 'PUT',
      url: NOTIFICATIONS_API.settings,
      headers: w.as.mitglied,
      payload: { forumReplies: true, digest: 'daily' },
    });
    expect(saved.statusCode).toBe(200);
    const since = await digestUntil(w, 'mitglied');
    expect(since?.getTime()).toBeGreaterThan(Date.now() - MINUTE);
    await writePost(w, { title: 'Nach dem Einschalten', visibleForUserGroups: [w.groups.mitglieder] });
    await run(nextDigestTime());
    const mail = await digestOf(w, 'mitglied');
    expect(mail?.text).toContain('Nach dem Einschalten');
    expect(mail?.text).not.toContain('Aus der Pause');
  });
});

describe('sending each digest once', () => {
  it('should queue one mail when two instances run at the same moment', async () => {
    await writePost(w, { title: 'Gleichzeitig', visibleForUserGroups: [w.groups.mitglieder] });
    const now = nextDigestTime();
    const second = await w.t.secondInstance();
    try {
      const runs = await Promise.all([run(now), second.app.digestScheduler.runOnce(now), run(now)]);
      expect(runs.reduce((sum, result) => sum + result.queued, 0)).toBe(3);
    } finally {
      await second.close();
    }
    expect((await recipients()).sort()).toEqual(['admin', 'beide', 'mitglied']);
  });

  it('should queue one mail when two runs race past the lease (the guard on digest_until)', async () => {
    await writePost(w, { title: 'Wettlauf', visibleForUserGroups: [w.groups.mitglieder] });
    const now = nextDigestTime();
    const deps = runnerDeps();
    const results = await Promise.all([createDigestRunner(deps).run(now), createDigestRunner(deps).run(now)]);
    expect(results.map((result) => result.queued).reduce((a, b) => a + b)).toBe(3);
    expect((await recipients()).sort()).toEqual(['admin', 'beide', 'mitglied']);
    expect(results.map((result) => result.failed)).toEqual([0, 0]);
  });
});

describe('a long run', () => {
  it('should let timers and requests in between its batches (SQLite answers without waiting on I/O)', async () => {
    await writePost(w, { title: 'Für viele', visibleForUserGroups: [w.groups.mitglieder] });
    const deps = runnerDeps();
    let batches = 0;
    let turnSeenAfterBatch: number | undefined;
    setImmediate(() => {
      turnSeenAfterBatch = batches;
    });
    const result = await createDigestRunner(deps).run(nextDigestTime(), {
      batchSize: 1,
      afterBatch: async () => {
        batches += 1;
        return true;
      },
    });
    expect(result.due).toBe(MEMBERS);
    // the event loop had a turn after the first batch, not only once all members were done
    expect(turnSeenAfterBatch).toBeDefined();
    expect(turnSeenAfterBatch).toBeLessThan(MEMBERS - 1);
  });
});

describe('the digest mail', () => {
  it('should be German, with text and HTML parts and a one-click unsubscribe link of the current version', async () => {
    // the previous digest covered every post written so far
    const newest = await w.t.database.db
      .selectFrom('blogPosts')
      .select((eb) => eb.fn.max('createdAt').as('at'))
      .executeTakeFirstOrThrow();
    await setSettings(w, 'mitglied', { version: 3, digestUntil: newest.at ? new Date(newest.at) : null });
    const post = await writePost(w, {
      title: 'Fensterbau im Wandel',
      visibleForUserGroups: [w.groups.mitglieder],
    });
    await run(nextDigestTime());
    const tokens = createUnsubscribeTokens(w.t.config.jwtSecret, w.t.config.publicUrl);
    const claimOf = (url: string | null | undefined, email: string) => {
      const claim = tokens.verify(new URL(url ?? 'http://x/').searchParams.get('token') ?? '');
      return claim && tokens.forAddress(claim, email)
        ? { userId: claim.userId, kind: claim.kind, version: claim.version }
        : null;
    };

    const mail = await digestOf(w, 'mitglied');
    const id = await userId(w, 'mitglied');
    expect(mail?.listUnsubscribe).toMatch(`http://localhost:8080${NOTIFICATIONS_API.unsubscribe}?token=`);
    expect(claimOf(mail?.listUnsubscribe, 'mitglied@example.de')).toEqual({
      userId: id,
      kind: 'digest',
      version: 3,
    });
    // a member without a settings row signs version 0
    const beide = await digestOf(w, 'beide');
    expect(claimOf(beide?.listUnsubscribe, 'beide@example.de')).toEqual({
      userId: await userId(w, 'beide'),
      kind: 'digest',
      version: 0,
    });
    expect(mail?.topic).toMatch(new RegExp(`^digest:${id}:\\d{4}-\\d\\d-\\d\\dT`));

    await drain(w.app);
    const dir = path.join(w.t.config.dataDir, 'outbox');
    const raw = readdirSync(dir)
      .map((name) => readFileSync(path.join(dir, name), 'utf8'))
      .find(
        (content) => /^To: mitglied@example\.de$/m.test(content) && content.includes('Fensterbau im Wandel'),
      );
    if (!raw) throw new Error('no .eml for mitglied');
    const eml = readMail(raw);
    expect(eml.subject).toBe('Neues im Mitgliederportal: 1 Beitrag');
    expect(eml.text).toContain('Hallo mitglied,');
    expect(eml.text).toContain('Neuigkeiten');
    expect(eml.text).toContain(`http://localhost:8080/blog/${post.id}`);
    expect(eml.text).toContain(`Keine Zusammenfassungen mehr erhalten: ${mail?.listUnsubscribe}`);
    expect(eml.text).toContain('Benachrichtigungen ändern: http://localhost:8080/benachrichtigungen');
    expect(eml.html).toContain(`href="http://localhost:8080/blog/${post.id}"`);
    expect(eml.html).toContain('<html lang="de">');
    const head = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
    expect(head).toContain(`List-Unsubscribe: <${mail?.listUnsubscribe}>`);
    expect(head).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it("should say 'und N weitere' after 20 entries of a section and count all of them", async () => {
    for (let index = 1; index <= 22; index += 1)
      await writePost(w, { title: `Meldung ${index}`, visibleForUserGroups: [w.groups.gf] });
    await run(nextDigestTime());
    const mail = await digestOf(w, 'chef');
    expect(mail?.subject).toBe('Neues im Mitgliederportal: 22 Beiträge');
    expect(mail?.text).toContain('Meldung 22');
    expect(mail?.text).not.toMatch(/^- Meldung [12]\b/m);
    expect(mail?.text).toContain('und 2 weitere');
  });
});

describe('the scheduler', () => {
  it('should run by itself once started, and log what it sent', async () => {
    // the last digest two days ago: due at any time of day
    await setSettings(w, 'beide', { digestUntil: new Date(Date.now() - 2 * DAY) });
    await writePost(w, { title: 'Vom Zeitplan', visibleForUserGroups: [w.groups.gf] });
    const second = await w.t.secondInstance({ digestScheduler: { tickMs: 20 } });
    try {
      second.app.digestScheduler.start();
      const deadline = Date.now() + 10_000;
      while (!(await digestOf(w, 'beide')) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await second.close();
    }
    expect((await digestOf(w, 'beide'))?.text).toContain('Vom Zeitplan');
  });

  it('should log how many digests a run queued and skipped', async () => {
    await writePost(w, { title: 'Fürs Protokoll', visibleForUserGroups: [w.groups.mitglieder] });
    const result = await run(nextDigestTime());
    expect(result.queued).toBeGreaterThan(0);
    const line = w.t
      .logs()
      .split('\n')
      .filter((entry) => entry.includes('digest run'))
      .at(-1);
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      due: MEMBERS,
      queued: result.queued,
      empty: result.empty,
    });
  });
});
