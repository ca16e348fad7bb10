import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiToken, loginAs } from './support/auth.ts';
import { APP_ORIGIN } from './support/origins.ts';

/**
 * Every screen of SPEC §2, and the admin's dialogs, checked with axe-core against WCAG 2.1 A and AA. A
 * violation fails the test, named by rule, impact and the first elements it found.
 */
async function violations(page: Page, include?: Locator): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(await include.evaluate((element) => `#${element.id}`));
  const result = await builder.analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}) ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
        .join(' | ')}`,
  );
}

/** The ids of demo data to visit, read through the API. */
async function demoIds(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const get = async <T>(path: string): Promise<T> => {
    const response = await request.get(`${APP_ORIGIN}${path}`, { headers });
    expect(response.status(), path).toBe(200);
    return (await response.json()) as T;
  };
  type Node = { id: number; name: string; children: Node[] };
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...flat(node.children)]);
  const categories = flat(await get<Node[]>('/api/contentCategory/'));
  const events = await get<{ id: number }[]>('/api/event/');
  const forums = await get<{ id: number }[]>('/api/forum/');
  const media = flat(await get<Node[]>('/api/mediaCategory/'));
  const forumId = forums[0]?.id ?? 0;
  const forum = await get<{ threads: { id: number }[] }>(`/api/forum/${forumId}`);
  return {
    content: categories.find((node) => node.name === 'Verbandsinfos')?.id ?? 0,
    table: categories.find((node) => node.name === 'Normen')?.id ?? 0,
    event: events[0]?.id ?? 0,
    forum: forumId,
    thread: forum.threads[0]?.id ?? 0,
    media: media.find((node) => node.name === 'Bilder')?.id ?? 0,
  };
}

test.describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  // Each test checks up to twelve screens, each analysis taking 1–3 s while other specs run alongside.
  test.describe.configure({ timeout: 120_000 });
  let ids: Awaited<ReturnType<typeof demoIds>>;
  test.beforeAll(async ({ request }) => {
    ids = await demoIds(request);
  });

  test('the login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("a member's screens", async ({ page }) => {
    await loginAs(page, 'mitglied');
    const found: Record<string, string[]> = {};
    const visit = async (name: string, path: string, ready: Locator) => {
      await page.goto(path);
      await expect(ready).toBeVisible();
      found[name] = await violations(page);
    };
    const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
    await visit('dashboard', '/dashboard', heading('Dashboard'));
    await visit('news', '/blog', heading('MarkenKreis-Info'));
    await page
      .getByRole('main')
      .getByRole('link', { name: /weiterlesen|mehr/i })
      .first()
      .click()
      .catch(() => undefined);
    await visit('content', `/content/${ids.content}`, heading('Verbandsinfos'));
    await visit('content table', `/content/${ids.table}`, heading('Normen'));
    await visit('events calendar', '/event', heading('Veranstaltungen'));
    await visit('event', `/event/${ids.event}`, page.getByRole('heading', { level: 1 }));
    await visit('forums', '/forum', heading('Foren'));
    await visit('forum', `/forum/${ids.forum}`, page.getByRole('heading', { level: 1 }));
    await visit(
      'thread',
      `/forum/${ids.forum}/thread/${ids.thread}`,
      page.getByRole('heading', { level: 1 }),
    );
    await visit('services', '/dienstleistungsangebote', heading('Dienstleistungsangebote'));
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((name) => [name, []])));
  });

  test('a phone: the dashboard, the open navigation and the media library', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await loginAs(page, 'admin');
    const found: Record<string, string[]> = { dashboard: await violations(page) };
    await page.getByRole('button', { name: 'Navigation öffnen' }).click();
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
    found.navigation = await violations(page);
    await page.goto(`/media/${ids.media}`);
    await expect(page.getByRole('button', { name: 'Neue Datei hochladen' })).toBeVisible();
    found.media = await violations(page);
    expect(found).toEqual({ dashboard: [], navigation: [], media: [] });
  });

  test("an admin's screens and dialogs", async ({ page }) => {
    await loginAs(page, 'admin');
    const found: Record<string, string[]> = {};
    const check = async (name: string) => {
      found[name] = await violations(page);
    };
    const sheet = page.getByRole('dialog');

    await check('dashboard');
    await page.goto('/blog');
    await page.getByRole('button', { name: 'Neuer Beitrag' }).click();
    await expect(sheet.getByRole('textbox', { name: 'Beitrag' })).toBeVisible();
    await check('news form');

    await page.goto('/event');
    await page.getByRole('button', { name: 'Neue Veranstaltung' }).first().click();
    await expect(sheet.getByRole('textbox', { name: 'Beschreibung' })).toBeVisible();
    await check('event form');

    await page.goto(`/content/${ids.content}`);
    await page.getByRole('button', { name: 'Neuer Eintrag' }).click();
    await expect(sheet.getByRole('textbox', { name: 'Text vor der Tabelle' })).toBeVisible();
    await check('content form');

    await page.goto('/media');
    await expect(page.getByRole('heading', { level: 1, name: 'Mediathek' })).toBeVisible();
    await check('media library');
    await page.goto(`/media/${ids.media}`);
    await expect(page.getByRole('button', { name: 'Neue Datei hochladen' })).toBeVisible();
    await check('media category');
    await page.getByRole('button', { name: 'Neue Datei hochladen' }).click();
    await expect(sheet.getByRole('textbox', { name: 'Name' })).toBeVisible();
    await check('media upload form');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await page.getByRole('button', { name: 'Neue Kategorie' }).first().click();
    await expect(sheet.getByRole('textbox', { name: 'Name' })).toBeVisible();
    await check('media category drawer');

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((name) => [name, []])));
  });
});
