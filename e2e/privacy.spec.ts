/**
 * Issue 18, privacy: every member downloads their own data as JSON from the settings screen
 * ('Benachrichtigungen' → 'Meine Daten').
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { type TAccountExport, ZAccountExport } from '@portal/contract';
import { loginAs } from './support/auth.ts';

async function downloadMyData(page: Page): Promise<{ name: string; data: TAccountExport }> {
  const section = page.getByRole('region', { name: 'Meine Daten' });
  await expect(section).toContainText('Forumsbeiträge');
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Meine Daten herunterladen (JSON)' }).click();
  const file = await download;
  const data = ZAccountExport.parse(JSON.parse(await readFile(await file.path(), 'utf8')));
  return { name: file.suggestedFilename(), data };
}

test.describe('my own data', () => {
  test('a member downloads their profile, groups, answers, posts and settings as JSON', async ({ page }) => {
    await loginAs(page, 'mitglied', '/benachrichtigungen');
    const { name, data } = await downloadMyData(page);
    expect(name).toMatch(/\.json$/);
    expect(data.profile.username).toBe('mitglied');
    expect(data.profile.role).toBe('ROLE_USER');
    expect(data.groups).toContain('Mitglieder');
    expect(data.notificationSettings).toEqual(
      expect.objectContaining({ digest: expect.any(String), forumReplies: expect.any(Boolean) }),
    );
    expect(Array.isArray(data.eventAnswers)).toBe(true);
    expect(Array.isArray(data.forumPosts)).toBe(true);
  });

  test('a partner gets theirs too, also on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await loginAs(page, 'partner', '/benachrichtigungen');
    const { data } = await downloadMyData(page);
    expect(data.profile.username).toBe('partner');
    expect(data.profile.role).toBe('ROLE_PARTNER');
  });
});
