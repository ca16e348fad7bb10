/**
 * Issue 37 points 1–5 in the browser: two members talking in one thread, each in a browser of their own. A
 * writes; B quotes A and mentions A; A edits (title, text, an attachment removed and one added) and B sees
 * 'bearbeitet' and the versions with their difference; B reacts and toggles; A deletes a reply and B sees
 * 'Beitrag gelöscht'. Then embedded at 360 px, and an admin editing a member's post. axe-clean throughout.
 */

import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { AdminApi } from './support/admin-api.ts';
import { loginAs } from './support/auth.ts';
import { violations } from './support/axe.ts';
import { CompaniesApi } from './support/companies-api.ts';
import { deletedPost, mention, postOf, reactionButton, sheetEditor } from './support/conversation-page.ts';
import { openHostPage } from './support/embedded.ts';
import { ForumsApi } from './support/forums-api.ts';
import { fixturePath, uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT, UPLOAD_TIMEOUT } from './support/timeouts.ts';

const suffix = uniqueSuffix();
const ANNA = { username: `anna${suffix}`, first: 'Anna', last: `Quarzfeld${suffix}` };
const BERND = { username: `bernd${suffix}`, first: 'Bernd', last: `Kittel${suffix}` };
const NAME_A = `${ANNA.first} ${ANNA.last}`;
const NAME_B = `${BERND.first} ${BERND.last}`;
const COMPANY = `Quarzfeld Glas ${suffix} GmbH`;
const THREAD = `Randverbund bei VSG ${suffix}`;
const RENAMED = `Randverbund bei VSG und ESG ${suffix}`;
const SHOTS = 'docs/screenshots';
const PHONE = { width: 360, height: 740 };

let request: APIRequestContext;
let admin: CompaniesApi;
let anna: ForumsApi;
let bernd: ForumsApi;
let annaId = 0;
let forumId = 0;
let companyId = 0;
const memberIds: number[] = [];

const threadPath = (threadId: number) => `/forum/${forumId}/thread/${threadId}`;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await CompaniesApi.as(request, 'admin');
  const members = admin.with(AdminApi);
  anna = await ForumsApi.as(request, ANNA.username, {
    firstName: ANNA.first,
    lastName: ANNA.last,
    roles: ['ROLE_USER'],
  });
  bernd = await ForumsApi.as(request, BERND.username, {
    firstName: BERND.first,
    lastName: BERND.last,
    roles: ['ROLE_USER'],
  });
  annaId = await members.memberId(ANNA.username);
  memberIds.push(annaId, await members.memberId(BERND.username));
  companyId = (await admin.createCompany({ name: COMPANY, city: 'Kassel', state: 'HE' })).id;
  await admin.linkMember(companyId, annaId, { function: 'Technik' });
  forumId = await admin.with(ForumsApi).createForum(`Gesprächsforum ${suffix}`);
});

test.afterAll(async () => {
  await admin.with(ForumsApi).deleteForums([forumId]);
  await admin.deleteCompanies([companyId]);
  await admin.with(AdminApi).eraseMembers(memberIds);
  await request.dispose();
});

async function memberPage(browser: Browser, username: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, username, path);
  return page;
}

test('two members talk in one thread: quote, mention, edit with versions, reactions, a deleted reply', async ({
  browser,
}) => {
  const upload = (relative: string, mimeType: string) => ({
    name: relative.split('/').pop() ?? relative,
    mimeType,
    buffer: readFileSync(fixturePath(relative)),
  });
  const thread = await anna.createThread(
    forumId,
    THREAD,
    '<p>Wie prüft ihr den Randverbund bei VSG?</p><p>Wir messen die Haftung nach dem Lagern.</p>',
    [upload('images/logo.png', 'image/png'), upload('docs/merkblatt.pdf', 'application/pdf')],
  );
  const firstPostId = thread.posts[0]?.id ?? 0;

  // B quotes a sentence of A's post and mentions A.
  const b = await memberPage(browser, BERND.username, threadPath(thread.id));
  const first = postOf(b, 1, NAME_A);
  await first.getByText('Wir messen die Haftung nach dem Lagern.').selectText();
  await b.getByRole('button', { name: 'Zitieren: markierter Text' }).click();
  const editor = await sheetEditor(b);
  await expect(editor).toBeFocused();
  await expect(editor.locator('blockquote[data-quote]')).toContainText(`${NAME_A} schrieb:`);
  await b.keyboard.type('Genau so, ');
  await mention(b, b, ANNA.last, NAME_A);
  await expect(b.getByRole('listbox')).toHaveCount(0);
  await b.keyboard.type('kannst du das Protokoll teilen?');
  await b.getByRole('button', { name: 'Antwort senden' }).click();
  const reply = postOf(b, 2, NAME_B);
  await expect(reply.getByText('kannst du das Protokoll teilen?')).toBeVisible();
  const quote = reply.locator(`blockquote[data-quote="${firstPostId}"]`);
  await expect(quote).toContainText('Wir messen die Haftung nach dem Lagern.');
  await expect(quote.getByRole('link', { name: `${NAME_A} schrieb:` })).toHaveAttribute(
    'href',
    new RegExp(`/forum/${forumId}/thread/${thread.id}\\?post=${firstPostId}$`),
  );
  await expect(reply.getByRole('link', { name: `@${NAME_A}` })).toHaveAttribute(
    'href',
    `/personen/${annaId}`,
  );
  expect(await violations(b)).toEqual([]);

  // A sees the mention, then edits the first post: title, text, one attachment removed and one added.
  const a = await memberPage(browser, ANNA.username, `${threadPath(thread.id)}?page=1`);
  await expect(postOf(a, 2, NAME_B).getByRole('link', { name: `@${NAME_A}` })).toBeVisible();
  await postOf(a, 1, NAME_A)
    .getByRole('button', { name: `Bearbeiten: Beitrag 1 von ${NAME_A}` })
    .click();
  const sheet = a.getByRole('dialog', { name: 'Beitrag bearbeiten' });
  await sheet.getByLabel('Titel des Themas').fill(RENAMED);
  const edit = await sheetEditor(a);
  await edit.click();
  await a.keyboard.press('ControlOrMeta+End');
  await a.keyboard.type(' Nachtrag: nach 1000 Stunden Klimalagerung.');
  await sheet.getByRole('button', { name: 'Anhang entfernen: merkblatt.pdf' }).click();
  await expect(sheet.getByText('Wird beim Speichern entfernt')).toBeVisible();
  const chooser = a.waitForEvent('filechooser');
  await sheet.getByRole('button', { name: 'Dateien auswählen' }).click();
  await (await chooser).setFiles(fixturePath('images/foto-exif-gps.jpg'));
  await expect(sheet.getByText('1 Datei ausgewählt')).toBeVisible();
  expect(await violations(a)).toEqual([]);
  await a.screenshot({ path: `${SHOTS}/forum-conversation-edit-desktop.png` });
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  await expect(a.getByText('Ihre Änderungen wurden gespeichert.')).toBeVisible({ timeout: UPLOAD_TIMEOUT });
  await expect(a.getByRole('heading', { level: 1, name: RENAMED })).toBeVisible();
  const edited = postOf(a, 1, NAME_A);
  await expect(edited.getByText(/bearbeitet \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr/)).toBeVisible();
  await expect(edited.getByRole('link', { name: /merkblatt\.pdf/ })).toHaveCount(0);
  await expect(edited.getByRole('link', { name: /foto-exif-gps\.jpg/ })).toBeVisible();

  // B sees 'bearbeitet' and the versions with their difference.
  await b.reload();
  const seen = postOf(b, 1, NAME_A);
  await expect(seen.getByText(/bearbeitet/)).toBeVisible({ timeout: APP_START_TIMEOUT });
  await seen.getByRole('button', { name: `Versionen von Beitrag 1 von ${NAME_A} (2)` }).click();
  const versions = b.getByRole('dialog', { name: `Versionen: Beitrag 1 von ${NAME_A}` });
  const newest = versions.getByRole('region', { name: 'Version 2 (aktuell)' });
  await expect(newest.locator('ins').filter({ hasText: 'Nachtrag' })).toBeVisible();
  await expect(newest.locator('ins').filter({ hasText: 'und ESG' })).toBeVisible();
  await expect(newest.getByText(`von ${NAME_A}`)).toBeVisible();
  await expect(versions.getByRole('region', { name: 'Version 1' }).getByText('Erste Fassung')).toBeVisible();
  expect(await violations(b)).toEqual([]);
  await b.screenshot({ path: `${SHOTS}/forum-conversation-versions-desktop.png` });
  await b.keyboard.press('Escape');
  await expect(versions).toBeHidden();

  // B reacts and toggles; the server keeps the last state.
  const helpful = reactionButton(seen, 'Hilfreich');
  await expect(helpful).toHaveAttribute('aria-pressed', 'false');
  await helpful.click();
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');
  await expect(helpful).toContainText('1');
  await helpful.click();
  await expect(helpful).toHaveAttribute('aria-pressed', 'false');
  await expect(helpful).not.toContainText('1');
  await helpful.click();
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');
  await b.reload();
  await expect(reactionButton(postOf(b, 1, NAME_A), 'Hilfreich')).toHaveAttribute('aria-pressed', 'true');

  // A sees who reacted.
  await a.reload();
  const own = postOf(a, 1, NAME_A);
  await expect(reactionButton(own, 'Hilfreich')).toHaveAttribute('aria-pressed', 'false');
  await reactionButton(own, 'Hilfreich').hover();
  await expect(a.getByRole('tooltip')).toContainText(NAME_B);
  const who = own.getByRole('button', { name: /^Wer hat reagiert\?/ });
  await who.click();
  await expect(who).toHaveAttribute('aria-expanded', 'true');
  await expect(own.getByRole('listitem').filter({ hasText: NAME_B })).toBeVisible();
  await a.screenshot({ path: `${SHOTS}/forum-conversation-thread-desktop.png`, fullPage: true });

  // A deletes a reply of her own; it stays as 'Beitrag gelöscht' for B.
  await anna.reply(thread.id, '<p>Falscher Faden, bitte ignorieren.</p>');
  await a.reload();
  const mistake = postOf(a, 3, NAME_A);
  await mistake.getByRole('button', { name: `Löschen: Beitrag 3 von ${NAME_A}` }).click();
  await a.getByRole('dialog', { name: 'Löschen?' }).getByRole('button', { name: 'Ja' }).click();
  await expect(deletedPost(a, 3)).toBeFocused();
  await expect(deletedPost(a, 3)).toContainText('Beitrag gelöscht');
  await expect(postOf(a, 1, NAME_A).getByRole('button', { name: /^Löschen/ })).toHaveCount(0);
  await b.reload();
  const gone = deletedPost(b, 3);
  await expect(gone).toContainText('Beitrag gelöscht');
  await expect(gone).not.toContainText('Falscher Faden');
  await expect(gone.getByRole('button')).toHaveCount(0);
  expect(await violations(b)).toEqual([]);
  await a.context().close();
  await b.context().close();
});

test('embedded at 360 px: B quotes a whole post by keyboard, mentions A and reacts', async ({ page }) => {
  const thread = await anna.createThread(
    forumId,
    `Schmal ${suffix}`,
    '<p>Passt das Distanzprofil zu 16 mm?</p>',
  );
  await page.setViewportSize(PHONE);
  const { app } = await openHostPage(page, { user: BERND.username, portal: threadPath(thread.id) });
  const first = postOf(app, 1, NAME_A);
  await expect(first).toBeVisible({ timeout: APP_START_TIMEOUT });
  await first.getByRole('button', { name: `Zitieren: Beitrag 1 von ${NAME_A}` }).focus();
  await page.keyboard.press('Enter');
  const editor = await sheetEditor(app);
  await expect(editor).toBeFocused();
  await expect(editor.locator('blockquote')).toContainText('Passt das Distanzprofil zu 16 mm?');
  // Escape closes the list only, not the sheet around it.
  await page.keyboard.type(`@${ANNA.last}`);
  const list = app.getByRole('listbox', { name: 'Mitglieder zum Erwähnen' });
  await expect(list.getByRole('option', { name: new RegExp(`^${NAME_A}`) })).toBeVisible();
  await expect(list.getByRole('option', { name: new RegExp(COMPANY) })).toBeVisible();
  await expect(editor).toHaveAttribute('aria-activedescendant', /option/);
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(app.getByRole('dialog')).toBeVisible();
  for (let typed = 0; typed <= ANNA.last.length; typed += 1) await page.keyboard.press('Backspace');
  await mention(page, app, ANNA.last, NAME_A);
  await page.keyboard.type('ja, mit Butyl.');
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/forum-conversation-reply-phone.png` });
  await app.getByRole('button', { name: 'Antwort senden' }).click();
  const reply = postOf(app, 2, NAME_B);
  await expect(reply.getByRole('link', { name: `@${NAME_A}` })).toBeVisible();
  // By keyboard: the post is above the host page's visible part now, where a pointer would hit its header.
  const thanks = reactionButton(postOf(app, 1, NAME_A), 'Danke');
  await thanks.focus();
  await page.keyboard.press('Space');
  await expect(thanks).toHaveAttribute('aria-pressed', 'true');
  await expect(thanks).toBeFocused();
  const overflow = await app.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await violations(page)).toEqual([]);
  // The viewport: a full-page picture of the host page leaves the frame's parts out of view unpainted.
  await page.screenshot({ path: `${SHOTS}/forum-conversation-thread-phone.png` });
});

test('an admin edits a member’s reply; the member sees it edited and who did it', async ({
  page,
  browser,
}) => {
  const thread = await anna.createThread(forumId, `Verwaltet ${suffix}`, '<p>Frage zur Norm.</p>');
  await bernd.reply(thread.id, '<p>Meine Telefonnummer ist 0561 123456.</p>');
  await loginAs(page, 'admin', `${threadPath(thread.id)}?page=1`);
  const reply = page.getByRole('article', { name: /^Beitrag 2 von / });
  await reply.getByRole('button', { name: /^Bearbeiten: Beitrag 2/ }).click();
  const editor = await sheetEditor(page);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Kontakt bitte per Nachricht.');
  await page.getByRole('dialog').getByRole('button', { name: 'Speichern' }).click();
  await expect(reply.getByText('Kontakt bitte per Nachricht.')).toBeVisible();

  const b = await memberPage(browser, BERND.username, `${threadPath(thread.id)}?page=1`);
  const own = postOf(b, 2, NAME_B);
  await expect(own.getByText(/bearbeitet/)).toBeVisible();
  await own.getByRole('button', { name: /^Versionen von Beitrag 2/ }).click();
  const newest = b.getByRole('dialog').getByRole('region', { name: 'Version 2 (aktuell)' });
  await expect(newest.getByText(/von admin$/)).toBeVisible();
  await expect(newest.locator('del').filter({ hasText: '123456' })).toBeVisible();
  await b.context().close();
});
