/**
 * Issue 18, the audit log (/admin/audit) as an admin: admin changes made through the API show newest first
 * with who, when, what and before → after; the filters by actor, kind and day live in the address; further
 * entries load with 'Weitere Einträge laden'; the screen fits 360 px.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN_API, AUDIT_PAGE_SIZE, type TAdminGroup } from '@portal/contract';
import { AdminApi } from './support/admin-api.ts';
import { loginAs, reloadApp } from './support/auth.ts';
import { uniqueSuffix } from './support/test-data.ts';

const suffix = uniqueSuffix();
const PHONE = { width: 360, height: 740 };
const GROUP = `Protokollgruppe ${suffix}`;
const RENAMED = `${GROUP} neu`;
const CHEF = `chef-${suffix}`;
const MEMBER = `protokoll-${suffix}`;
/** More group changes by the second admin than one page holds. */
const CHEF_CHANGES = AUDIT_PAGE_SIZE + 5;

let request: APIRequestContext;
let admin: AdminApi;
let chefId = 0;
let groupId = 0;
const memberIds: number[] = [];

/** A day in Berlin as `YYYY-MM-DD`, `offset` days from today. */
function berlinDay(offset = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** 25.11.2026, as the app writes a day. */
function germanDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await AdminApi.as(request, 'admin');
  // A second admin, arriving from the host website, renames a group more often than one page shows.
  const chef = await AdminApi.as(request, CHEF, { roles: ['ROLE_ADMIN'] });
  chefId = await admin.memberId(CHEF);
  memberIds.push(chefId);
  groupId = (await admin.post<TAdminGroup>(ADMIN_API.groups, { name: GROUP }, { expect: 201 })).id;
  for (let change = 1; change < CHEF_CHANGES; change += 1) {
    await chef.send('PATCH', ADMIN_API.group(groupId), { data: { name: `${GROUP} v${change}` } });
  }
  await chef.send('PATCH', ADMIN_API.group(groupId), { data: { name: RENAMED } });
  // Then the second admin changes a member's role: the newest of their entries.
  const member = await admin.createMember({ username: MEMBER, role: 'ROLE_USER' });
  memberIds.push(member.id);
  await chef.send('PATCH', ADMIN_API.member(member.id), { data: { role: 'ROLE_PARTNER' } });
});

test.afterAll(async () => {
  await admin.delete(`${ADMIN_API.group(groupId)}?confirm=true`, { expect: [204, 404] });
  await admin.eraseMembers(memberIds);
  await request.dispose();
});

function entries(page: Page): Locator {
  return page.getByRole('list', { name: 'Einträge' }).getByRole('listitem');
}

function entry(page: Page, name: string): Locator {
  return page.getByRole('list', { name: 'Einträge' }).getByRole('listitem', { name, exact: true });
}

function dayField(page: Page, label: string): Locator {
  return page.getByRole('textbox', { name: label, exact: true });
}

async function choose(page: Page, field: string, typed: string, option: string): Promise<void> {
  const input = page.getByRole('combobox', { name: field });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

/** Neither the page nor its body is wider than the window. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const { documentElement: html, body } = document;
    return Math.max(html.scrollWidth - html.clientWidth, body.scrollWidth - body.clientWidth);
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an admin reads who changed what, newest first, with before and after', async ({ page }) => {
  // Filtered by the second admin, whose entries only this spec writes: other specs running at the same time
  // add entries to the unfiltered log.
  await loginAs(page, 'admin', `/admin/audit?actor=${chefId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Protokoll' })).toBeVisible();
  await expect(page).toHaveTitle('Protokoll – Portal');

  const role = entry(page, `Rolle geändert: ${MEMBER}`);
  await expect(role).toBeVisible();
  await expect(role).toContainText(CHEF);
  await expect(role).toContainText(germanDay(berlinDay()));
  await expect(role.getByRole('term')).toHaveText('Rolle');
  await expect(role.getByRole('definition')).toHaveText(/^Mitglied\s*→?\s*geändert in\s*Partner$/);

  const renamed = entry(page, `Gruppe geändert: ${RENAMED}`);
  await expect(renamed).toContainText(CHEF);
  await expect(renamed.getByRole('term')).toHaveText('Name');
  await expect(renamed.getByRole('definition')).toContainText(`${GROUP} v${CHEF_CHANGES - 1}`);
  await expect(renamed.getByRole('definition')).toContainText(RENAMED);

  // Newest first: the role change came after the renaming.
  const names = await entries(page).evaluateAll((items) =>
    items.map((item) => item.getAttribute('aria-labelledby')),
  );
  const roleId = await role.getAttribute('aria-labelledby');
  const renamedId = await renamed.getAttribute('aria-labelledby');
  expect(names.indexOf(roleId)).toBeLessThan(names.indexOf(renamedId));
  await page.screenshot({ path: 'docs/screenshots/admin-audit-desktop.png', fullPage: false });
});

test('the filters by kind, actor and day stay in the address and more entries load', async ({ page }) => {
  await loginAs(page, 'admin', '/admin/audit');

  await choose(page, 'Was', 'Gruppe geä', 'Gruppe geändert');
  await expect(page).toHaveURL(/[?&]kind=group\.update(&|$)/);
  await expect(entry(page, `Gruppe geändert: ${RENAMED}`)).toBeVisible();
  await expect(entry(page, `Rolle geändert: ${MEMBER}`)).toHaveCount(0);

  await choose(page, 'Wer', CHEF, CHEF);
  await expect(page).toHaveURL(new RegExp(`[?&]actor=${chefId}(&|$)`));
  await expect(entries(page)).toHaveCount(AUDIT_PAGE_SIZE);
  await expect(entries(page).first()).toHaveAccessibleName(`Gruppe geändert: ${RENAMED}`);
  await page.getByRole('button', { name: 'Weitere Einträge laden' }).click();
  await expect(entries(page)).toHaveCount(CHEF_CHANGES);
  await expect(page.getByRole('button', { name: 'Weitere Einträge laden' })).toHaveCount(0);
  await expect(entries(page).last()).toHaveAccessibleName(`Gruppe geändert: ${GROUP} v1`);

  // A reload keeps the filters, the actor by name.
  await reloadApp(page);
  await expect(page.getByRole('combobox', { name: 'Wer' })).toHaveValue(CHEF);
  await expect(page.getByRole('combobox', { name: 'Was' })).toHaveValue('Gruppe geändert');
  await expect(entries(page)).toHaveCount(AUDIT_PAGE_SIZE);

  // From tomorrow on there is nothing; from today on the entries are back. Days are typed the German way.
  const from = dayField(page, 'Von (Datum)');
  await from.fill(germanDay(berlinDay(1)));
  await expect(page).toHaveURL(new RegExp(`[?&]from=${berlinDay(1)}(&|$)`));
  await expect(page.getByText('Keine Einträge gefunden')).toBeVisible();
  await from.fill(germanDay(berlinDay()));
  await from.press('Escape');
  await expect(entries(page)).toHaveCount(AUDIT_PAGE_SIZE);
  const to = dayField(page, 'Bis (Datum)');
  await to.fill(germanDay(berlinDay(-1)));
  await expect(page.getByText('Das Bis-Datum liegt vor dem Von-Datum.')).toBeVisible();
  await to.fill(germanDay(berlinDay()));
  await to.press('Escape');
  await expect(entry(page, `Gruppe geändert: ${RENAMED}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]to=${berlinDay()}(&|$)`));
  await reloadApp(page);
  await expect(dayField(page, 'Von (Datum)')).toHaveValue(germanDay(berlinDay()));
  await expect(dayField(page, 'Bis (Datum)')).toHaveValue(germanDay(berlinDay()));

  await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/admin/audit' && url.search === '');
  await expect(entries(page).first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Wer' })).toHaveValue('');
});

test('fits a phone: entries stacked, no sideways scrolling', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginAs(page, 'admin', `/admin/audit?actor=${chefId}`);
  const renamed = entry(page, `Gruppe geändert: ${RENAMED}`);
  await expect(renamed).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Wer' })).toHaveValue(CHEF);
  // The two days side by side.
  const from = await dayField(page, 'Von (Datum)').boundingBox();
  const to = await dayField(page, 'Bis (Datum)').boundingBox();
  expect(from && to && from.y === to.y && from.x + from.width <= to.x).toBe(true);
  const box = await renamed.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'docs/screenshots/admin-audit-phone.png' });
});
