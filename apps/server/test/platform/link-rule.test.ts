import {
  decodeFully,
  isAllowedUrl,
  isCsvLinkUrl,
  isInternalPath,
  isLoginPath,
  isSafeRelativeUrl,
  mediaLinkNames,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { toCell } from '../../src/platform/csv/parse-csv.ts';
import { LOGIN_PATHS } from '../helpers/login-paths.ts';

describe('the relative link rule (contract links.ts)', () => {
  it('decodes until nothing changes', () => {
    expect(decodeFully('%2e%2e')).toBe('..');
    expect(decodeFully('%252e%252E')).toBe('..');
    expect(decodeFully('%25252e')).toBe('.');
    expect(decodeFully('100%25.pdf')).toBe('100%.pdf');
    expect(decodeFully('M%C3%BCller%20%26%20S%C3%B6hne.pdf')).toBe('Müller & Söhne.pdf');
    expect(decodeFully('%zz')).toBeNull();
    expect(decodeFully(`%${'25'.repeat(8)}2e`)).toBeNull();
  });

  it('keeps a file name with a literal percent sign', () => {
    expect(isSafeRelativeUrl('Dokumente/100%25.pdf')).toBe(true);
    expect(mediaLinkNames('Dokumente/100%25.pdf')).toEqual(['Dokumente', '100%.pdf']);
  });

  it('refuses a malformed link and reads ASCII escapes inside bytes that are no UTF-8', () => {
    expect(isSafeRelativeUrl('/%2e%2e%c3/x.pdf')).toBe(false);
    expect(isSafeRelativeUrl('/%252e%252e%25c3/x.pdf')).toBe(true);
    expect(isSafeRelativeUrl('/a%25c3%252f..%252fb/x.pdf')).toBe(false);
    expect(isSafeRelativeUrl('/%25c3%252e%252e/x.pdf')).toBe(true);
    expect(isSafeRelativeUrl('/%25c3/%252e%252e/x.pdf')).toBe(false);
  });
});

describe('paths to the login route (contract links.ts)', () => {
  it.each(LOGIN_PATHS)('reads %s as the login route and refuses it as a link', (url) => {
    expect(isLoginPath(url)).toBe(true);
    expect(isSafeRelativeUrl(url)).toBe(false);
    expect(isInternalPath(url)).toBe(false);
    expect(isAllowedUrl(url)).toBe(false);
    expect(isCsvLinkUrl(url)).toBe(false);
  });

  it.each([
    '/loginhilfe',
    '/blog/login',
    '/blog?weiter=/login',
    '/content/4#login',
    'Dokumente/login.pdf',
    '/dashboard',
    '/',
  ])('reads %s as another path', (url) => {
    expect(isLoginPath(url)).toBe(false);
  });

  it('keeps links to other pages of the portal', () => {
    expect(isInternalPath('/loginhilfe')).toBe(true);
    expect(isInternalPath('/blog?weiter=/login')).toBe(true);
    expect(isSafeRelativeUrl('Dokumente/login.pdf')).toBe(true);
  });
});

describe('links in table cells', () => {
  it.each([
    ...LOGIN_PATHS,
    '%2e%2e/api/eventSubscription/participantsAsCsv/3.csv',
    'Dokumente/%2e%2e/%2e%2e/api/x.pdf',
    'Dokumente/%252e%252e/x.pdf',
    'a%5c..%5cb.pdf',
  ])('keeps [Titel](%s) as text', (url) => {
    expect(isCsvLinkUrl(url)).toBe(false);
    expect(toCell(`[Titel](${url})`)).toBe(`[Titel](${url})`);
  });

  it('keeps a relative media link', () => {
    expect(toCell('[Datenblatt](Dokumente/Merkblatt%20DIN.pdf)')).toEqual({
      title: 'Datenblatt',
      url: 'Dokumente/Merkblatt%20DIN.pdf',
    });
  });
});
