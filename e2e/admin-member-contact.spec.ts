/**
 * Issue 31 point 7 in the browser: an admin changes a member's e-mail and company on the members screen; an
 * address another member has and one without @ are refused in German, and the log names the change without
 * the values. At 1280 and 360 px.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { AdminApi } from './support/admin-api.ts';
import { loginAs } from './support/auth.ts';
import { uniqueSuffix } from './support/test-data.ts';

const suffix = uniqueSuffix();
const SHOTS = process.env.SHOTS_DIR;
const NAMES = { moved: `umgezogen-${suffix}`, other: `anderes-${suffix}` };
const OTHER_EMAIL = `buero-${suffix}@verband.example`;

let request: APIRequestContext;
let admin: AdminApi;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await AdminApi.as(request, 'admin');
  await admin.createMember({
    username: NAMES.moved,
    email: `alt-${suffix}@glaserei.example`,
    company: `Glaserei Alt ${suffix}`,
    role: 'ROLE_USER',
  });
  await admin.createMember({ username: NAMES.other, email: OTHER_EMAIL, role: 'ROLE_USER' });
});

test.afterAll(async () => {
  const ids: number[] = [];
  for (const username of Object.values(NAMES)) {
    const member = await admin.member(username);
    if (member) ids.push(member.id);
  }
  await admin.eraseMembers(ids);
  await request.dispose();
});

function row(page: Page, username: string): Locator {
  return page.getByRole('table', { name: 'Mitglieder' }).getByRole('row').filter({ hasText: username });
}

async function openEditor(page: Page): Promise<Locator> {
  await loginAs(page, 'admin', `/admin/members?q=${NAMES.moved}`);
  await page.getByRole('button', { name: `${NAMES.moved} bearbeiten` }).click();
  const dialog = page.getByRole('dialog', { name: `Mitglied bearbeiten: ${NAMES.moved}` });
  await expect(dialog.getByRole('textbox', { name: 'E-Mail' })).toBeVisible();
  return dialog;
}

test('an admin changes e-mail and company; a taken or broken address is refused in German', async ({
  page,
}) => {
  const dialog = await openEditor(page);
  const email = dialog.getByRole('textbox', { name: 'E-Mail' });
  const company = dialog.getByRole('textbox', { name: 'Firma' });
  await expect(email).toHaveValue(`alt-${suffix}@glaserei.example`);
  await expect(company).toHaveValue(`Glaserei Alt ${suffix}`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/member-contact-desktop.png` });

  await email.fill('keine-adresse');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(email).toHaveAccessibleDescription(/Die E-Mail-Adresse ist ungültig\./);

  await email.fill(OTHER_EMAIL.toUpperCase());
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText('Diese E-Mail-Adresse hat schon ein anderes Mitglied.')).toBeVisible();
  await expect(dialog).toBeVisible();

  await email.fill(` neu-${suffix}@fensterbau.example `);
  await company.fill(`Fensterbau Neu ${suffix}`);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Das Mitglied wurde gespeichert.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, NAMES.moved)).toContainText(`neu-${suffix}@fensterbau.example`);
  await expect(row(page, NAMES.moved)).toContainText(`Fensterbau Neu ${suffix}`);

  // The log says what changed, not the addresses.
  await page.goto('/admin/audit');
  const entry = page
    .getByRole('listitem')
    .filter({ hasText: `E-Mail oder Firma geändert: ${NAMES.moved}` })
    .first();
  await expect(entry).toBeVisible();
  await expect(entry.getByRole('term')).toHaveText(['E-Mail', 'Firma']);
  await expect(entry).not.toContainText('fensterbau.example');
});

test('an admin gives a member a first and last name (issue 36 point 6)', async ({ page }) => {
  await loginAs(page, 'admin', `/admin/members?q=${NAMES.other}`);
  await page.getByRole('button', { name: `${NAMES.other} bearbeiten` }).click();
  const dialog = page.getByRole('dialog', { name: `Mitglied bearbeiten: ${NAMES.other}` });
  await expect(dialog.getByRole('textbox', { name: 'Vorname' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Vorname' }).fill(' Erika ');
  await dialog.getByRole('textbox', { name: 'Nachname' }).fill('Muster');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Das Mitglied wurde gespeichert.')).toBeVisible();
  const member = await admin.member(NAMES.other);
  expect([member?.firstName, member?.lastName]).toEqual(['Erika', 'Muster']);
});

test('the edit dialog fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const dialog = await openEditor(page);
  const box = await dialog.getByRole('textbox', { name: 'E-Mail' }).boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(250);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/member-contact-phone.png` });
});
