/**
 * Issue 31 point 5: errors say what to do before the work is lost. Every file field names the size limit
 * (UPLOAD_LIMIT_MB, 20 MB here) and refuses a larger file or one of another type when it is chosen, before
 * anything is sent; a list or page that could not be loaded offers 'Erneut versuchen', which loads it again.
 * (The second breaking news within 10 minutes: blog.spec.ts.)
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { loginAs } from './support/auth.ts';
import { expectEditor } from './support/blog-page.ts';
import { ContentApi } from './support/content-api.ts';
import { DAY, EventsApi } from './support/events-api.ts';
import { ForumsApi } from './support/forums-api.ts';
import { MediaApi } from './support/media-api.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { LAZY_CHUNK_TIMEOUT } from './support/timeouts.ts';

const PHONE = { width: 360, height: 740 };
const MB = 1024 * 1024;
const suffix = uniqueSuffix();

/** 20.5 MB: over the limit of 20 MB. */
const large = (name: string, mimeType: string) => ({ name, mimeType, buffer: Buffer.alloc(20.5 * MB) });
const tooLarge = (name: string) => `„${name}“ ist zu groß (20,5 MB). Erlaubt sind höchstens 20 MB je Datei.`;

let request: APIRequestContext;
let content: ContentApi;
let media: MediaApi;
let forums: ForumsApi;
let events: EventsApi;
let categoryId: number;
let mediaCategoryId: number;
let forumId: number;
let eventId: number;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  content = await ContentApi.as(request, 'admin');
  media = await MediaApi.as(request, 'admin');
  forums = await ForumsApi.as(request, 'admin');
  events = await EventsApi.as(request, 'admin');
  categoryId = await content.createCategory({ name: `Dateiprüfung ${suffix}` });
  mediaCategoryId = await media.createCategory(`Dateiprüfung ${suffix}`);
  forumId = await forums.createForum(`Dateiprüfung ${suffix}`);
  const start = new Date(Date.now() + 20 * DAY);
  eventId = await events.createEvent({
    name: `Ladeprobe ${suffix}`,
    start,
    end: new Date(start.getTime() + DAY / 8),
  });
});

test.afterAll(async () => {
  await content.deleteCategories([categoryId]);
  await media.removeCategories((node) => node.id === mediaCategoryId);
  await forums.deleteForums([forumId]);
  await events.deleteEvents([eventId]);
  await request.dispose();
});

/** Records every upload: a multipart POST. */
function recordUploads(page: Page): string[] {
  const uploads: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.headers()['content-type']?.startsWith('multipart/'))
      uploads.push(sent.url());
  });
  return uploads;
}

async function choose(page: Page, button: Locator, ...files: ReturnType<typeof large>[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(files);
}

test.describe('file fields', () => {
  test('admin: every file field names the limit and refuses a larger or mistyped file when it is chosen', async ({
    page,
  }) => {
    test.slow(); // five forms, two of them with the editor's chunk
    const uploads = recordUploads(page);
    const gif = { name: 'animiert.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') };

    // The news image and the event image.
    for (const [path, create, title] of [
      ['/blog', 'Neuer Beitrag', 'Neuer Beitrag'],
      ['/event', 'Neue Veranstaltung', 'Neue Veranstaltung'],
    ] as const) {
      await loginAs(page, 'admin', path);
      await page.getByRole('button', { name: create }).click();
      const sheet = page.getByRole('dialog', { name: title });
      await expect(sheet.getByText('PNG oder JPEG, höchstens 20 MB')).toBeVisible({
        timeout: LAZY_CHUNK_TIMEOUT,
      });
      await choose(page, sheet.getByRole('button', { name: 'Bild' }), large('Hallenfoto.png', 'image/png'));
      await expect(sheet.getByText(tooLarge('Hallenfoto.png'))).toBeVisible();
      await choose(page, sheet.getByRole('button', { name: 'Bild' }), gif);
      await expect(sheet.getByText('Das Bild muss eine PNG- oder JPEG-Datei sein.')).toBeVisible();
    }

    // The table of a content item.
    await loginAs(page, 'admin', `/content/${categoryId}`);
    await page.getByRole('button', { name: 'Neuer Eintrag' }).click();
    let sheet = page.getByRole('dialog', { name: 'Neuer Eintrag' });
    await expect(sheet.getByText('Die Datei darf höchstens 20 MB groß sein.')).toBeVisible({
      timeout: LAZY_CHUNK_TIMEOUT,
    });
    await choose(page, sheet.getByRole('button', { name: 'CSV-Datei' }), large('Preise.csv', 'text/csv'));
    await expect(sheet.getByText(tooLarge('Preise.csv'))).toBeVisible();
    await choose(page, sheet.getByRole('button', { name: 'CSV-Datei' }), gif);
    await expect(sheet.getByText('Die Datei muss eine CSV-Datei sein.')).toBeVisible();

    // The media library: refused at once, and 'Speichern' sends nothing.
    await loginAs(page, 'admin', `/media/${mediaCategoryId}`);
    await page.getByRole('button', { name: 'Neue Datei hochladen' }).click();
    sheet = page.getByRole('dialog', { name: 'Neue Datei hochladen' });
    await expect(sheet.getByText('Die Datei darf höchstens 20 MB groß sein.')).toBeVisible({
      timeout: LAZY_CHUNK_TIMEOUT,
    });
    const svg = { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') };
    await choose(page, sheet.getByRole('button', { name: 'Datei' }), svg);
    await expect(sheet.getByText('Erlaubte Dateiformate: JPG, PNG, GIF, PDF', { exact: true })).toBeVisible();
    await choose(page, sheet.getByRole('button', { name: 'Datei' }), large('Katalog.pdf', 'application/pdf'));
    await expect(sheet.getByText(tooLarge('Katalog.pdf'))).toBeVisible();
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(sheet.getByText(tooLarge('Katalog.pdf'))).toBeVisible();
    await page.screenshot({ path: '/tmp/forms-shots/media-too-large-desktop.png' });

    expect(uploads).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('member: forum attachments name the limit and refuse larger and mistyped files', async ({
      page,
    }) => {
      const uploads = recordUploads(page);
      await loginAs(page, 'mitglied', `/forum/${forumId}`);
      await page.getByRole('button', { name: 'Neues Thema' }).click();
      const sheet = page.getByRole('dialog', { name: 'Neues Thema' });
      await expectEditor(sheet.getByRole('textbox', { name: 'Beitrag' }));
      await expect(sheet.getByText(/höchstens 10 Dateien zu je höchstens 20 MB/)).toBeVisible();
      const note = { name: 'notiz.txt', mimeType: 'text/plain', buffer: Buffer.from('Hallo') };
      const photo = { name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('png') };
      await choose(
        page,
        sheet.getByRole('button', { name: 'Dateien auswählen' }),
        large('Aufmaß.pdf', 'application/pdf'),
        note,
        photo,
      );
      await expect(sheet.getByText(tooLarge('Aufmaß.pdf'))).toBeVisible();
      await expect(sheet.getByText(/„?"?notiz\.txt"?“? wurde nicht übernommen/)).toBeVisible();
      await expect(sheet.getByRole('list', { name: 'Anhänge' }).getByRole('listitem')).toHaveCount(1);
      await page.screenshot({ path: '/tmp/forms-shots/forum-too-large-phone.png' });
      expect(uploads).toEqual([]);
    });
  });
});

/**
 * Lets the first answer of the calls that `matches` fail with 500 (as a database outage would), and every
 * later one through.
 */
async function failOnce(page: Page, matches: (url: URL) => boolean): Promise<void> {
  let failed = false;
  await page.route(
    (url) => matches(url),
    async (route) => {
      if (failed || route.request().method() !== 'GET') return route.fallback();
      failed = true;
      return route.fulfill({ status: 500, json: { detail: 'Es ist ein unerwarteter Fehler aufgetreten.' } });
    },
  );
}

async function retry(page: Page, message: string): Promise<void> {
  const failure = page.getByRole('alert').filter({ hasText: message });
  await expect(failure).toBeVisible();
  await failure.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(failure).toBeHidden();
}

test.describe('load errors', () => {
  test('member: lists and pages that failed to load offer to try again', async ({ page }) => {
    await failOnce(page, (url) => url.pathname === '/api/blog/count/2');
    await failOnce(page, (url) => url.pathname === `/api/event/${eventId}`);
    await failOnce(page, (url) => url.pathname === '/api/forum' || url.pathname === '/api/forum/');
    await failOnce(page, (url) => url.pathname === `/api/content/${categoryId}`);

    await loginAs(page, 'mitglied');
    await retry(page, 'Die Beiträge konnten nicht geladen werden.');
    await expect(
      page.getByRole('region', { name: 'Aktuelle Beiträge' }).getByRole('button').first(),
    ).toBeVisible();

    await page.goto(`/event/${eventId}`);
    await retry(page, 'Die Veranstaltung konnte nicht geladen werden.');
    await expect(page.getByRole('heading', { level: 1, name: `Ladeprobe ${suffix}` })).toBeVisible();

    await page.goto('/forum');
    await retry(page, 'Die Foren konnten nicht geladen werden.');
    await expect(page.getByRole('main').getByRole('link', { name: `Dateiprüfung ${suffix}` })).toBeVisible();

    await page.goto(`/content/${categoryId}`);
    await retry(page, 'Die Einträge konnten nicht geladen werden.');
    await expect(page.getByText('Keine Einträge vorhanden.')).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('admin: the blog list that failed to load offers to try again', async ({ page }) => {
      await failOnce(page, (url) => url.pathname === '/api/blog/' || url.pathname === '/api/blog');
      await loginAs(page, 'admin', '/blog');
      const failure = page
        .getByRole('alert')
        .filter({ hasText: 'Die Beiträge konnten nicht geladen werden.' });
      await expect(failure).toBeVisible();
      await page.screenshot({ path: '/tmp/forms-shots/load-failed-phone.png' });
      await retry(page, 'Die Beiträge konnten nicht geladen werden.');
      await expect(page.getByRole('article').first()).toBeVisible();
    });
  });
});
