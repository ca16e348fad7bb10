import type { TForumPost } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { postRights } from './post-rights';

const post = (overrides: Partial<TForumPost> = {}): TForumPost => ({
  id: 5,
  forumThreadId: 2,
  content: '<p>Hallo</p>',
  createdAt: '2026-11-20T10:00:00Z',
  author: { id: 7, username: 'erika', name: 'Erika Muster' },
  first: false,
  forumPostMedia: [],
  forumPostMediaImages: [],
  forumPostMediaFiles: [],
  editedAt: null,
  versionCount: 1,
  deleted: false,
  reactions: [],
  ...overrides,
});

describe('postRights', () => {
  it('should let the author edit and delete their reply', () => {
    expect(postRights(post(), 7, false)).toEqual({ edit: true, delete: true, quote: true, react: true });
  });

  it('should let the author edit but not delete the first post', () => {
    expect(postRights(post({ first: true }), 7, false)).toMatchObject({ edit: true, delete: false });
  });

  it('should let another member only quote and react', () => {
    expect(postRights(post(), 8, false)).toEqual({ edit: false, delete: false, quote: true, react: true });
    expect(postRights(post({ author: null }), 8, false)).toMatchObject({ edit: false, delete: false });
  });

  it('should let an admin edit every post and delete every reply', () => {
    expect(postRights(post(), 1, true)).toMatchObject({ edit: true, delete: true });
    expect(postRights(post({ first: true }), 1, true)).toMatchObject({ edit: true, delete: false });
  });

  it('should offer nothing on a deleted reply', () => {
    expect(postRights(post({ deleted: true }), 7, true)).toEqual({
      edit: false,
      delete: false,
      quote: false,
      react: false,
    });
  });
});
