import { expect, type Locator, type Page, test } from '@playwright/test';
import { loginAs } from './support/auth.ts';
import { BlogApi } from './support/blog-api.ts';
import { expectEditor } from './support/blog-page.ts';
import { uniqueSuffix } from './support/test-data.ts';

const suffix = uniqueSuffix();
const TAG = `Dashboard-${suffix}`;
const TITLE = `Neues aus der Geschäftsstelle ${suffix}`;
const PRE_TEXT = 'Die Geschäftsstelle ist zwischen den Feiertagen geschlossen.';
const DEFAULT_INTRO = 'Willkommen im Mitgliederportal!';

let api: BlogApi;
let postId = 0;
let originalIntro = '';

test.beforeAll(async ({ playwright }) => {
  api = await BlogApi.open(playwright.request, 'admin');
  originalIntro = await api.intro();
  postId = await api.createPost({
    title: TITLE,
    preText: `<p>${PRE_TEXT}</p>`,
    content: '<p>Ab dem 2. Januar sind wir wieder für Sie da.</p>',
    tags: [TAG],
    groups: ['Mitglieder', 'Partner'],
    publishedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  });
});

test.afterAll(async () => {
  await api.deletePosts([postId]);
  await api.saveIntro(originalIntro);
  await api.dispose();
});

function introRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Einleitungstext' });
}

function latestPosts(page: Page): Locator {
  return page.getByRole('region', { name: 'Aktuelle Beiträge' });
}

/** Opens a post's accordion panel; the newest one starts open (and another spec may add a newer one). */
async function openPanel(page: Page, title: string): Promise<void> {
  const control = latestPosts(page).getByRole('button', { name: title });
  await expect(control).toBeVisible();
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  await expect(control).toHaveAttribute('aria-expanded', 'true');
}

test.describe('dashboard as a member', () => {
  test('should show the intro, quick access and the latest two posts', async ({ page }) => {
    await loginAs(page, 'mitglied');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Einleitungstext' }).getByText(DEFAULT_INTRO),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Schnellzugriff' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Verbandsinfos' }).first()).toBeVisible();

    await expect(latestPosts(page).getByRole('button')).toHaveCount(2);
    await openPanel(page, TITLE);
    const posts = latestPosts(page);
    await expect(posts.getByText(PRE_TEXT)).toBeVisible();
    await expect(posts.getByText('Autor: admin').filter({ visible: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0);

    await posts.getByRole('link', { name: `Weiterlesen: ${TITLE}` }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${postId}$`));
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(page.getByText('Ab dem 2. Januar sind wir wieder für Sie da.')).toBeVisible();
    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await latestPosts(page).getByRole('link', { name: 'Alle Beiträge' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'MarkenKreis-Info' })).toBeVisible();
  });

  test("should name the author 'Nicht bekannt' and leave out 'Weiterlesen' without content", async ({
    page,
  }) => {
    // A post whose author was deleted, and one without content, as the server would send them.
    await page.route('**/api/blog/count/2', async (route) => {
      const response = await route.fetch();
      const posts = (await response.json()) as { title: string; author: unknown; content: string }[];
      await route.fulfill({
        response,
        json: posts.map((post) =>
          post.title === TITLE ? { ...post, author: null, content: '<p></p>' } : post,
        ),
      });
    });
    await loginAs(page, 'mitglied');
    await openPanel(page, TITLE);
    const posts = latestPosts(page);
    await expect(posts.getByText('Autor: Nicht bekannt')).toBeVisible();
    await expect(posts.getByRole('link', { name: `Weiterlesen: ${TITLE}` })).toHaveCount(0);
  });

  test('should show a partner the posts of the Partner group', async ({ page }) => {
    await loginAs(page, 'partner');
    await openPanel(page, TITLE);
    await expect(latestPosts(page).getByText(PRE_TEXT)).toBeVisible();
  });
});

test.describe('dashboard as an admin', () => {
  const text = `Willkommen zur Jahrestagung ${suffix}!`;

  // The intro is one for all: each test leaves it as the demo has it.
  test.afterEach(async () => {
    await api.saveIntro(originalIntro);
  });

  /** Opens the intro's editor; its chunk loads when it first opens. */
  async function editIntro(page: Page): Promise<Locator> {
    await introRegion(page).getByRole('button', { name: 'Bearbeiten' }).click();
    const editor = page.getByRole('textbox', { name: 'Einleitungstext' });
    await expectEditor(editor);
    return editor;
  }

  test('should discard an edit of the intro text', async ({ page }) => {
    await loginAs(page, 'admin');
    const intro = introRegion(page);
    await expect(intro.getByText(DEFAULT_INTRO)).toBeVisible();
    const editor = await editIntro(page);
    await expect(editor).toContainText(DEFAULT_INTRO);
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText('Wird verworfen');
    await expect(editor).toHaveText('Wird verworfen');
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(editor).toHaveCount(0);
    await expect(intro.getByText(DEFAULT_INTRO)).toBeVisible();
    await expect(intro.getByText('Wird verworfen')).toHaveCount(0);
  });

  test('should save the intro text edited in place', async ({ page }) => {
    await loginAs(page, 'admin');
    const intro = introRegion(page);
    const editor = await editIntro(page);
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(text);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Der Einleitungstext wurde gespeichert.')).toBeVisible();
    await expect(intro.getByText(text)).toBeVisible();
    await expect(editor).toHaveCount(0);
  });

  test('should show members the saved intro text', async ({ page }) => {
    await api.saveIntro(`<p>${text}</p>`);
    await loginAs(page, 'mitglied');
    await expect(introRegion(page).getByText(text)).toBeVisible();
  });
});
