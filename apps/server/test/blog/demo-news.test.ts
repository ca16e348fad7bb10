import { BLOG_API, type TBlog, type TBlogPage } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../helpers/world.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await createDemoWorld();
});
afterAll(() => w.close());

describe('the demo news', () => {
  it('should give the demo member tagged posts, one with a picture and one linking to the media library', async () => {
    const headers = await w.login('mitglied');
    const response = await w.app.inject({ url: BLOG_API.list, headers });
    expect(response.statusCode).toBe(200);
    const page = response.json<TBlogPage>();
    expect(page.total).toBe(3);
    expect(page.tags.length).toBeGreaterThanOrEqual(4);
    const withImage = page.items.find((post) => post.image !== null);
    expect(withImage?.imagePath).toBe('logo.png');
    expect((await w.app.inject({ url: withImage?.image ?? '' })).statusCode).toBe(200);

    const linking = page.items.find((post) => post.content.includes('/mediaLibrary/'));
    const href = /href="(\/mediaLibrary\/[^"]+)"/.exec(linking?.content ?? '')?.[1] ?? '';
    expect(href).toBe('/mediaLibrary/Dokumente/Merkblatt.pdf');
    const download = await w.app.inject({ url: href, headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
  });

  it('should hold an FMK-Intern post for the Geschäftsführung and a scheduled post only admins see', async () => {
    const intern = await w.app.inject({ url: '/api/blog/?ceo=true', headers: await w.login('mitglied') });
    expect(intern.json<TBlogPage>().items.map((post) => post.title)).toEqual([
      'Vorstandssitzung: Ergebnisse und nächste Schritte',
    ]);
    const partner = await w.app.inject({ url: '/api/blog/?ceo=true', headers: await w.login('partner') });
    expect(partner.json<TBlogPage>().total).toBe(0);
    const admin = await w.app.inject({ url: BLOG_API.list, headers: await w.login('admin') });
    const scheduled = admin.json<TBlogPage>().items.filter((post: TBlog) => post.scheduled);
    expect(scheduled.map((post) => post.title)).toEqual(['Vorschau: Jahreshauptversammlung 2027']);
  });
});
