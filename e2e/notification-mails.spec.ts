/**
 * Issue 17, the mails themselves: a reply reaches the thread's follower as a mail in the server's outbox, and
 * the mail's one-click unsubscribe link works in a browser without a login (the page asks first, its button
 * turns the reply mails off, the link is spent afterwards). A member of its own keeps other specs' settings.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectLoaded, loginAs } from './support/auth.ts';
import { ForumsApi } from './support/forums-api.ts';
import { NotificationsApi } from './support/notifications-api.ts';
import { HOST_PAGE_URL } from './support/origins.ts';
import { decodedBody, mailsTo } from './support/outbox.ts';
import { uniqueSuffix } from './support/test-data.ts';

const suffix = uniqueSuffix();
const READER = `leserin-${suffix}`;
const READER_EMAIL = `${READER}@example.de`;
const THREAD = `Randverbund ${suffix}`;
/** The worker sends a queued mail at once; the poll waits for the file it writes. */
const MAIL_TIMEOUT = 30_000;

let request: APIRequestContext;
let admin: ForumsApi;
let reader: ForumsApi;
let forumId = 0;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await ForumsApi.as(request, 'admin');
  reader = await ForumsApi.as(request, READER, { email: READER_EMAIL, roles: ['ROLE_USER'] });
  forumId = await admin.createForum(`Mails ${suffix}`, '<p>Ein Forum nur für diesen Testlauf.</p>');
});

test.afterAll(async () => {
  await admin.deleteForums([forumId]);
  await request.dispose();
});

test('a follower gets the reply by mail and turns reply mails off with its link, without logging in', async ({
  page,
}) => {
  const thread = await reader.createThread(forumId, THREAD, '<p>Wer kennt sich mit Randverbund aus?</p>');
  await admin.reply(thread.id, '<p>Bitte den Randverbund auf Feuchtigkeit prüfen.</p>');

  let unsubscribe = '';
  let postLink = '';
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(READER_EMAIL)).find((sent) =>
          sent.body.includes('Neue Antwort im Forum'),
        );
        unsubscribe = /^List-Unsubscribe: <([^>]+)>/m.exec(mail?.headers ?? '')?.[1] ?? '';
        // the link opens the host page with the deep link (HOST_PAGE_URL, issue 31)
        const link = /Zur Antwort: (\S+)/.exec(mail ? decodedBody(mail) : '')?.[1] ?? '';
        postLink = link.startsWith(HOST_PAGE_URL) ? (new URL(link).searchParams.get('portal') ?? '') : '';
        return {
          oneClick: mail?.headers.includes('List-Unsubscribe-Post: List-Unsubscribe=One-Click') ?? false,
          linksThread: postLink.startsWith(`/forum/${forumId}/thread/${thread.id}?post=`),
          unsubscribe: unsubscribe !== '',
        };
      },
      { timeout: MAIL_TIMEOUT },
    )
    .toEqual({ oneClick: true, linksThread: true, unsubscribe: true });

  // The mail's link opens the thread at the reply (after the login the host website would do).
  await loginAs(page, READER, postLink);
  await expect(page.getByText('Bitte den Randverbund auf Feuchtigkeit prüfen.')).toBeInViewport();

  // A link scanner's GET changes nothing: the page asks.
  await page.goto(unsubscribe);
  await expect(page.getByRole('heading', { level: 1, name: 'E-Mails abbestellen' })).toBeVisible();
  await expect(
    page.getByText('Möchten Sie keine E-Mails zu Antworten im Forum mehr erhalten?'),
  ).toBeVisible();
  expect((await reader.with(NotificationsApi).settings()).forumReplies).toBe(true);
  await page.screenshot({ path: 'docs/screenshots/notifications-unsubscribe.png', fullPage: true });

  await page.getByRole('button', { name: 'Abbestellen' }).click();
  await expect(page.getByText('Sie erhalten keine E-Mails zu Antworten im Forum mehr.')).toBeVisible();
  expect(await reader.with(NotificationsApi).settings()).toMatchObject({ forumReplies: false });

  // The link works once: the settings have changed since.
  await page.goto(unsubscribe);
  await expect(
    page.getByText(
      'Dieser Abmeldelink wurde bereits verwendet oder Ihre Einstellungen haben sich seitdem geändert.',
    ),
  ).toBeVisible();

  // The member finds the switch off on the settings screen.
  await loginAs(page, READER, '/benachrichtigungen');
  await expectLoaded(page);
  await expect(
    page.getByRole('switch', { name: 'E-Mail bei neuen Antworten in Themen, denen ich folge' }),
  ).not.toBeChecked();
});
