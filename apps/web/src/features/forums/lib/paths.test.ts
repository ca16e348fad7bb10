import { describe, expect, it } from 'vitest';
import { forumPath, positiveId, threadPath } from './paths';

describe('forum paths', () => {
  it('opens a thread without a page at the first unread post, and names any other page', () => {
    expect(forumPath(3)).toBe('/forum/3');
    expect(threadPath(3, 7)).toBe('/forum/3/thread/7');
    expect(threadPath(3, 7, 1)).toBe('/forum/3/thread/7?page=1');
    expect(threadPath(3, 7, 'last')).toBe('/forum/3/thread/7?page=last');
  });

  it('turns a malformed id into 0', () => {
    expect(positiveId('12')).toBe(12);
    for (const raw of [undefined, '', 'x', '-1', '1.5']) expect(positiveId(raw)).toBe(0);
  });
});
