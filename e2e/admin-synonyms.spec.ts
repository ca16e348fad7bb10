/**
 * Issue 33 point 3, the search's synonyms (/admin/synonyms) as an admin: add a group (the German messages at
 * their fields, a term another group holds named with that group), edit it by keyboard, delete it after the
 * question; axe-clean with the form open; a member is refused; the screen fits 360 px and the host's frame.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { SEARCH_SYNONYMS_API, type TSearchSynonym } from '@portal/contract';
import { AdminApi } from './support/admin-api.ts';
import { ApiClient } from './support/api-client.ts';
import { loginAs } from './support/auth.ts';
import { violations } from './support/axe.ts';
import { openHostPage } from './support/embedded.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT } from './support/timeouts.ts';

const suffix = uniqueSuffix();
const PHONE = { width: 360, height: 740 };
const TITLE = 'Synonyme für die Suche';

let request: APIRequestContext;
let admin: AdminApi;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await AdminApi.as(request, 'admin');
});

test.afterAll(async () => {
  const groups = await admin.get<TSearchSynonym[]>(SEARCH_SYNONYMS_API.list);
  for (const group of groups.filter((g) => g.terms.some((term) => term.includes(suffix))))
    await admin.delete(SEARCH_SYNONYMS_API.byId(group.id), { expect: [204, 404] });
  await request.dispose();
});

async function groupWith(term: string): Promise<TSearchSynonym | undefined> {
  return (await admin.get<TSearchSynonym[]>(SEARCH_SYNONYMS_API.list)).find((g) => g.terms.includes(term));
}

async function openScreen(page: Page): Promise<void> {
  await loginAs(page, 'admin', '/admin/synonyms');
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
}

function groupCard(page: Page, terms: string[]): Locator {
  return page
    .getByRole('list', { name: 'Alle Gruppen von Synonymen' })
    .getByRole('listitem', { name: `Synonyme: ${terms.join(', ')}`, exact: true });
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const { documentElement: html, body } = document;
    return Math.max(html.scrollWidth - html.clientWidth, body.scrollWidth - body.clientWidth);
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('the synonyms screen', () => {
  test('an admin adds a group, is told what is wrong at the field, edits it by keyboard and deletes it', async ({
    page,
  }) => {
    const short = `KG${suffix}`;
    const long = `Kantenglas ${suffix}`;
    const third = `Kantenschliffglas ${suffix}`;
    await openScreen(page);
    await expect(page).toHaveTitle(`${TITLE} – Portal`);
    await expect(
      page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: TITLE }),
    ).toBeVisible();
    // the seeded groups of the trade are listed
    await expect(groupCard(page, ['GEG', 'Gebäudeenergiegesetz'])).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: 'docs/screenshots/admin-synonyms-desktop.png', fullPage: true });

    await page.getByRole('button', { name: 'Gruppe anlegen' }).click();
    let sheet = page.getByRole('dialog', { name: 'Gruppe anlegen' });
    await expect(sheet.getByRole('textbox', { name: 'Begriff 1' })).toBeFocused();
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(sheet.getByText('Ein Begriff darf nicht leer sein.')).toHaveCount(2);
    expect(await violations(page)).toEqual([]);
    await sheet.getByRole('textbox', { name: 'Begriff 1' }).fill(short);
    await sheet.getByRole('textbox', { name: 'Begriff 2' }).fill('esg');
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    // the server names the group that holds the term, at that term's field
    await expect(
      sheet.getByText(
        '„esg“ steht schon in der Gruppe „ESG, Einscheibensicherheitsglas, Einscheiben-Sicherheitsglas“. ' +
          'Ein Begriff kann nur in einer Gruppe stehen.',
      ),
    ).toBeVisible();
    await expect(sheet.getByRole('textbox', { name: 'Begriff 2' })).toHaveAttribute('aria-invalid', 'true');
    await sheet.screenshot({ path: 'docs/screenshots/admin-synonyms-form.png', animations: 'disabled' });
    await sheet.getByRole('textbox', { name: 'Begriff 2' }).fill(long);
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Die Synonyme wurden gespeichert.')).toBeVisible();
    await expect(sheet).toBeHidden();
    expect((await groupWith(short))?.terms).toEqual([short, long]);
    let card = groupCard(page, [short, long]);
    await expect(card).toBeVisible();

    // Edit by keyboard: add a third term, remove the first, save with Enter.
    await card.getByRole('button', { name: `Gruppe „${short}, ${long}“ bearbeiten` }).click();
    sheet = page.getByRole('dialog', { name: 'Gruppe bearbeiten' });
    await expect(sheet.getByRole('textbox', { name: 'Begriff 1' })).toHaveValue(short);
    await sheet.getByRole('button', { name: 'Begriff hinzufügen' }).focus();
    await page.keyboard.press('Enter');
    await expect(sheet.getByRole('textbox', { name: 'Begriff 3' })).toBeFocused();
    await page.keyboard.type(third);
    await sheet.getByRole('button', { name: 'Begriff 1 entfernen' }).focus();
    await page.keyboard.press('Enter');
    await expect(sheet.getByRole('textbox', { name: 'Begriff 1' })).toHaveValue(long);
    await expect(sheet.getByRole('textbox', { name: 'Begriff 1' })).toBeFocused();
    await expect(sheet.getByRole('textbox', { name: 'Begriff 3' })).toHaveCount(0);
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(sheet).toBeHidden();
    card = groupCard(page, [long, third]);
    await expect(card).toBeVisible();
    expect((await groupWith(long))?.terms).toEqual([long, third]);

    await card.getByRole('button', { name: `Gruppe „${long}, ${third}“ löschen` }).click();
    let dialog = page.getByRole('dialog', { name: 'Löschen?' });
    await expect(
      dialog.getByText(`Wollen Sie die Gruppe „${long}, ${third}“ wirklich löschen?`),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Nein' }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Gruppe „${long}, ${third}“ löschen` }).click();
    dialog = page.getByRole('dialog', { name: 'Löschen?' });
    await dialog.getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText('Die Gruppe wurde gelöscht.')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Gruppe anlegen' })).toBeFocused();
    expect(await groupWith(long)).toBeUndefined();

    // The audit log names the changes in German.
    await page.goto('/admin/audit');
    await expect(page.getByText('Synonyme für die Suche gelöscht').first()).toBeVisible();
  });

  test('fits a phone and the host page’s frame', async ({ page }) => {
    const terms = [
      `Handy ${suffix} mit einem recht langen Begriff für schmale Bildschirme`,
      `Kurz ${suffix}`,
    ];
    await admin.post(SEARCH_SYNONYMS_API.list, { terms }, { expect: 201 });
    await page.setViewportSize(PHONE);
    await openScreen(page);
    const card = groupCard(page, terms);
    await expect(card).toBeVisible();
    const box = await card.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'docs/screenshots/admin-synonyms-phone.png', fullPage: true });
    await page.getByRole('button', { name: 'Gruppe anlegen' }).click();
    const sheet = page.getByRole('dialog', { name: 'Gruppe anlegen' });
    await expect(sheet.getByRole('button', { name: 'Speichern' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
    expect(await violations(page)).toEqual([]);
    await sheet.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(sheet).toBeHidden();

    await page.setViewportSize({ width: 1280, height: 800 });
    const { app } = await openHostPage(page, { user: 'admin', portal: '/admin/synonyms' });
    await expect(app.getByRole('heading', { level: 1, name: TITLE })).toBeVisible({
      timeout: APP_START_TIMEOUT,
    });
    await expect(app.getByRole('listitem', { name: `Synonyme: ${terms.join(', ')}` })).toBeVisible();
  });
});

test.describe('as a member', () => {
  test('the synonyms screen is refused and not offered', async ({ page }) => {
    await loginAs(page, 'mitglied');
    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(navigation.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: TITLE })).toHaveCount(0);
    await page.goto('/admin/synonyms');
    await expect(page).toHaveURL(/\/login\?denied=1$/, { timeout: APP_START_TIMEOUT });
    await expect(page.getByText(/Für die aufgerufene Seite fehlt Ihnen die Berechtigung/)).toBeVisible();
    const member = await ApiClient.as(page.request, 'mitglied');
    await member.get(SEARCH_SYNONYMS_API.list, { expect: 403 });
  });
});
