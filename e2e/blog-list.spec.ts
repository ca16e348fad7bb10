import { expect, test } from '@playwright/test';
import { loginAs, loginLink, reloadApp } from './support/auth.ts';
import { BlogApi } from './support/blog-api.ts';
import { actionsOf, article, DEMO, drawer, recordDownloads, tagChips } from './support/blog-page.ts';
import { HOST_ORIGIN } from './support/origins.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT } from './support/timeouts.ts';

/** The list and the posts as each role sees them: admin marks, member reading, FMK-Intern, roles, paging. */
const suffix = uniqueSuffix();
const PAGING_TAG = `Seiten-${suffix}`;
const LINK_TAG = `Links-${suffix}`;

let api: BlogApi;

test.beforeAll(async ({ playwright }) => {
  api = await BlogApi.open(playwright.request, 'admin');
});

test.afterAll(async () => {
  await api.deletePostsTagged(PAGING_TAG, LINK_TAG);
  await api.dispose();
});

test.describe('blog as a member', () => {
  test('should show no admin buttons and no scheduled posts', async ({ page }) => {
    await loginAs(page, 'mitglied', '/blog');
    await expect(article(page, DEMO.merkblatt)).toBeVisible();
    await expect(article(page, DEMO.scheduled)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Neuer Beitrag' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: /^Aktionen für/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Eilmeldung abschicken' })).toHaveCount(0);
  });

  test('should download a file linked in a demo post with the Authorization header', async ({ page }) => {
    const authorization = recordDownloads(page);
    await loginAs(page, 'mitglied', '/blog');
    await article(page, DEMO.merkblatt)
      .getByRole('link', { name: `Weiterlesen: ${DEMO.merkblatt}` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: DEMO.merkblatt })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Merkblatt zur DIN 18008 (PDF)' }).click();
    expect((await download).suggestedFilename()).toBe('Merkblatt DIN 18008.pdf');
    expect(authorization).toEqual([expect.stringMatching(/^BEARER \S+$/)]);
    await expect(page).toHaveURL(/\/blog\/\d+$/);
  });

  test('should open http links of a post in a new tab', async ({ page }) => {
    const title = `Prüfberichte ${suffix}`;
    const id = await api.createPost({
      title,
      content: `<p>Siehe <a href="${HOST_ORIGIN}/health">Prüfbericht</a>.</p>`,
      tags: [LINK_TAG],
      displayOnDashboard: false,
      publishedAt: '2002-02-02T10:00:00.000Z',
    });
    await loginAs(page, 'mitglied', `/blog/${id}`);
    const link = page.getByRole('main').getByRole('link', { name: 'Prüfbericht' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    const popup = page.waitForEvent('popup');
    await link.click();
    await expect(await popup).toHaveURL(`${HOST_ORIGIN}/health`);
  });

  // A login link's deep link (`request`, as the host website passes `?portal=/blog/12`) redirects into the
  // post: going back in the browser's history from there would leave the portal, in the frame the host's page.
  test('should go back to the list from a post opened through a login link', async ({ page }) => {
    const title = `Direkt verlinkt ${suffix}`;
    const id = await api.createPost({
      title,
      tags: [LINK_TAG],
      displayOnDashboard: false,
      publishedAt: '2002-02-03T10:00:00.000Z',
    });
    await loginAs(page, 'mitglied', `/blog/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'MarkenKreis-Info' })).toBeVisible();
  });

  test('should say so for a post that does not exist', async ({ page }) => {
    await loginAs(page, 'mitglied', '/blog/999999');
    await expect(page.getByRole('alert')).toHaveText(
      'Diesen Beitrag gibt es nicht oder er ist für Sie nicht sichtbar.',
    );
    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test.describe('FMK-Intern and roles', () => {
  test('should offer FMK-Intern to members of an internal group', async ({ page }) => {
    await loginAs(page, 'mitglied');
    await drawer(page).getByRole('link', { name: 'FMK-Intern' }).click();
    await expect(page).toHaveURL(/\/blog\?ceo=true$/);
    await expect(page.getByRole('heading', { level: 1, name: 'FMK-Intern' })).toBeVisible();
    await expect(drawer(page).getByRole('link', { name: 'FMK-Intern' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(article(page, DEMO.internal)).toBeVisible();
    await expect(article(page, DEMO.merkblatt)).toHaveCount(0);

    // The tag filter keeps ceo=true in the address, and so does the post's page.
    await tagChips(page).getByRole('link', { name: 'Vorstand' }).click();
    await expect(page).toHaveURL(/\/blog\?ceo=true&tag=Vorstand$/);
    await article(page, DEMO.internal).getByRole('link', { name: DEMO.internal, exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/\d+\?ceo=true$/);
    const crumbs = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
    await crumbs.getByRole('link', { name: 'FMK-Intern' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'FMK-Intern' })).toBeVisible();

    await drawer(page).getByRole('link', { name: 'MarkenKreis-Info' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'MarkenKreis-Info' })).toBeVisible();
    await expect(article(page, DEMO.merkblatt)).toBeVisible();
    await expect(article(page, DEMO.internal)).toHaveCount(0);
  });

  test('should not offer FMK-Intern to members of other groups only', async ({ page }) => {
    const username = `ohne-intern-${suffix}`;
    await page.goto(
      await loginLink(page.request, username, { roles: ['ROLE_USER'], groups: ['Mitglieder'] }),
    );
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: APP_START_TIMEOUT });
    await expect(drawer(page).getByRole('link', { name: 'MarkenKreis-Info' })).toBeVisible();
    await expect(drawer(page).getByRole('link', { name: 'FMK-Intern' })).toHaveCount(0);
  });

  test('should let a partner read the blog but not the content pages', async ({ page }) => {
    await loginAs(page, 'partner');
    await expect(drawer(page).getByRole('link', { name: 'FMK-Intern' })).toHaveCount(0);
    await expect(drawer(page).getByRole('link', { name: 'Veranstaltungen' })).toHaveCount(0);
    await drawer(page).getByRole('link', { name: 'MarkenKreis-Info' }).click();
    await expect(article(page, DEMO.forPartners)).toBeVisible();
    await expect(article(page, DEMO.merkblatt)).toHaveCount(0);
    await article(page, DEMO.forPartners)
      .getByRole('link', { name: `Weiterlesen: ${DEMO.forPartners}` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: DEMO.forPartners })).toBeVisible();

    await page.goto('/content/1');
    await expect(page).toHaveURL(/\/login\?denied=1$/, { timeout: APP_START_TIMEOUT });
  });
});

test.describe('paging', () => {
  const COUNT = 25;
  const titleOf = (index: number) => `Seitentest ${suffix} Nr. ${String(index).padStart(2, '0')}`;

  test.beforeAll(async () => {
    for (let index = 1; index <= COUNT; index += 1) {
      await api.createPost({
        title: titleOf(index),
        tags: [PAGING_TAG],
        groups: ['Mitglieder'],
        displayOnDashboard: false,
        // Long ago, so that the posts sit behind everything else in the unfiltered list.
        publishedAt: new Date(Date.UTC(2001, 0, 1, 0, index)).toISOString(),
      });
    }
  });

  test('should page through 25 posts, 10 at a time, keeping the tag in the address', async ({ page }) => {
    await loginAs(page, 'mitglied', `/blog?tag=${PAGING_TAG}`);
    const pages = page.getByRole('navigation', { name: 'Seiten der Beiträge' });
    const articles = page.getByRole('article');

    await expect(articles).toHaveCount(10);
    await expect(articles.first()).toHaveAccessibleName(titleOf(25));
    await expect(page.getByText('Beiträge 1–10 von 25')).toBeVisible();
    await expect(pages.getByRole('button', { name: 'Vorherige Seite' })).toBeDisabled();

    await pages.getByRole('button', { name: 'Seite 2' }).click();
    await expect(page).toHaveURL(new RegExp(`/blog\\?tag=${PAGING_TAG}&page=2$`));
    await expect(page.getByText('Beiträge 11–20 von 25')).toBeVisible();
    await expect(articles.first()).toHaveAccessibleName(titleOf(15));

    await pages.getByRole('button', { name: 'Nächste Seite' }).click();
    await expect(page).toHaveURL(/page=3$/);
    await expect(articles).toHaveCount(5);
    await expect(articles.last()).toHaveAccessibleName(titleOf(1));
    await expect(pages.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();

    await reloadApp(page);
    await expect(page.getByText('Beiträge 21–25 von 25')).toBeVisible();
    await pages.getByRole('button', { name: 'Vorherige Seite' }).click();
    await expect(page).toHaveURL(/page=2$/);
    await expect(articles).toHaveCount(10);
    await page.goBack();
    await expect(page.getByText('Beiträge 21–25 von 25')).toBeVisible();
  });
});

test.describe('blog as an admin', () => {
  test('should mark scheduled posts and offer breaking news only for published ones', async ({ page }) => {
    await loginAs(page, 'admin', '/blog');
    await expect(
      article(page, DEMO.scheduled).getByText(/^Geplant für \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr$/),
    ).toBeVisible();
    const scheduled = actionsOf(page, DEMO.scheduled);
    await expect(scheduled.getByRole('button', { name: 'Bearbeiten' })).toBeVisible();
    await expect(scheduled.getByRole('button', { name: 'Eilmeldung abschicken' })).toHaveCount(0);
    await expect(
      actionsOf(page, DEMO.merkblatt).getByRole('button', { name: 'Eilmeldung abschicken' }),
    ).toBeVisible();
  });

  test('should show the SPEC message when breaking news fails', async ({ page }) => {
    await page.route('**/api/blog/sendAsBreakingNews/**', (route) =>
      route.fulfill({ status: 500, json: {} }),
    );
    await loginAs(page, 'admin', '/blog');
    await actionsOf(page, DEMO.forPartners).getByRole('button', { name: 'Eilmeldung abschicken' }).click();
    await page
      .getByRole('dialog', { name: 'Eilmeldung abschicken?' })
      .getByRole('button', { name: 'Ja' })
      .click();
    await expect(
      page.getByText('Es ist ein Fehler passiert, beim verschicken von der Eilmeldung!'),
    ).toBeVisible();
    await expect(page.getByText('Eilmeldung für den Blogbeitrag erfolgreich verschickt')).toHaveCount(0);
  });
});
