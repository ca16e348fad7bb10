import { describe, expect, it } from 'vitest';
import { classifyLink } from './links';

describe('classifyLink', () => {
  it('opens http and https addresses in a new tab', () => {
    expect(classifyLink('https://example.de/preise')).toEqual({
      kind: 'external',
      href: 'https://example.de/preise',
      newTab: true,
    });
    expect(classifyLink(' HTTP://example.de ')).toEqual({
      kind: 'external',
      href: 'HTTP://example.de',
      newTab: true,
    });
  });

  it('keeps mail and phone links in the same tab', () => {
    expect(classifyLink('mailto:info@example.de')).toEqual({
      kind: 'external',
      href: 'mailto:info@example.de',
      newTab: false,
    });
  });

  it('downloads relative paths with a dot through the media library', () => {
    expect(classifyLink('dokumente/preisliste 2026.pdf')).toEqual({
      kind: 'download',
      path: '/mediaLibrary/dokumente/preisliste%202026.pdf',
      fileName: 'preisliste 2026.pdf',
    });
    expect(classifyLink('/dokumente/liste.csv')).toMatchObject({ path: '/mediaLibrary/dokumente/liste.csv' });
  });

  it('builds the download path from the decoded names, each encoded once', () => {
    expect(classifyLink('Dokumente/Merkblatt%20DIN 18008.pdf')).toEqual({
      kind: 'download',
      path: '/mediaLibrary/Dokumente/Merkblatt%20DIN%2018008.pdf',
      fileName: 'Merkblatt DIN 18008.pdf',
    });
    expect(classifyLink('Preise/Glas%23Nr%3F1.pdf')).toMatchObject({
      path: '/mediaLibrary/Preise/Glas%23Nr%3F1.pdf',
      fileName: 'Glas#Nr?1.pdf',
    });
  });

  it('does not double the media library prefix', () => {
    expect(classifyLink('/mediaLibrary/a/b%20c.pdf')).toEqual({
      kind: 'download',
      path: '/mediaLibrary/a/b%20c.pdf',
      fileName: 'b c.pdf',
    });
  });

  it('navigates inside the app for paths without a dot', () => {
    expect(classifyLink('/dienstleistungsangebote')).toEqual({
      kind: 'internal',
      to: '/dienstleistungsangebote',
    });
    expect(classifyLink('content/12')).toEqual({ kind: 'internal', to: '/content/12' });
    expect(classifyLink('/event?tag=a.b')).toEqual({ kind: 'internal', to: '/event?tag=a.b' });
  });

  // The attack of issue 12: a member's link whose dot segments the browser resolves only after the app has
  // put /mediaLibrary/ in front, so that the download would call an API route with the reader's token.
  it.each([
    '/%2e%2e/api/blog/sendAsBreakingNews/3.',
    '/%2E%2E/api/eventSubscription/participantsAsCsv/3.csv',
    '%2e%2e/%2e%2e/api/blog/sendAsBreakingNews/3.',
    '/.%2e/api/blog/sendAsBreakingNews/3.',
    '/%2e./api/blog/sendAsBreakingNews/3.',
    '/%252e%252e/api/blog/sendAsBreakingNews/3.',
    '/%25252e%25252e/api/blog/sendAsBreakingNews/3.',
    '/mediaLibrary/%2e%2e/api/blog/sendAsBreakingNews/3.',
    '/mediaLibrary/../api/x.pdf',
    './liste.csv',
    '/a/./b.pdf',
    '/%2e/api/x.pdf',
    'Dokumente/..%2Fapi/x.pdf',
    'Dokumente%2F..%2F..%2Fapi/x.pdf',
    '/a%5c..%5capi/x.pdf',
    '/%2e%2e%5capi/x.pdf',
    '/%2e%2e\t/api/x.pdf',
    '/%zz/x.pdf',
    '/%2e%2e/api/blog',
    '/%2e%2e/dashboard',
  ])('makes no link of %s', (url) => {
    expect(classifyLink(url)).toEqual({ kind: 'none' });
  });

  // issue 30: a member's one-time login link of an account they control; an admin who followed it was signed
  // in as that account. However the path is written, the router would read it as the login route.
  it.each([
    '/login?token=T',
    '/Login?token=T',
    '/LOGIN',
    '/./login?token=T',
    '/%6Cogin?token=T',
    '/%256Cogin?token=T',
    '/login/?token=T',
    '/login//',
    '//login?token=T',
    '/foo/../login?token=T',
    '/foo/%2e%2e/login?token=T',
    '/login%2F?token=T',
    '/\\login?token=T',
    'login?token=T',
    'Login',
    '../login?token=T',
  ])('makes no link to the login route of %s', (url) => {
    expect(classifyLink(url)).toEqual({ kind: 'none' });
  });

  it('keeps links to pages whose names only contain login', () => {
    expect(classifyLink('/loginhilfe')).toEqual({ kind: 'internal', to: '/loginhilfe' });
    expect(classifyLink('/blog?weiter=/login')).toEqual({ kind: 'internal', to: '/blog?weiter=/login' });
  });

  it('refuses other schemes, protocol-relative addresses and parent segments', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example/x.pdf',
      '/\\evil.example/x.pdf',
      '\\\\evil.example/x.pdf',
      '../geheim.pdf',
      '../dashboard',
      '',
      null,
    ]) {
      expect(classifyLink(url)).toEqual({ kind: 'none' });
    }
  });
});
