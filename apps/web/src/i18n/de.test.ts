import { describe, expect, it } from 'vitest';
import { de } from './de';

describe('the German texts of issue 17', () => {
  it("counts a thread's unread posts as '3 neu', read aloud in full", () => {
    expect(de.forums.unreadBadge(3)).toBe('3 neu');
    expect(de.forums.unreadBadge(1200)).toBe('1.200 neu');
    expect(de.forums.unreadPosts(1)).toBe('1 ungelesener Beitrag');
    expect(de.forums.unreadPosts(3)).toBe('3 ungelesene Beiträge');
  });

  it("counts a forum's threads with news", () => {
    expect(de.forums.unreadThreads(1)).toBe('1 Thema mit neuen Beiträgen');
    expect(de.forums.unreadThreads(2)).toBe('2 Themen mit neuen Beiträgen');
  });

  it("says 'Neu im Forum' on the dashboard, also when there is nothing new", () => {
    expect(de.forums.news(0)).toBe('Neu im Forum: keine neuen Beiträge');
    expect(de.forums.news(1)).toBe('Neu im Forum: 1 Thema');
    expect(de.forums.news(3)).toBe('Neu im Forum: 3 Themen');
  });
});
