/**
 * Issue 18, the groups screen (/admin/groups) as an admin: create, rename, mark 'Intern' and 'Standard',
 * delete an unused group after the usual question and a used one after a confirmation that lists what loses
 * it; a member is refused the admin screens; the screen fits 360 px.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN_API, CATEGORY_API, type TAdminGroup } from '@portal/contract';
import { AdminApi } from './support/admin-api.ts';
import { ApiClient } from './support/api-client.ts';
import { loginAs } from './support/auth.ts';
import { BlogApi } from './support/blog-api.ts';
import { ContentApi, type TTreeNode } from './support/content-api.ts';
import { flatten, uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT } from './support/timeouts.ts';

const suffix = uniqueSuffix();
const PHONE = { width: 360, height: 740 };
const TAG = `gruppen-${suffix}`;

let request: APIRequestContext;
let admin: AdminApi;
const groupIds: number[] = [];
const memberIds: number[] = [];
const categoryIds: number[] = [];

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await AdminApi.as(request, 'admin');
});

test.afterAll(async () => {
  await admin.with(BlogApi).deletePostsTagged(TAG);
  await admin.with(ContentApi).deleteCategories(categoryIds);
  await admin.eraseMembers(memberIds);
  for (const id of groupIds)
    await admin.delete(`${ADMIN_API.group(id)}?confirm=true`, { expect: [204, 404] });
  await request.dispose();
});

async function createGroup(name: string): Promise<TAdminGroup> {
  const group = await admin.post<TAdminGroup>(ADMIN_API.groups, { name }, { expect: 201 });
  groupIds.push(group.id);
  return group;
}

async function groupNamed(name: string): Promise<TAdminGroup | undefined> {
  return (await admin.groups()).find((group) => group.name === name);
}

/** A category of the content tree shown only to `groupId`. */
async function createCategoryFor(name: string, groupId: number): Promise<void> {
  const contentCategory = { type: 'content', name, visibleForUserGroups: [groupId] };
  const tree = await admin.postForm<TTreeNode[]>(CATEGORY_API.tree, {
    contentCategory: JSON.stringify(contentCategory),
  });
  const created = flatten(tree).find((node) => node.name === name);
  expect(created).toBeDefined();
  if (created) categoryIds.push(created.id);
}

async function openGroupsScreen(page: Page): Promise<void> {
  await loginAs(page, 'admin', '/admin/groups');
  await expect(page.getByRole('heading', { level: 1, name: 'Gruppen' })).toBeVisible();
}

function groupCard(page: Page, name: string): Locator {
  return page.getByRole('list', { name: 'Alle Gruppen' }).getByRole('listitem', { name, exact: true });
}

/** Neither the page nor its body is wider than the window. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const { documentElement: html, body } = document;
    return Math.max(html.scrollWidth - html.clientWidth, body.scrollWidth - body.clientWidth);
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('the groups screen', () => {
  test('an admin creates a group, is told when its name is taken, renames and marks it', async ({ page }) => {
    const name = `Arbeitskreis ${suffix}`;
    const renamed = `Arbeitskreis Glas ${suffix}`;
    await openGroupsScreen(page);
    await expect(page).toHaveTitle('Gruppen – Portal');
    await expect(
      page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Gruppen' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Gruppe anlegen' }).click();
    let sheet = page.getByRole('dialog', { name: 'Gruppe anlegen' });
    await expect(sheet.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(sheet.getByText('Der Name der Gruppe ist ein Pflichtfeld.')).toBeVisible();
    await sheet.getByRole('textbox', { name: 'Name' }).fill(name);
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Die Gruppe wurde gespeichert.')).toBeVisible();
    await expect(sheet).toBeHidden();
    const created = await groupNamed(name);
    expect(created).toMatchObject({ name, internal: false, isDefault: false, memberCount: 0 });
    if (created) groupIds.push(created.id);
    let card = groupCard(page, name);
    await expect(card.getByText('0 Mitglieder')).toBeVisible();
    await expect(card.getByText('Intern', { exact: true })).toHaveCount(0);

    // The same name again: the server's German answer stands beside the field; closing asks first.
    await page.getByRole('button', { name: 'Gruppe anlegen' }).click();
    sheet = page.getByRole('dialog', { name: 'Gruppe anlegen' });
    await sheet.getByRole('textbox', { name: 'Name' }).fill(name);
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(sheet.getByText('Eine Gruppe mit diesem Namen gibt es schon.')).toBeVisible();
    await sheet.getByRole('button', { name: 'Abbrechen' }).click();
    const question = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Verwerfen' }).click();
    await expect(sheet).toBeHidden();
    expect((await admin.groups()).filter((group) => group.name === name)).toHaveLength(1);

    // Rename and mark 'Standard'; then 'Standard' off and 'Intern' on. Never both at once: other specs'
    // forms preselect the default groups, and an internal one would put their posts into 'FMK-Intern'.
    await card.getByRole('button', { name: `Gruppe ${name} bearbeiten` }).click();
    sheet = page.getByRole('dialog', { name: 'Gruppe bearbeiten' });
    await expect(sheet.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await sheet.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await sheet.getByRole('switch', { name: 'Standard' }).check();
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Die Gruppe wurde gespeichert.')).toBeVisible();
    await expect(sheet).toBeHidden();
    card = groupCard(page, renamed);
    await expect(card.getByText('Standard', { exact: true })).toBeVisible();
    await expect(card.getByText('Intern', { exact: true })).toHaveCount(0);
    await expect(groupCard(page, name)).toHaveCount(0);
    expect(await groupNamed(renamed)).toMatchObject({ internal: false, isDefault: true });

    await card.getByRole('button', { name: `Gruppe ${renamed} bearbeiten` }).click();
    sheet = page.getByRole('dialog', { name: 'Gruppe bearbeiten' });
    await expect(sheet.getByRole('switch', { name: 'Standard' })).toBeChecked();
    await sheet.getByRole('switch', { name: 'Standard' }).uncheck();
    await sheet.getByRole('switch', { name: 'Intern' }).check();
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(sheet).toBeHidden();
    await expect(card.getByText('Standard', { exact: true })).toHaveCount(0);
    await expect(card.getByText('Intern', { exact: true })).toBeVisible();
    expect(await groupNamed(renamed)).toMatchObject({ internal: true, isDefault: false });
  });

  test('deleting an unused group asks the usual question', async ({ page }) => {
    const name = `Unbenutzt ${suffix}`;
    await createGroup(name);
    await openGroupsScreen(page);
    const card = groupCard(page, name);
    await expect(card.getByText('0 Mitglieder')).toBeVisible();
    await page.screenshot({ path: 'docs/screenshots/admin-groups-desktop.png', fullPage: true });

    await card.getByRole('button', { name: `Gruppe ${name} löschen` }).click();
    let dialog = page.getByRole('dialog', { name: 'Löschen?' });
    await expect(dialog.getByText(`Wollen Sie die Gruppe „${name}“ wirklich löschen?`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Nein' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: `Gruppe ${name} löschen` }).click();
    dialog = page.getByRole('dialog', { name: 'Löschen?' });
    await dialog.getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText('Die Gruppe wurde gelöscht.')).toBeVisible();
    await expect(card).toHaveCount(0);
    // The keyboard goes on from 'Gruppe anlegen', not from the top of the page.
    await expect(page.getByRole('button', { name: 'Gruppe anlegen' })).toBeFocused();
    expect(await groupNamed(name)).toBeUndefined();
  });

  test('deleting a group in use lists what loses it first', async ({ page }) => {
    const name = `Genutzt ${suffix}`;
    const group = await createGroup(name);
    const member = await admin.createMember({ username: `gruppe-${suffix}`, groups: [group.id] });
    memberIds.push(member.id);
    const titles = Array.from({ length: 7 }, (_, index) => `Gruppenbeitrag ${suffix} ${index + 1}`);
    const blog = admin.with(BlogApi);
    for (const title of titles) await blog.createPost({ title, tags: [TAG], groups: [name] });
    const category = `Gruppenkategorie ${suffix}`;
    await createCategoryFor(category, group.id);

    await openGroupsScreen(page);
    const card = groupCard(page, name);
    await expect(card.getByText('1 Mitglied', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: `Gruppe ${name} löschen` }).click();
    const dialog = page.getByRole('dialog', { name: 'Löschen?' });
    await expect(
      dialog.getByText(`Die Gruppe „${name}“ wird noch verwendet. Beim Löschen verlieren sie:`),
    ).toBeVisible();
    await expect(dialog.getByText('1 Mitglied', { exact: true })).toBeVisible();
    await expect(dialog.getByText('7 Beiträge:')).toBeVisible();
    for (const title of titles.slice(0, 5)) await expect(dialog.getByText(`„${title}“`)).toBeVisible();
    await expect(dialog.getByText(`„${titles[5]}“`)).toHaveCount(0);
    await expect(dialog.getByText('und 2 weitere')).toBeVisible();
    await expect(dialog.getByText('1 Kategorie:')).toBeVisible();
    await expect(dialog.getByText(`„${category}“`)).toBeVisible();
    await expect(dialog.getByText('Wollen Sie die Gruppe trotzdem löschen?')).toBeVisible();
    await page.screenshot({ path: 'docs/screenshots/admin-group-delete.png', animations: 'disabled' });

    await dialog.getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText('Die Gruppe wurde gelöscht.')).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(await groupNamed(name)).toBeUndefined();
    const after = await admin.member(`gruppe-${suffix}`);
    expect(after?.groups).toEqual([]);
  });

  test('fits a phone: stacked cards, no sideways scrolling, the form in the sheet', async ({ page }) => {
    await createGroup(`Handy ${suffix} mit einem recht langen Gruppennamen für schmale Bildschirme`);
    await page.setViewportSize(PHONE);
    await openGroupsScreen(page);
    const card = groupCard(
      page,
      `Handy ${suffix} mit einem recht langen Gruppennamen für schmale Bildschirme`,
    );
    await expect(card).toBeVisible();
    const box = await card.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'docs/screenshots/admin-groups-phone.png', fullPage: true });

    await page.getByRole('button', { name: 'Gruppe anlegen' }).click();
    const sheet = page.getByRole('dialog', { name: 'Gruppe anlegen' });
    await expect(sheet.getByRole('button', { name: 'Speichern' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await sheet.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(sheet).toBeHidden();
  });
});

test.describe('as a member', () => {
  test('the admin screens are refused and not offered', async ({ page }) => {
    await loginAs(page, 'mitglied');
    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(navigation.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Gruppen' })).toHaveCount(0);
    await expect(navigation.getByRole('link', { name: 'Protokoll' })).toHaveCount(0);
    for (const path of ['/admin/groups', '/admin/audit']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login\?denied=1$/, { timeout: APP_START_TIMEOUT });
      await expect(page.getByText(/Für die aufgerufene Seite fehlt Ihnen die Berechtigung/)).toBeVisible();
    }
    const member = await ApiClient.as(page.request, 'mitglied');
    await member.get(ADMIN_API.groups, { expect: 403 });
    await member.get(ADMIN_API.audit, { expect: 403 });
  });
});
