import { describe, expect, it } from 'vitest';
import { hasRichContent, isPublished } from './post-status';

describe('post status', () => {
  const now = Date.parse('2026-05-01T10:00:00Z');

  it('is published from publishedAt on', () => {
    expect(isPublished({ publishedAt: '2026-05-01T09:59:59Z' }, now)).toBe(true);
    expect(isPublished({ publishedAt: '2026-05-01T10:00:00Z' }, now)).toBe(true);
    expect(isPublished({ publishedAt: '2026-05-01T10:00:01Z' }, now)).toBe(false);
    expect(isPublished({ publishedAt: 'unbekannt' }, now)).toBe(false);
  });

  it('knows whether rich text has content', () => {
    expect(hasRichContent('<p>Mehr dazu</p>')).toBe(true);
    expect(hasRichContent('<p><img src="https://example.de/a.png"></p>')).toBe(true);
    expect(hasRichContent('<p></p>')).toBe(false);
    expect(hasRichContent('<p>&nbsp; <br></p>')).toBe(false);
    expect(hasRichContent('')).toBe(false);
    expect(hasRichContent(null)).toBe(false);
  });
});
