import { BLOG_API, EVENTS_API, pathTemplate } from '@portal/contract';
import { describe, expect, it } from 'vitest';

describe('pathTemplate (contract paths.ts)', () => {
  it('should fill the parameters in their order', () => {
    const template = pathTemplate('/api/forum/:forumId/thread/:threadId');
    expect(template(3, 'neu')).toBe('/api/forum/3/thread/neu');
  });

  it('should keep the template as the pattern a route is declared with', () => {
    expect(BLOG_API.byId.pattern).toBe('/api/blog/:id');
    expect(BLOG_API.byId(12)).toBe('/api/blog/12');
  });

  it('should fill a parameter inside the path and one that is part of a file name', () => {
    expect(EVENTS_API.ics(7)).toBe('/api/event/7/ics');
    expect(EVENTS_API.calendarFeed('abc.ics')).toBe('/api/calendar/abc.ics');
  });

  it('should answer the path itself for a template without parameters', () => {
    const template = pathTemplate('/api/event/calendarToken');
    expect(template()).toBe('/api/event/calendarToken');
  });

  it('should check the number of parameters at compile time', () => {
    const template = pathTemplate('/api/blog/:id');
    // @ts-expect-error the template has one parameter
    expect(template()).toBe('/api/blog/undefined');
    // @ts-expect-error the template has one parameter
    expect(template(1, 2)).toBe('/api/blog/1');
  });
});
