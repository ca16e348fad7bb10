import { describe, expect, it } from 'vitest';
import { documentTitle } from './use-document-title';

describe('documentTitle', () => {
  it('should name the page before the app', () => {
    expect(documentTitle('Veranstaltungen')).toBe('Veranstaltungen – Portal');
    expect(documentTitle('  Glas-Messe 2026 ')).toBe('Glas-Messe 2026 – Portal');
  });

  it('should leave out the soft hyphens of long words: a tab breaks no line (issue 31)', () => {
    expect(documentTitle('Dienst\u00ADleistungs\u00ADangebote')).toBe('Dienstleistungsangebote – Portal');
  });

  it('should fall back to the app name without a page title', () => {
    expect(documentTitle(null)).toBe('Portal');
    expect(documentTitle('')).toBe('Portal');
  });
});
