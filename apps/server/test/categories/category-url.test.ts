import { CATEGORY_MESSAGES, type TContentCategory } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_PATHS } from '../helpers/login-paths.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { flatten, saveCategory } from './category-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const input = (url: string) => ({
  name: 'Link',
  type: 'url' as const,
  url,
  visibleForUserGroups: [w.groups.mitglieder],
});

/**
 * A url category is either an http(s) address (new tab) or a path inside the portal. A path that a browser
 * reads as another host (`/\host`, `//host`) or whose dot segments it resolves would leave the portal or
 * land elsewhere than it says, so it is no internal link.
 */
describe('the url of a url category', () => {
  it.each([
    '/\\evil.example/pfad',
    '/\\\\evil.example',
    '\\\\evil.example/pfad',
    '//evil.example',
    '///evil.example',
    '/%2e%2e/api/blog/sendAsBreakingNews/3.',
    '/%2E%2E/dienstleistungsangebote',
    '/%252e%252e/api',
    '/content/../api/blog',
    '/./content/4',
    '/%5cevil.example',
    '/%2f%2fevil.example',
    '/a%00b',
    '/%zz',
    '/a\tb',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\nscript:alert(1)',
    'dienstleistungsangebote',
    'https:/evil.example',
    'https:\\\\evil.example',
    // issue 30: a login link in the navigation would sign whoever clicks it in as another account
    ...LOGIN_PATHS,
  ])('refuses %s with 400 and a German message at the field', async (url) => {
    const response = await saveCategory(w, w.as.admin, input(url));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: { 'contentCategory.url': CATEGORY_MESSAGES.urlInvalid },
    });
  });

  it.each([
    '/dienstleistungsangebote',
    '/content/4',
    '/event?tag=a.b#oben',
    '/blog?ceo=true',
    'https://www.example.org/seite',
    'http://example.org/a/../b',
  ])('keeps %s', async (url) => {
    const response = await saveCategory(w, w.as.admin, input(url));
    expect(response.statusCode).toBe(200);
    const urls = flatten(response.json<TContentCategory[]>()).map((node) => node.url);
    expect(urls).toContain(url);
  });
});
