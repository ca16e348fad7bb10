import type { TSearchHit, TSearchResult } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { groupHits, shownTypes } from './hit-groups';

const hit = (type: TSearchHit['type'], id: number): TSearchHit => ({
  type,
  id,
  title: `${type} ${id}`,
  snippet: '',
  path: `/${type}/${id}`,
});
const counts = (partial: Partial<TSearchResult['counts']>): TSearchResult['counts'] => ({
  blog: 0,
  content: 0,
  event: 0,
  forum: 0,
  media: 0,
  ...partial,
});

describe('hit groups', () => {
  it('groups by type, the group of the best hit first, keeping the order within each', () => {
    const groups = groupHits([hit('content', 1), hit('blog', 2), hit('content', 3), hit('forum', 4)]);
    expect(groups.map((group) => [group.type, group.hits.map((h) => h.id)])).toEqual([
      ['content', [1, 3]],
      ['blog', [2]],
      ['forum', [4]],
    ]);
  });

  it('shows chips for types with hits and the chosen one, in a fixed order', () => {
    expect(shownTypes(counts({ forum: 2, blog: 1 }), 'event', false)).toEqual(['blog', 'event', 'forum']);
  });

  it('shows the media library only to admins', () => {
    expect(shownTypes(counts({ media: 3 }), null, false)).toEqual([]);
    expect(shownTypes(counts({ media: 3 }), null, true)).toEqual(['media']);
  });
});
