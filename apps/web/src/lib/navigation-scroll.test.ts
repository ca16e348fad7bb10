import { describe, expect, it } from 'vitest';
import { isNewPage, pageTopScrollTarget } from './navigation-scroll';

describe('navigation scroll', () => {
  it('should bring a new path reached by a link or a redirect into view', () => {
    expect(isNewPage('PUSH', '/dashboard', '/event/3')).toBe(true);
    expect(isNewPage('REPLACE', '/login', '/dashboard')).toBe(true);
  });

  it('should leave back and forward to the browser', () => {
    expect(isNewPage('POP', '/event/3', '/dashboard')).toBe(false);
  });

  it('should not move on the first page or on a change of the query only', () => {
    expect(isNewPage('PUSH', null, '/dashboard')).toBe(false);
    expect(isNewPage('PUSH', '/forum/1', '/forum/1')).toBe(false);
  });

  // The host page of the tests: the frame starts 320 px down the host page.
  const phone = { iframeTop: 320, viewportHeight: 740 };

  it('should scroll the host when the page top lies above the host window', () => {
    expect(pageTopScrollTarget(0, { ...phone, scrollY: 1500 })).toBe(0);
  });

  it('should scroll the host when the page top lies low in or below the host window', () => {
    expect(pageTopScrollTarget(400, { ...phone, scrollY: 0 })).toBe(400);
  });

  it('should leave the host alone when the page top is in the upper half of its window', () => {
    expect(pageTopScrollTarget(0, { ...phone, scrollY: 0 })).toBeNull();
    expect(pageTopScrollTarget(0, { ...phone, scrollY: 320 })).toBeNull();
    expect(pageTopScrollTarget(0, { ...phone, scrollY: 320 - 370 })).toBeNull();
  });

  it('should bring the page top up while the host has not reported its window', () => {
    expect(pageTopScrollTarget(0, null)).toBe(0);
  });
});
