import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { forgetDeleted, isDeletedKey, notDeleted } from './deleted-queries';

describe('deleted queries', () => {
  it('marks a deleted key and the keys below it', () => {
    const client = new QueryClient();
    forgetDeleted(client, ['forums', 'thread', 7]);
    expect(isDeletedKey(['forums', 'thread', 7])).toBe(true);
    expect(isDeletedKey(['forums', 'thread', 7, 'last'])).toBe(true);
    expect(notDeleted({ queryKey: ['forums', 'thread', 7, 2] })).toBe(false);
  });

  it('leaves other ids and shorter keys alone', () => {
    const client = new QueryClient();
    forgetDeleted(client, ['blog', 'post', 3]);
    expect(isDeletedKey(['blog', 'post', 30])).toBe(false);
    expect(isDeletedKey(['blog', 'post'])).toBe(false);
    expect(notDeleted({ queryKey: ['blog', 'list'] })).toBe(true);
  });

  it('drops the cached queries of the deleted key', () => {
    const client = new QueryClient();
    client.setQueryData(['events', 'detail', 5], { id: 5 });
    client.setQueryData(['events', 'detail', 6], { id: 6 });
    forgetDeleted(client, ['events', 'detail', 5]);
    expect(client.getQueryData(['events', 'detail', 5])).toBeUndefined();
    expect(client.getQueryData(['events', 'detail', 6])).toEqual({ id: 6 });
  });
});
