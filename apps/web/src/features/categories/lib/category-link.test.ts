import { describe, expect, it } from 'vitest';
import { categoryAddress, categoryTarget, isCurrentCategory, mayFollow } from './category-link';

const content = { id: 4, type: 'content' as const, url: null };
const external = { id: 5, type: 'url' as const, url: 'https://example.de/messe' };
const internal = { id: 6, type: 'url' as const, url: '/dienstleistungsangebote' };
const PORTAL = { publicUrl: 'https://portal.example.de', hostPageUrl: null };

describe('categoryTarget', () => {
  it('sends content nodes to their content page', () => {
    expect(categoryTarget(content)).toEqual({ kind: 'internal', to: '/content/4' });
  });

  it('opens url nodes starting with http in a new tab', () => {
    expect(categoryTarget(external)).toEqual({ kind: 'external', href: 'https://example.de/messe' });
  });

  it('navigates inside the app for other url nodes', () => {
    expect(categoryTarget(internal)).toEqual({ kind: 'internal', to: '/dienstleistungsangebote' });
    expect(categoryTarget({ id: 7, type: 'url', url: 'event' })).toEqual({ kind: 'internal', to: '/event' });
  });

  // Stored before the server refused such urls, or written straight into the database: a path a browser
  // reads as another host, or whose dot segments it resolves, must not become a link of the portal.
  it.each([
    '/\\evil.example/pfad',
    '\\\\evil.example',
    '//evil.example',
    '/%2e%2e/api/blog/sendAsBreakingNews/3.',
    '/%252e%252e/api',
    '/content/../api/blog',
    '/%5cevil.example',
    '/%zz',
    'javascript:alert(1)',
    'httpx:alert(1)',
    'https:/evil.example',
    // issue 30: a login link would sign whoever follows it in as another account
    '/login?token=T',
    '/Login?token=T',
    '/./login?token=T',
    '/%6Cogin?token=T',
    '/login/?token=T',
    '/foo/../login?token=T',
    'login?token=T',
  ])('falls back to the content page for the unsafe url %s', (url) => {
    expect(categoryTarget({ id: 9, type: 'url', url })).toEqual({ kind: 'internal', to: '/content/9' });
    expect(categoryAddress({ id: 9, type: 'url', url }, PORTAL)).toBe('https://portal.example.de/content/9');
  });

  it('falls back to the content page for a url node without url', () => {
    expect(categoryTarget({ id: 8, type: 'url', url: ' ' })).toEqual({ kind: 'internal', to: '/content/8' });
  });
});

describe('categoryAddress', () => {
  it('gives absolute addresses for copying', () => {
    expect(categoryAddress(content, PORTAL)).toBe('https://portal.example.de/content/4');
    expect(categoryAddress(external, PORTAL)).toBe('https://example.de/messe');
    expect(categoryAddress(internal, PORTAL)).toBe('https://portal.example.de/dienstleistungsangebote');
  });

  it('gives the host page with the deep link when one is configured (issue 31)', () => {
    const host = { ...PORTAL, hostPageUrl: 'https://verband.example/portal' };
    expect(categoryAddress(content, host)).toBe('https://verband.example/portal?portal=/content/4');
    expect(categoryAddress(internal, host)).toBe(
      'https://verband.example/portal?portal=/dienstleistungsangebote',
    );
    expect(categoryAddress(external, host)).toBe('https://example.de/messe');
  });
});

describe('isCurrentCategory', () => {
  it('marks the node of the current page', () => {
    expect(isCurrentCategory(content, '/content/4')).toBe(true);
    expect(isCurrentCategory(content, '/content/40')).toBe(false);
    expect(isCurrentCategory(external, '/content/5')).toBe(false);
  });
});

describe('mayFollow', () => {
  it('lets a partner follow links outside and to the pages of their role only', () => {
    expect(mayFollow(external, ['ROLE_PARTNER'])).toBe(true);
    expect(mayFollow({ id: 8, type: 'url', url: '/blog?tag=Glas' }, ['ROLE_PARTNER'])).toBe(true);
    expect(mayFollow(content, ['ROLE_PARTNER'])).toBe(false);
    expect(mayFollow(internal, ['ROLE_PARTNER'])).toBe(false);
  });

  it('lets a member follow content pages but not the media library', () => {
    expect(mayFollow(content, ['ROLE_USER', 'ROLE_PARTNER'])).toBe(true);
    expect(mayFollow({ id: 9, type: 'url', url: '/media' }, ['ROLE_USER', 'ROLE_PARTNER'])).toBe(false);
  });
});
