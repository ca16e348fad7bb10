import { expect, test } from '@playwright/test';
import { API } from '@portal/contract';
import { loginAs } from './support/auth.ts';
import { APP_START_TIMEOUT } from './support/timeouts.ts';

const PATH = '/dienstleistungsangebote';

test.describe('service offerings', () => {
  test('should show a member the ten offers, each linking to the provider in a new tab', async ({ page }) => {
    await loginAs(page, 'mitglied', PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Dienstleistungsangebote' })).toBeVisible();
    await expect(page.getByText('Gemeinsam sind wir stärker!')).toBeVisible();
    await expect(page.getByText(/exklusiven Vereinbarungen/)).toBeVisible();

    const cards = page.getByTestId('service-offer');
    await expect(cards).toHaveCount(10);
    await expect(page.getByRole('link', { name: /^Zum Dienstleister/ })).toHaveCount(10);
    await expect(page.getByText('Aktionscode:')).toHaveCount(2);
    await expect(page.getByText(/Bitte wenden Sie sich vor der Kontaktaufnahme an das Netzwerk/)).toHaveCount(
      2,
    );
    await expect(page.getByText('Kein Aktionscode notwendig.')).toHaveCount(6);

    // every link of a card (picture and button) opens a new tab without a handle on the portal
    const links = cards.locator('a');
    await expect(links).toHaveCount(20);
    const attributes = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => ({
        target: anchor.getAttribute('target'),
        rel: anchor.getAttribute('rel') ?? '',
        href: anchor.getAttribute('href') ?? '',
      })),
    );
    for (const link of attributes) {
      expect(link.target).toBe('_blank');
      expect(link.rel).toMatch(/\bnoopener\b/);
      expect(link.href).toMatch(/^https:\/\//);
    }
    // pictures are our own files (small ones inlined by Vite), never another site's; 310 px high
    const images = cards.locator('img');
    await expect(images).toHaveCount(10);
    for (const image of await images.all()) await expect(image).toHaveJSProperty('complete', true);
    const pictures = await images.evaluateAll((elements) =>
      elements.map((element) => ({
        src: element.getAttribute('src') ?? '',
        height: element.getBoundingClientRect().height,
      })),
    );
    for (const picture of pictures) {
      expect(picture.src).toMatch(/^(data:image\/svg\+xml|\/assets\/)/);
      expect(picture.height).toBe(310);
    }
  });

  test("should open the provider's page in a new tab", async ({ page }) => {
    // the provider pages are not reachable in the test network: answer the new tab locally
    await page
      .context()
      .route('https://www.example.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Dienstleister</title>' }),
      );
    await loginAs(page, 'mitglied', PATH);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page
        .getByRole('link', { name: /^Zum Dienstleister/ })
        .first()
        .click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe('https://www.example.com/akademie');
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    await popup.close();
  });

  test('should offer a mail link to the configured contact address', async ({ page }) => {
    const settings = await (await page.request.get(API.settings)).json();
    await loginAs(page, 'mitglied', PATH);
    await expect(page.getByText(/Weitere Angebote sind bereits in Vorbereitung/)).toBeVisible();
    const mail = page.getByRole('link', { name: settings.contactEmail });
    await expect(mail).toHaveAttribute('href', `mailto:${settings.contactEmail}`);
  });

  test('should refuse a partner and say why', async ({ page }) => {
    await loginAs(page, 'partner');
    await page.goto(PATH);
    await expect(page).toHaveURL(/\/login\?denied=1$/, { timeout: APP_START_TIMEOUT });
  });

  test('should look right on a desktop and on a phone', async ({ page }) => {
    await loginAs(page, 'mitglied', PATH);
    await expect(page.getByTestId('service-offer')).toHaveCount(10);
    await expect(page.locator('[data-testid="service-offer"] img').last()).toHaveJSProperty('complete', true);
    await page.screenshot({ path: 'docs/screenshots/services-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('service-offer').first()).toBeVisible();
    await page.screenshot({ path: 'docs/screenshots/services-390.png', fullPage: true });
  });
});
