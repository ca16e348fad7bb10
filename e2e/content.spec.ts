import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { loginAs, reloadApp } from './support/auth.ts';
import { expectEditor, typeInEditor } from './support/blog-page.ts';
import { ContentApi } from './support/content-api.ts';
import { HOST_ORIGIN } from './support/origins.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { UPLOAD_TIMEOUT } from './support/timeouts.ts';

const suffix = uniqueSuffix();
const PRICE_LIST = `Preisliste ${suffix}`;
/** A relative link to the demo media file, which the app downloads through /mediaLibrary/{path}. */
const DOWNLOAD_PATH = 'Dokumente/Merkblatt.pdf';

/** 300 rows: more than one page of 250, with a relative download link and an http link. */
function priceListCsv(): string {
  const lines = ['Artikel;Bezeichnung;Unterlagen'];
  for (let row = 1; row <= 300; row += 1) {
    const link =
      row === 1 ? `[Datenblatt](${DOWNLOAD_PATH})` : row === 2 ? `[Prüfbericht](${HOST_ORIGIN}/health)` : '';
    lines.push(`A-${row};Zeile ${row};${link}`);
  }
  return lines.join('\n');
}

function itemHeadings(page: Page): Locator {
  return page.getByRole('main').getByRole('heading', { level: 2 });
}

function table(page: Page, title: string): Locator {
  return page.getByRole('table', { name: `Tabelle: ${title}` });
}

function status(page: Page): Locator {
  return page.getByText(/^(Zeilen \d|Keine Zeilen)/);
}

let request: APIRequestContext;
let api: ContentApi;
const categories: Record<'tables' | 'order' | 'empty' | 'create' | 'edit' | 'remove', number> = {
  tables: 0,
  order: 0,
  empty: 0,
  create: 0,
  edit: 0,
  remove: 0,
};
const MEMBERS_CSV = {
  name: 'mitglieder.csv',
  content: 'Betrieb;Ort\nGlaserei Nord;Kiel\nGlas Süd;München\n',
};

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  api = await ContentApi.as(request, 'admin');
  categories.tables = await api.createCategory({ name: `Tabellen ${suffix}` });
  await api.createItem(
    categories.tables,
    { title: PRICE_LIST, preText: '<p>Richtpreise für Mitglieder.</p>', postText: '<p>Stand: Januar.</p>' },
    { name: 'preisliste.csv', content: priceListCsv() },
  );
  categories.order = await api.createCategory({ name: `Reihenfolge ${suffix}` });
  for (const [position, title] of ['Eins', 'Zwei', 'Drei'].entries()) {
    await api.createItem(categories.order, { title, position, preText: `<p>Text ${title}</p>` });
  }
  categories.empty = await api.createCategory({ name: `Leer ${suffix}` });
  categories.create = await api.createCategory({ name: `Neu ${suffix}` });
  categories.edit = await api.createCategory({ name: `Bearbeiten ${suffix}` });
  await api.createItem(
    categories.edit,
    { title: 'Mitgliederliste', preText: '<p>Alle Betriebe <strong>nach Ort</strong></p>' },
    MEMBERS_CSV,
  );
  categories.remove = await api.createCategory({ name: `Entfernen ${suffix}` });
  await api.createItem(categories.remove, { title: 'Betriebe' }, MEMBERS_CSV);
});

test.afterAll(async () => {
  await api.deleteCategories(Object.values(categories));
  await request.dispose();
});

test.describe('content page as a member', () => {
  test('should show the items as panels with breadcrumbs from the category path', async ({ page }) => {
    await loginAs(page, 'mitglied');
    const tree = page.getByRole('region', { name: 'Inhalte' });
    await tree.getByRole('button', { name: 'Alle ausklappen' }).click();
    await tree.getByRole('link', { name: 'Normen', exact: true }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Normen' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
    await expect(crumbs.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(crumbs.getByRole('link', { name: 'Technik' })).toBeVisible();
    await expect(crumbs.getByText('Normen')).toHaveAttribute('aria-current', 'page');

    await expect(itemHeadings(page)).toHaveText(['Preisliste Flachglas 2026']);
    await expect(page.getByText('Unverbindliche Richtpreise je Quadratmeter')).toBeVisible();
    const prices = table(page, 'Preisliste Flachglas 2026');
    await expect(prices.getByRole('columnheader', { name: 'Bezeichnung' })).toBeVisible();
    await expect(prices.getByRole('row')).toHaveCount(6);

    await crumbs.getByRole('link', { name: 'Technik' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Technik' })).toBeVisible();
    await expect(page.getByText('Keine Einträge vorhanden.')).toBeVisible();
  });

  test('should search the table over all cells', async ({ page }) => {
    await loginAs(page, 'mitglied', `/content/${categories.tables}`);
    const rows = table(page, PRICE_LIST).getByRole('row');
    await expect(status(page)).toHaveText('Zeilen 1–250 von 300');

    await page.getByRole('searchbox', { name: 'Suchen' }).fill('zeile 29');
    await expect(status(page)).toHaveText('Zeilen 1–11 von 11');
    await expect(rows).toHaveCount(12);
    await page.getByRole('searchbox', { name: 'Suchen' }).fill('PRÜFBERICHT');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Zeile 2');
    await page.getByRole('searchbox', { name: 'Suchen' }).fill('gibt es nicht');
    await expect(status(page)).toHaveText('Keine Zeilen');
    await expect(page.getByText('Keine passenden Zeilen gefunden.')).toBeVisible();
  });

  test('should switch pages and page sizes, including all rows', async ({ page }) => {
    await loginAs(page, 'mitglied', `/content/${categories.tables}`);
    const prices = table(page, PRICE_LIST);
    await expect(prices.getByRole('row')).toHaveCount(251);
    await expect(page.getByLabel('Zeilen pro Seite')).toHaveValue('250');

    await page.getByRole('button', { name: 'Seite 2' }).click();
    await expect(status(page)).toHaveText('Zeilen 251–300 von 300');
    await expect(prices.getByRole('row')).toHaveCount(51);

    for (const size of ['10', '25', '50', '100']) {
      await page.getByLabel('Zeilen pro Seite').selectOption(size);
      await expect(status(page)).toHaveText(`Zeilen 1–${size} von 300`);
      await expect(prices.getByRole('row')).toHaveCount(Number(size) + 1);
    }

    await page.getByLabel('Zeilen pro Seite').selectOption({ label: 'Alle' });
    await expect(status(page)).toHaveText('Zeilen 1–300 von 300');
    await expect(page.getByRole('navigation', { name: 'Seiten der Tabelle' })).toHaveCount(0);
    const scroller = page.getByRole('region', { name: `Tabelle: ${PRICE_LIST}` });
    // Only the visible rows are in the document.
    expect(await prices.getByRole('row').count()).toBeLessThan(100);
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect(prices.getByRole('cell', { name: 'Zeile 300', exact: true })).toBeVisible();
    await expect(prices.getByRole('cell', { name: 'Zeile 1', exact: true })).toHaveCount(0);
  });

  test('should open an http link cell in a new tab', async ({ page }) => {
    await loginAs(page, 'mitglied', `/content/${categories.tables}`);
    const link = table(page, PRICE_LIST).getByRole('link', { name: /^Prüfbericht/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener');
    const popup = page.waitForEvent('popup');
    await link.click();
    await expect(await popup).toHaveURL(`${HOST_ORIGIN}/health`);
  });

  test('should download a relative link cell with the Authorization header', async ({ page }) => {
    const authorization: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith(`/mediaLibrary/${DOWNLOAD_PATH}`))
        authorization.push(sent.headers().authorization ?? '');
    });
    await loginAs(page, 'mitglied', `/content/${categories.tables}`);
    const download = page.waitForEvent('download');
    await table(page, PRICE_LIST).getByRole('link', { name: 'Datenblatt' }).click();
    expect((await download).suggestedFilename()).toBe('Merkblatt DIN 18008.pdf');
    expect(authorization).toHaveLength(1);
    expect(authorization[0]).toMatch(/^BEARER \S+$/);
    await expect(page).toHaveURL(new RegExp(`/content/${categories.tables}$`));
  });

  test('should say so when a page has no items', async ({ page }) => {
    await loginAs(page, 'mitglied', `/content/${categories.empty}`);
    await expect(page.getByRole('heading', { level: 1, name: `Leer ${suffix}` })).toBeVisible();
    await expect(page.getByText('Keine Einträge vorhanden.')).toBeVisible();
  });

  test('should not offer the admin buttons', async ({ page }) => {
    await loginAs(page, 'mitglied', `/content/${categories.order}`);
    await expect(itemHeadings(page)).toHaveText(['Eins', 'Zwei', 'Drei']);
    await expect(page.getByRole('button', { name: 'Neuer Eintrag' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Nach oben' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0);
  });
});

test.describe('content page as an admin', () => {
  function actionsOf(page: Page, title: string): Locator {
    return page.getByRole('group', { name: `Aktionen für ${title}` });
  }

  test('should move items and revert the order when saving fails', async ({ page }) => {
    await loginAs(page, 'admin', `/content/${categories.order}`);
    await expect(itemHeadings(page)).toHaveText(['Eins', 'Zwei', 'Drei']);
    await expect(actionsOf(page, 'Eins').getByRole('button', { name: 'Nach oben' })).toBeDisabled();

    await actionsOf(page, 'Eins').getByRole('button', { name: 'Nach unten' }).click();
    await expect(itemHeadings(page)).toHaveText(['Zwei', 'Eins', 'Drei']);
    await expect.poll(() => api.itemTitles(categories.order)).toEqual(['Zwei', 'Eins', 'Drei']);

    // Hold the save, see the new order at once, then let the save fail.
    let failSave: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      failSave = resolve;
    });
    await page.route('**/api/content/saveTree/', async (route) => {
      await held;
      await route.fulfill({ status: 500, json: {} });
    });
    await actionsOf(page, 'Drei').getByRole('button', { name: 'Nach oben' }).click();
    await expect(itemHeadings(page)).toHaveText(['Zwei', 'Drei', 'Eins']);
    failSave();
    await expect(
      page.getByText('Es ist ein interner Fehler aufgetreten. Bitte versuchen Sie es später erneut.'),
    ).toBeVisible();
    await expect(itemHeadings(page)).toHaveText(['Zwei', 'Eins', 'Drei']);

    await page.unroute('**/api/content/saveTree/');
    await reloadApp(page);
    await expect(itemHeadings(page)).toHaveText(['Zwei', 'Eins', 'Drei']);
  });

  test('should create an item with a CSV table', async ({ page }) => {
    await loginAs(page, 'admin', `/content/${categories.create}`);
    await expect(page.getByText('Keine Einträge vorhanden.')).toBeVisible();

    await page.getByRole('button', { name: 'Neuer Eintrag' }).click();
    const sheet = page.getByRole('dialog', { name: 'Neuer Eintrag' });
    const preText = sheet.getByRole('textbox', { name: 'Text vor der Tabelle' });
    await expectEditor(preText);
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(sheet.getByText('Titel ist ein Pflichtfeld.')).toBeVisible();

    await sheet.getByRole('textbox', { name: 'Titel' }).fill('Mitgliederliste');
    await typeInEditor(page, preText, 'Alle Betriebe');
    await sheet
      .getByRole('toolbar', { name: 'Formatierung: Text vor der Tabelle' })
      .getByRole('button', { name: 'Fett' })
      .click();
    await page.keyboard.insertText(' nach Ort');
    let chooser = page.waitForEvent('filechooser');
    await sheet.getByRole('button', { name: 'CSV-Datei' }).click();
    await (await chooser).setFiles({ name: 'bild.png', mimeType: 'image/png', buffer: Buffer.from('png') });
    await expect(sheet.getByText('Die Datei muss eine CSV-Datei sein.')).toBeVisible();
    chooser = page.waitForEvent('filechooser');
    await sheet.getByRole('button', { name: 'CSV-Datei' }).click();
    await (await chooser).setFiles({
      name: MEMBERS_CSV.name,
      mimeType: 'text/csv',
      buffer: Buffer.from(MEMBERS_CSV.content),
    });
    await expect(sheet.getByText('Die Datei muss eine CSV-Datei sein.')).toBeHidden();
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(sheet).toBeHidden({ timeout: UPLOAD_TIMEOUT });
    await expect(page.getByText('Der Eintrag wurde gespeichert.')).toBeVisible();
    await expect(itemHeadings(page)).toHaveText(['Mitgliederliste']);
    // A newly saved item opens expanded.
    await expect(page.getByRole('button', { name: 'Mitgliederliste' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByText('Alle Betriebe')).toBeVisible();
    await expect(page.locator('strong', { hasText: 'nach Ort' })).toBeVisible();
    await expect(table(page, 'Mitgliederliste').getByRole('cell', { name: 'München' })).toBeVisible();
  });

  test('should edit an item and keep its formatting and table', async ({ page }) => {
    await loginAs(page, 'admin', `/content/${categories.edit}`);
    await actionsOf(page, 'Mitgliederliste').getByRole('button', { name: 'Bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Eintrag bearbeiten' });
    const preText = edit.getByRole('textbox', { name: 'Text vor der Tabelle' });
    await expectEditor(preText);
    await expect(preText.locator('strong')).toHaveText('nach Ort');
    await edit.getByRole('textbox', { name: 'Titel' }).fill('Betriebe');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await expect(edit).toBeHidden();
    await expect(itemHeadings(page)).toHaveText(['Betriebe']);
    await expect(table(page, 'Betriebe').getByRole('cell', { name: 'Kiel' })).toBeVisible();
  });

  test('should delete an item after confirming', async ({ page }) => {
    await loginAs(page, 'admin', `/content/${categories.remove}`);
    await actionsOf(page, 'Betriebe').getByRole('button', { name: 'Löschen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Löschen?' });
    await expect(dialog.getByText('Wollen Sie den Eintrag "Betriebe" wirklich löschen?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText('Der Eintrag wurde gelöscht.')).toBeVisible();
    await expect(page.getByText('Keine Einträge vorhanden.')).toBeVisible();
  });
});
