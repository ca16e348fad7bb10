import { type TSearchHit, type TSearchResult, ZSearchResult } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { groupHits, shownTypes, splitPartial } from './hit-groups';

const hit = (type: TSearchHit['type'], id: number, partial?: boolean): TSearchHit => ({
  type,
  id,
  title: `${type} ${id}`,
  snippet: '',
  path: `/${type}/${id}`,
  ...(partial === undefined ? {} : { partial }),
});
const counts = (partial: Partial<TSearchResult['counts']>): TSearchResult['counts'] => ({
  blog: 0,
  company: 0,
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

describe('hits that hold only some of the words (issue 33 point 5)', () => {
  /** An answer as the server sends it for 'Glasbruch Reklamation', parsed by the contract. */
  const answer = ZSearchResult.parse({
    total: 5,
    counts: counts({ blog: 2, forum: 3 }),
    capped: [],
    hits: [
      hit('forum', 1),
      hit('blog', 2, false),
      hit('forum', 3, true),
      hit('blog', 4, true),
      hit('forum', 5, true),
    ],
  });

  it("puts the hits with every word first and those without after, each in the server's order", () => {
    const { complete, partial } = splitPartial(answer.hits);
    expect(complete.map((h) => h.id)).toEqual([1, 2]);
    expect(partial.map((h) => h.id)).toEqual([3, 4, 5]);
    expect(groupHits(partial).map((group) => [group.type, group.hits.map((h) => h.id)])).toEqual([
      ['forum', [3, 5]],
      ['blog', [4]],
    ]);
  });

  it('moves a partial hit behind the complete ones even where the server did not', () => {
    const { complete, partial } = splitPartial([hit('blog', 1, true), hit('event', 2)]);
    expect([...complete, ...partial].map((h) => h.id)).toEqual([2, 1]);
  });

  it('has nothing to head when every hit holds every word', () => {
    expect(splitPartial([hit('blog', 1), hit('blog', 2, false)]).partial).toEqual([]);
  });
});
