/**
 * Issue 36 point 5 in the browser: the admin's members screen by member company — sorted by company with the
 * members under each company's heading (linked to its admin page, with its count), filtered by one company or
 * 'Ohne Firma' through a searchable choice, the company linked from a member's form; on a desktop and at
 * 360 px, axe clean.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { AdminApi } from './support/admin-api.ts';
import { loginAs } from './support/auth.ts';
import { violations } from './support/axe.ts';
import { CompaniesApi } from './support/companies-api.ts';
import { uniqueSuffix } from './support/test-data.ts';

const suffix = uniqueSuffix();
const PHONE = { width: 360, height: 740 };
const SHOTS = 'docs/screenshots';
const FIRST = `Aalglas ${suffix} GmbH`;
const SECOND = `Zettel Fenster ${suffix}`;
/** The members this spec makes, by username; all carry the suffix, so a search for it finds exactly them. */
const PEOPLE = {
  anna: { username: `firma-anna-${suffix}`, firstName: 'Anna', lastName: 'Zeder', company: FIRST },
  bert: { username: `firma-bert-${suffix}`, firstName: 'Bert', lastName: 'Adler', company: FIRST },
  carl: { username: `firma-carl-${suffix}`, firstName: 'Carl', lastName: 'Moos', company: SECOND },
  dora: { username: `firma-dora-${suffix}`, firstName: 'Dora', lastName: 'Frei', company: null },
} as const;

let request: APIRequestContext;
let admin: AdminApi;
const companyIds: Record<string, number> = {};
const memberIds: number[] = [];

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await AdminApi.as(request, 'admin');
  const companies = admin.with(CompaniesApi);
  for (const name of [FIRST, SECOND]) companyIds[name] = (await companies.createCompany({ name })).id;
  for (const person of Object.values(PEOPLE)) {
    const member = await admin.createMember({
      username: person.username,
      company: person.company ?? `Alte Angabe ${suffix}`,
      role: 'ROLE_USER',
    });
    memberIds.push(member.id);
    await admin.updateMember(member.id, { firstName: person.firstName, lastName: person.lastName });
    if (person.company) await companies.linkMember(companyIds[person.company] as number, member.id, {});
  }
});

test.afterAll(async () => {
  await admin.eraseMembers(memberIds);
  await admin.with(CompaniesApi).deleteCompanies(Object.values(companyIds));
  await request.dispose();
});

function filters(page: Page): Locator {
  return page.getByRole('search', { name: 'Mitglieder filtern' });
}

function memberTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Mitglieder' });
}

async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(select).toHaveValue(option);
}

/** Neither the page nor its body is wider than the window. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const { documentElement: html, body } = document;
    return Math.max(html.scrollWidth - html.clientWidth, body.scrollWidth - body.clientWidth);
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an admin sorts the members by company and sees them under their companies', async ({ page }) => {
  await loginAs(page, 'admin', `/admin/members?q=${suffix}`);
  await expect(memberTable(page).getByRole('row')).toHaveCount(5);
  await choose(page, filters(page).getByRole('combobox', { name: 'Sortierung' }), 'Firma, dann Name');
  await expect(page).toHaveURL(/[?&]sort=company/);

  const table = memberTable(page);
  // a heading row per company, then its members by name (Anna Zeder before Bert Adler), 'Ohne Firma' last
  await expect(table.getByRole('rowheader')).toHaveText([
    new RegExp(`^${FIRST}\\s*2 Mitglieder$`),
    new RegExp(`^${SECOND}\\s*1 Mitglied$`),
    /^Ohne Firma\s*1 Mitglied$/,
  ]);
  const rows = table.getByRole('row');
  await expect(rows.nth(2)).toContainText('Anna Zeder');
  await expect(rows.nth(3)).toContainText('Bert Adler');
  await expect(rows.nth(7)).toContainText(`Alte Angabe ${suffix} (nicht zugeordnet)`);
  await expect(table.getByRole('rowheader').first().getByRole('link', { name: FIRST })).toHaveAttribute(
    'href',
    `/admin/companies/${companyIds[FIRST]}`,
  );
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/admin-members-by-company-desktop.png`, fullPage: true });

  // one company, chosen by typing part of its name
  const company = filters(page).getByRole('combobox', { name: 'Mitgliedsfirma' });
  await company.click();
  await company.fill(`Zettel Fenster ${suffix}`);
  await page.getByRole('option', { name: SECOND, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]company=${companyIds[SECOND]}`));
  await expect(table.getByRole('rowheader')).toHaveText([new RegExp(`^${SECOND}\\s*1 Mitglied$`)]);
  await expect(table.getByRole('row').filter({ hasText: PEOPLE.carl.username })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);

  // the choice survives a reload, with the company's name in the field
  await page.reload();
  await expect(filters(page).getByRole('combobox', { name: 'Mitgliedsfirma' })).toHaveValue(SECOND);

  await choose(page, filters(page).getByRole('combobox', { name: 'Mitgliedsfirma' }), 'Ohne Firma');
  await expect(page).toHaveURL(/[?&]company=none/);
  await expect(table.getByRole('row').filter({ hasText: PEOPLE.dora.username })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
});

test("a member's form links the member company", async ({ page }) => {
  await loginAs(page, 'admin', `/admin/members?q=${PEOPLE.bert.username}`);
  await memberTable(page)
    .getByRole('button', { name: `${PEOPLE.bert.username} bearbeiten` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Mitglied bearbeiten: ${PEOPLE.bert.username}` });
  const group = dialog.getByRole('group', { name: 'Mitgliedsfirma' });
  await expect(group.getByRole('link', { name: FIRST })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await group.getByRole('link', { name: FIRST }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/admin/companies/${companyIds[FIRST]}`);
  await expect(page.getByRole('heading', { level: 1, name: FIRST })).toBeVisible();
});

test('the members by company fit a 360 px phone, each company a list under its heading', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginAs(page, 'admin', `/admin/members?q=${suffix}&sort=company`);
  const first = page.getByRole('list', { name: new RegExp(`^${FIRST}`) });
  await expect(first.getByRole('listitem')).toHaveCount(2);
  await expect(first.getByRole('listitem').first()).toContainText('Anna Zeder');
  await expect(page.getByRole('heading', { level: 2, name: /^Ohne Firma/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${SECOND}`) })).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/admin-members-by-company-phone.png`, fullPage: true });
});
