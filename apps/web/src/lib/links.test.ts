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
      path: '/mediaLibrary/dokumente/preisliste 2026.pdf',
      fileName: 'preisliste 2026.pdf',
    });
    expect(classifyLink('/dokumente/liste.csv')).toMatchObject({ path: '/mediaLibrary/dokumente/liste.csv' });
    expect(classifyLink('./liste.csv')).toMatchObject({ path: '/mediaLibrary/liste.csv' });
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

  it('refuses other schemes, protocol-relative addresses and parent segments', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example/x.pdf',
      '../geheim.pdf',
      '',
      null,
    ]) {
      expect(classifyLink(url)).toEqual({ kind: 'none' });
    }
  });
});
