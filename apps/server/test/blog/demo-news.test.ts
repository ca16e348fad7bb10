import type { TBlog, TBlogPage } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/cli/demo-data.ts';
import { bearer, login } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { app } = t;
  expect(
    await seedDemoData(app.accounts, { db: app.database.db, storage: app.storage, signer: app.signer }),
  ).toBe(true);
});
afterAll(() => t.close());

const as = async (username: string) => bearer(await login(t.app, username));

describe('the demo news', () => {
  it('should give the demo member tagged posts, one with a picture and one linking to the media library', async () => {
    const headers = await as('mitglied');
    const response = await t.app.inject({ url: '/api/blog/', headers });
    expect(response.statusCode).toBe(200);
    const page = response.json<TBlogPage>();
    expect(page.total).toBe(3);
    expect(page.tags.length).toBeGreaterThanOrEqual(4);
    const withImage = page.items.find((post) => post.image !== null);
    expect(withImage?.imagePath).toBe('logo.png');
    expect((await t.app.inject({ url: withImage?.image ?? '' })).statusCode).toBe(200);

    const linking = page.items.find((post) => post.content.includes('/mediaLibrary/'));
    const href = /href="(\/mediaLibrary\/[^"]+)"/.exec(linking?.content ?? '')?.[1] ?? '';
    expect(href).toBe('/mediaLibrary/Dokumente/Merkblatt.pdf');
    const download = await t.app.inject({ url: href, headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
  });

  it('should hold an FMK-Intern post for the Geschäftsführung and a scheduled post only admins see', async () => {
    const intern = await t.app.inject({ url: '/api/blog/?ceo=true', headers: await as('mitglied') });
    expect(intern.json<TBlogPage>().items.map((post) => post.title)).toEqual([
      'Vorstandssitzung: Ergebnisse und nächste Schritte',
    ]);
    const partner = await t.app.inject({ url: '/api/blog/?ceo=true', headers: await as('partner') });
    expect(partner.json<TBlogPage>().total).toBe(0);
    const admin = await t.app.inject({ url: '/api/blog/', headers: await as('admin') });
    const scheduled = admin.json<TBlogPage>().items.filter((post: TBlog) => post.scheduled);
    expect(scheduled.map((post) => post.title)).toEqual(['Vorschau: Jahreshauptversammlung 2027']);
  });
});
