import { describe, expect, it } from 'vitest';
import { forumPageOf, hasBottomReply, parsePageParam, postNumber, shownPage, threadPageOf } from './paging';

describe('parsePageParam', () => {
  it('reads page numbers, last and unread', () => {
    expect(parsePageParam('3')).toBe(3);
    expect(parsePageParam('last')).toBe('last');
    expect(parsePageParam('unread')).toBe('unread');
  });

  it('falls back to page 1 for missing or invalid values', () => {
    for (const raw of [null, undefined, '', '0', '-2', '1.5', 'abc', 'LAST', 'Unread']) {
      expect(parsePageParam(raw)).toBe(1);
    }
  });
});

describe('threadPageOf', () => {
  const of = (search: string) => threadPageOf(new URLSearchParams(search));

  it('asks for the page of the first unread post when the address names no page', () => {
    expect(of('')).toBe('unread');
    expect(of('?foo=bar')).toBe('unread');
  });

  it('keeps an explicit page, page 1 included', () => {
    expect(of('?page=1')).toBe(1);
    expect(of('?page=4')).toBe(4);
    expect(of('?page=last')).toBe('last');
    expect(of('?page=unread')).toBe('unread');
    expect(of('?page=kaputt')).toBe(1);
  });

  it("opens a search hit's post without a page on page 1, where the search found it", () => {
    expect(of('?post=12')).toBe(1);
    expect(of('?page=3&post=12')).toBe(3);
  });
});

describe('shownPage', () => {
  it('asks for unread until the answer has landed, then stays on the page it landed on', () => {
    expect(shownPage('unread', null)).toBe('unread');
    expect(shownPage('unread', 2)).toBe(2);
  });

  it('follows an explicit page chosen afterwards', () => {
    expect(shownPage(1, 2)).toBe(1);
    expect(shownPage('last', 2)).toBe('last');
    expect(shownPage(5, null)).toBe(5);
  });
});

describe('forumPageOf', () => {
  it('reads the page of a forum, page 1 for anything but a number', () => {
    expect(forumPageOf(new URLSearchParams('page=3'))).toBe(3);
    for (const search of ['', 'page=last', 'page=unread', 'page=0']) {
      expect(forumPageOf(new URLSearchParams(search))).toBe(1);
    }
  });
});

describe('hasBottomReply', () => {
  it('shows the second reply button from the 11th post on', () => {
    expect(hasBottomReply(1)).toBe(false);
    expect(hasBottomReply(10)).toBe(false);
    expect(hasBottomReply(11)).toBe(true);
    expect(hasBottomReply(2000)).toBe(true);
  });
});

describe('postNumber', () => {
  it('numbers posts across pages', () => {
    expect(postNumber(1, 20, 0)).toBe(1);
    expect(postNumber(3, 20, 4)).toBe(45);
  });
});
