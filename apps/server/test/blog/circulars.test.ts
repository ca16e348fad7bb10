import {
  ACCOUNT_EXPORT_API,
  ADMIN_API,
  ADMIN_COMPANIES_API,
  BLOG_API,
  BLOG_MESSAGES,
  type TAccountExport,
  type TBlog,
  type TBlogPage,
  type TConfirmations,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlogRepository } from '../../src/features/blog/blog.repository.ts';
import { createCirculars } from '../../src/features/blog/circulars.service.ts';
import { createCircularReminders } from '../../src/features/blog/index.ts';
import { createJobLease } from '../../src/platform/jobs/job-lease.ts';
import { createMailOutbox } from '../../src/platform/mail/mail-outbox.ts';
import { createWorld, fixture, rowCounts, type World } from '../helpers/world.ts';
import { postInput, savePost } from './blog-helpers.ts';

const USERS = [
  { username: 'admin', role: 'ROLE_ADMIN', groups: [] },
  { username: 'anna', role: 'ROLE_USER', groups: ['Mitglieder'], company: 'Glas AG' },
  { username: 'bernd', role: 'ROLE_USER', groups: ['Mitglieder'], company: 'Bau GmbH' },
  { username: 'carl', role: 'ROLE_USER', groups: ['Mitglieder'], company: '=HYPERLINK("x")' },
  { username: 'chef', role: 'ROLE_USER', groups: ['Geschäftsführung'], company: 'Glas AG' },
  { username: 'partner', role: 'ROLE_PARTNER', groups: ['Partner'], company: 'Zulieferer KG' },
] as const;

let w: World<(typeof USERS)[number]['username']>;
beforeAll(async () => {
  w = await createWorld({ users: USERS });
});
afterAll(() => w.t.close());

const db = () => w.t.database.db;
const pdf = () => ({
  filename: 'Merkblatt.pdf',
  data: fixture('docs/merkblatt.pdf'),
  type: 'application/pdf',
});

async function saveCircular(overrides: Record<string, unknown> = {}, files: Record<string, unknown> = {}) {
  return w.postMultipart(BLOG_API.save, w.as.admin, {
    blog: JSON.stringify({ ...postInput(w), circular: true, ...overrides }),
    ...files,
  });
}

async function circular(overrides: Record<string, unknown> = {}): Promise<TBlog> {
  const response = await saveCircular(overrides);
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json<TBlog>();
}

const asking = (confirmBy = '2030-01-20', overrides: Record<string, unknown> = {}) =>
  circular({ confirmationRequired: true, confirmBy, ...overrides });

const confirm = (headers: Record<string, string>, id: number) =>
  w.t.app.inject({ method: 'POST', url: BLOG_API.confirmation(id), headers });

const read = (headers: Record<string, string>, id: number) => w.json<TBlog>(BLOG_API.byId(id), headers);

describe('a circular and its number', () => {
  it('should number circulars per year of publication, and leave other posts without number', async () => {
    const first = await circular({ publishedAt: '2021-03-01T10:00:00.000Z' });
    const second = await circular({ publishedAt: '2021-04-01T10:00:00.000Z' });
    const plain = await savePost(w, w.as.admin, postInput(w));
    expect(first).toMatchObject({ circular: true, circularNumber: { number: 1, year: 2021 } });
    expect(second.circularNumber).toEqual({ number: 2, year: 2021 });
    expect(plain.json()).toMatchObject({ circular: false, circularNumber: null, attachments: [] });
    // a save keeps the number, even with another date
    const saved = await circular({ id: first.id, publishedAt: '2021-05-01T10:00:00.000Z', title: 'Neu' });
    expect(saved.circularNumber).toEqual({ number: 1, year: 2021 });
  });

  it('should give 20 circulars saved at once the numbers 1 to 20 of their year, without gaps', async () => {
    const saved = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        circular({ title: `RS ${i}`, publishedAt: '2022-06-01T10:00:00.000Z' }),
      ),
    );
    const numbers = saved.map((post) => post.circularNumber?.number).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('should give a failed save’s number back: the next circular gets it', async () => {
    await circular({ publishedAt: '2023-01-10T10:00:00.000Z' });
    const failed = await saveCircular(
      { publishedAt: '2023-01-11T10:00:00.000Z' },
      {
        'attachments[0]': { filename: 'bild.pdf', data: fixture('images/logo.png'), type: 'application/pdf' },
      },
    );
    expect(failed.statusCode).toBe(415);
    const next = await circular({ publishedAt: '2023-01-12T10:00:00.000Z' });
    expect(next.circularNumber).toEqual({ number: 2, year: 2023 });
  });

  it('should refuse to turn a circular back into a plain post, and write nothing', async () => {
    const post = await circular({ publishedAt: '2024-01-10T10:00:00.000Z' });
    const response = await saveCircular({ id: post.id, title: 'Anders', circular: false });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: BLOG_MESSAGES.circularStays });
    expect((await read(w.as.admin, post.id)).title).toBe(post.title);
  });

  it('should keep the circular fields when a save leaves them out (a form that does not know them)', async () => {
    const post = await asking('2030-02-01');
    const response = await savePost(w, w.as.admin, postInput(w, { id: post.id, title: 'Nur der Titel' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Nur der Titel',
      circular: true,
      circularNumber: post.circularNumber,
      confirmationRequired: true,
      confirmBy: '2030-02-01',
    });
  });

  it('should refuse bad input with German texts and write nothing', async () => {
    const tables = [
      'blogPosts',
      'blogCircularVersions',
      'blogPostAttachments',
      'blogCircularCounters',
    ] as const;
    const before = await rowCounts(w.t, tables);
    const noDate = await saveCircular({ confirmationRequired: true });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json()).toMatchObject({
      detail: BLOG_MESSAGES.confirmByRequired,
      errors: { 'blog.confirmBy': BLOG_MESSAGES.confirmByRequired },
    });
    const badDate = await saveCircular({ confirmationRequired: true, confirmBy: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.body).toContain(BLOG_MESSAGES.confirmByInvalid);
    const notPdf = await saveCircular(
      {},
      { 'attachments[0]': { filename: 'x.pdf', data: fixture('images/logo.png') } },
    );
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json()).toMatchObject({ detail: BLOG_MESSAGES.attachmentType });
    const plainWithFile = await w.postMultipart(BLOG_API.save, w.as.admin, {
      blog: JSON.stringify(postInput(w)),
      'attachments[0]': pdf(),
    });
    expect(plainWithFile.statusCode).toBe(400);
    expect(plainWithFile.json()).toMatchObject({ detail: BLOG_MESSAGES.attachmentsOnlyCircular });
    expect(await rowCounts(w.t, tables)).toEqual(before);
  });

  it('should keep PDF attachments by content, in order, and drop those not kept', async () => {
    const response = await saveCircular(
      {},
      { 'attachments[0]': pdf(), 'attachments[1]': { ...pdf(), filename: 'Zwei.pdf' } },
    );
    expect(response.statusCode).toBe(200);
    const post = response.json<TBlog>();
    expect(post.attachments.map((file) => file.name)).toEqual(['Merkblatt.pdf', 'Zwei.pdf']);
    expect(post.attachments[0]?.url).toMatch(/^\/api\/files\//);
    const second = post.attachments[1]?.id;
    const kept = await circular({ id: post.id, attachments: [second] });
    expect(kept.attachments.map((file) => file.name)).toEqual(['Zwei.pdf']);
  });

  it('should list circulars on their own with ?rundschreiben=true, by the groups', async () => {
    const own = await circular({
      title: 'Nur Rundschreiben',
      publishedAt: new Date(Date.now() - 1000).toISOString(),
    });
    const page = await w.json<TBlogPage>(`${BLOG_API.list}?rundschreiben=true`, w.as.anna);
    expect(page.items.every((post) => post.circular)).toBe(true);
    expect(page.items[0]?.id).toBe(own.id);
    expect(page.total).toBeGreaterThan(20);
    const chef = await w.json<TBlogPage>(`${BLOG_API.list}?rundschreiben=true`, w.as.chef);
    expect(chef.items).toEqual([]);
  });
});

describe('POST /api/blog/{id}/confirmation', () => {
  it('should refuse without login, for hidden posts, plain posts and circulars asking for none', async () => {
    const post = await asking();
    expect((await w.t.app.inject({ method: 'POST', url: BLOG_API.confirmation(post.id) })).statusCode).toBe(
      401,
    );
    expect((await confirm(w.as.chef, post.id)).statusCode).toBe(404);
    const plain = (await savePost(w, w.as.admin, postInput(w))).json<TBlog>();
    const notCircular = await confirm(w.as.anna, plain.id);
    expect(notCircular.statusCode).toBe(409);
    expect(notCircular.json()).toEqual({ detail: BLOG_MESSAGES.confirmationNotCircular });
    const none = await circular();
    expect((await confirm(w.as.anna, none.id)).json()).toEqual({
      detail: BLOG_MESSAGES.confirmationNotRequested,
    });
  });

  it('should record who and when once, also for two presses at once, and let partners confirm', async () => {
    const post = await asking('2030-01-21');
    expect((await read(w.as.anna, post.id)).confirmation).toEqual({
      confirmedAt: null,
      pending: true,
      changedSince: null,
    });
    const [a, b] = await Promise.all([confirm(w.as.anna, post.id), confirm(w.as.anna, post.id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const first = a.json<TBlog>().confirmation?.confirmedAt;
    expect(first).toEqual(expect.any(String));
    expect((await confirm(w.as.anna, post.id)).json<TBlog>().confirmation?.confirmedAt).toBe(first);
    const rows = await db()
      .selectFrom('blogConfirmations')
      .selectAll()
      .where('blogPostId', '=', post.id)
      .execute();
    expect(rows).toHaveLength(1);
    const audits = await db()
      .selectFrom('auditLog')
      .selectAll()
      .where('kind', '=', 'post.confirm')
      .where('subjectId', '=', post.id)
      .execute();
    expect(audits).toHaveLength(1);

    const forPartners = await asking('2030-01-21', { visibleForUserGroups: [w.groups.partner] });
    expect((await confirm(w.as.partner, forPartners.id)).statusCode).toBe(200);
  });

  it('should show the admin the counts, and members what changed after a change that needs a new confirmation', async () => {
    const post = await asking('2030-01-22', { content: '<p>Alt</p>' });
    await confirm(w.as.anna, post.id);
    await confirm(w.as.bernd, post.id);
    expect((await read(w.as.admin, post.id)).confirmationCounts).toEqual({ confirmed: 2, total: 3 });
    // a change without a new confirmation keeps them
    await circular({
      id: post.id,
      confirmationRequired: true,
      confirmBy: '2030-01-22',
      content: '<p>Tippfehler</p>',
    });
    expect((await read(w.as.admin, post.id)).confirmationCounts).toEqual({ confirmed: 2, total: 3 });
    await circular({
      id: post.id,
      confirmationRequired: true,
      confirmBy: '2030-01-22',
      content: '<p>Neu</p>',
      reconfirm: true,
    });
    expect((await read(w.as.admin, post.id)).confirmationCounts).toEqual({ confirmed: 0, total: 3 });
    const change = await db()
      .selectFrom('auditLog')
      .select('changes')
      .where('kind', '=', 'post.save')
      .where('subjectId', '=', post.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const changes: unknown = typeof change.changes === 'string' ? JSON.parse(change.changes) : change.changes;
    expect(changes).toMatchObject({ version: { before: 1, after: 2 } });
    const anna = (await read(w.as.anna, post.id)).confirmation;
    expect(anna).toMatchObject({
      confirmedAt: null,
      pending: true,
      changedSince: { fields: ['content'], content: '<p>Tippfehler</p>' },
    });
    // the history stays
    const rows = await db()
      .selectFrom('blogConfirmations')
      .select('version')
      .where('blogPostId', '=', post.id)
      .execute();
    expect(rows.map((row) => row.version)).toEqual([1, 1]);
    await confirm(w.as.anna, post.id);
    expect((await read(w.as.anna, post.id)).confirmation).toMatchObject({
      pending: false,
      changedSince: null,
    });
  });

  it("should list the member's open circulars for 'Zu bestätigen' until they confirm", async () => {
    const post = await asking('2030-01-23');
    const open = await w.json<TBlog[]>(BLOG_API.toConfirm, w.as.bernd);
    expect(open.map((item) => item.id)).toContain(post.id);
    expect(await w.json<TBlog[]>(BLOG_API.toConfirm, w.as.chef)).toEqual([]);
    await confirm(w.as.bernd, post.id);
    const after = await w.json<TBlog[]>(BLOG_API.toConfirm, w.as.bernd);
    expect(after.map((item) => item.id)).not.toContain(post.id);
  });
});

describe('the office’s lists', () => {
  it('should answer admins only, grouped by company, and as CSV with BOM, ; and escaped formulas', async () => {
    const post = await asking('2030-01-24');
    await confirm(w.as.bernd, post.id);
    expect(
      (await w.t.app.inject({ url: BLOG_API.confirmations(post.id), headers: w.as.anna })).statusCode,
    ).toBe(403);
    expect((await w.t.app.inject({ url: BLOG_API.confirmations(post.id) })).statusCode).toBe(401);
    const lists = await w.json<TConfirmations>(BLOG_API.confirmations(post.id), w.as.admin);
    expect(lists.confirmed).toEqual([
      { username: 'bernd', name: 'bernd', company: 'Bau GmbH', confirmedAt: expect.any(String) },
    ]);
    expect(lists.pending.map((member) => member.username)).toEqual(['carl', 'anna']);
    const csv = await w.t.app.inject({ url: BLOG_API.confirmationsCsv(post.id), headers: w.as.admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const text = csv.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFFirma;Name;Status;Bestätigt am\r\n')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""x"")";carl;Ausstehend;`);
    expect(text).toContain('Bau GmbH;bernd;Bestätigt;');
    expect(
      (await w.t.app.inject({ url: BLOG_API.confirmationsCsv(post.id), headers: w.as.anna })).statusCode,
    ).toBe(403);
  });

  it('should name members as people and group them by their member company (issue 36 point 5)', async () => {
    const post = await asking('2030-01-25');
    const userId = async (username: string) =>
      (await db().selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow())
        .id;
    await db()
      .updateTable('users')
      .set({ firstName: 'Bernd', lastName: 'Bauer' })
      .where('username', '=', 'bernd')
      .execute();
    const company = await w.t.app.inject({
      method: 'POST',
      url: ADMIN_COMPANIES_API.create,
      headers: w.as.admin,
      payload: { name: 'Aachener Glaswerk GmbH' },
    });
    expect(company.statusCode).toBe(200);
    const linked = await w.t.app.inject({
      method: 'PUT',
      url: ADMIN_COMPANIES_API.member(company.json<{ id: number }>().id, await userId('anna')),
      headers: w.as.admin,
      payload: { function: 'Technik' },
    });
    expect(linked.statusCode).toBeLessThan(300);
    await confirm(w.as.bernd, post.id);
    const lists = await w.json<TConfirmations>(BLOG_API.confirmations(post.id), w.as.admin);
    expect(lists.confirmed).toEqual([
      { username: 'bernd', name: 'Bernd Bauer', company: 'Bau GmbH', confirmedAt: expect.any(String) },
    ]);
    // anna is listed under her member company, not her account's text 'Glas AG'
    expect(lists.pending.map((member) => [member.name, member.company])).toEqual([
      ['carl', '=HYPERLINK("x")'],
      ['anna', 'Aachener Glaswerk GmbH'],
    ]);
    const csv = await w.t.app.inject({ url: BLOG_API.confirmationsCsv(post.id), headers: w.as.admin });
    expect(csv.rawPayload.toString('utf8')).toContain('Bau GmbH;Bernd Bauer;Bestätigt;');
    expect(csv.rawPayload.toString('utf8')).toContain('Aachener Glaswerk GmbH;anna;Ausstehend;');
  });

  it("should send 'Erinnerung senden' to the pending, and refuse a second within 24 hours in German", async () => {
    const post = await asking('2030-01-25');
    await confirm(w.as.anna, post.id);
    const url = BLOG_API.confirmationReminder(post.id);
    expect((await w.t.app.inject({ method: 'POST', url, headers: w.as.anna })).statusCode).toBe(403);
    const sent = await w.t.app.inject({ method: 'POST', url, headers: w.as.admin });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ queued: 2 });
    const mails = await db()
      .selectFrom('mailOutbox')
      .selectAll()
      .where('topic', 'like', `circular:${post.id}:%`)
      .execute();
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(['bernd@example.de', 'carl@example.de']);
    expect(mails[0]?.subject).toMatch(/^Bitte bestätigen: Rundschreiben \d+\/\d{4} – /);
    expect(mails[0]?.text).toContain(`/blog/${post.id}`);
    const again = await w.t.app.inject({ method: 'POST', url, headers: w.as.admin });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: BLOG_MESSAGES.reminderRecent });
  });
});

describe('the reminder job', () => {
  const mailsOf = (id: number) =>
    db()
      .selectFrom('mailOutbox')
      .select(['recipient', 'topic'])
      .where('topic', 'like', `circular:${id}:%`)
      .execute();

  it('should remind three days before and on the day, once each across instances, none after confirming', async () => {
    const post = await asking('2030-03-15');
    const threeDaysBefore = new Date('2030-03-12T09:00:00.000Z');
    expect(await w.app.circularReminders.runOnce(new Date('2030-03-11T09:00:00.000Z'))).toMatchObject({
      queued: 0,
    });
    // two instances at once: the app's job and a second one with a lease of its own
    const blogRepo = createBlogRepository(db());
    const outbox = createMailOutbox(w.t.database);
    const other = createCirculars({
      db: db(),
      outbox,
      addresses: { publicUrl: 'http://x', hostPageUrl: null } as never,
      blogRepo,
    });
    const otherJob = createCircularReminders({
      run: other.runReminders,
      lease: createJobLease(db()),
      mailWorker: { notify: () => undefined },
      log: w.app.log,
      holder: 'zweite Instanz',
    });
    const runs = await Promise.all([
      w.app.circularReminders.runOnce(threeDaysBefore),
      otherJob.runOnce(threeDaysBefore),
      other.runReminders(threeDaysBefore),
    ]);
    expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(3);
    expect((await mailsOf(post.id)).map((mail) => mail.recipient).sort()).toEqual([
      'anna@example.de',
      'bernd@example.de',
      'carl@example.de',
    ]);
    // a restart the next day: nothing more before the day
    expect(await w.app.circularReminders.runOnce(new Date('2030-03-13T09:00:00.000Z'))).toMatchObject({
      queued: 0,
    });
    await confirm(w.as.anna, post.id);
    // bernd loses access
    await w.t.app.inject({
      method: 'PATCH',
      url: ADMIN_API.member(
        (
          await db()
            .selectFrom('users')
            .select('id')
            .where('username', '=', 'bernd')
            .executeTakeFirstOrThrow()
        ).id,
      ),
      headers: w.as.admin,
      payload: { groups: [w.groups.partner] },
    });
    const onTheDay = new Date('2030-03-15T06:00:00.000Z');
    expect(await w.app.circularReminders.runOnce(onTheDay)).toMatchObject({ queued: 1 });
    expect(await w.app.circularReminders.runOnce(onTheDay)).toMatchObject({ queued: 0 });
    expect(await w.app.circularReminders.runOnce(new Date('2030-03-16T06:00:00.000Z'))).toMatchObject({
      queued: 0,
    });
    const mails = await mailsOf(post.id);
    expect(mails.filter((mail) => mail.recipient === 'carl@example.de')).toHaveLength(2);
    expect(mails).toHaveLength(4);
    await otherJob.stop();
  });
});

describe('breaking news of a circular', () => {
  it('should mail as today, with the number in the subject and the attachments linked', async () => {
    const response = await saveCircular({ title: 'Neue Norm' }, { 'attachments[0]': pdf() });
    const post = response.json<TBlog>();
    const sent = await w.t.app.inject({ url: BLOG_API.breakingNews(post.id), headers: w.as.admin });
    expect(sent.statusCode).toBe(202);
    const mail = await db()
      .selectFrom('mailOutbox')
      .selectAll()
      .where('topic', '=', `blog:${post.id}`)
      .executeTakeFirstOrThrow();
    const label = `Rundschreiben ${post.circularNumber?.number}/${post.circularNumber?.year}`;
    expect(mail.subject).toBe(`Eilmeldung: ${label}: Neue Norm`);
    expect(mail.text).toContain('Merkblatt.pdf');
    expect(mail.html).toContain(`/blog/${post.id}`);
  });
});

describe('privacy', () => {
  it("should export a member's confirmations, and count them after erasure as 'Ehemaliges Mitglied'", async () => {
    const post = await asking('2030-01-26');
    await confirm(w.as.carl, post.id);
    const exported = await w.json<TAccountExport>(ACCOUNT_EXPORT_API, w.as.carl);
    expect(exported.circularConfirmations).toContainEqual(
      expect.objectContaining({
        postId: post.id,
        version: 1,
        circular: expect.stringMatching(/^Rundschreiben \d+\/\d{4}$/),
      }),
    );
    const carl = await db()
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'carl')
      .executeTakeFirstOrThrow();
    expect(
      (await w.t.app.inject({ method: 'DELETE', url: ADMIN_API.member(carl.id), headers: w.as.admin }))
        .statusCode,
    ).toBe(204);
    const lists = await w.json<TConfirmations>(BLOG_API.confirmations(post.id), w.as.admin);
    expect(lists.confirmed).toEqual([
      {
        username: 'Ehemaliges Mitglied',
        name: 'Ehemaliges Mitglied',
        company: null,
        confirmedAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(lists)).not.toContain('carl');
    const reminders = await db()
      .selectFrom('blogCircularReminders')
      .selectAll()
      .where('userId', '=', carl.id)
      .execute();
    expect(reminders).toEqual([]);
  });
});
