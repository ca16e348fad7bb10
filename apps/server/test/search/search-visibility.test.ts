import type { TSearchResult } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ahead, createPost, HOUR } from '../blog/blog-helpers.ts';
import { createCategory } from '../categories/category-helpers.ts';
import { createCompany } from '../companies/company-helpers.ts';
import { createItem } from '../content/content-helpers.ts';
import { createEvent } from '../events/event-helpers.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { createFile, createCategory as createMediaCategory } from '../media/media-helpers.ts';
import { createThread, search, titlesOf } from './search-helpers.ts';

/** Every seeded thing carries the word `Altglas` in its title, so one search meets all of them. */
const Q = 'altglas';

let w: World;
const ids: Record<string, number> = {};
beforeAll(async () => {
  w = await createWorld();
  const { mitglieder, partner, gf } = w.groups;
  ids.postMembers = (
    await createPost(w, { title: 'Altglas für Mitglieder', visibleForUserGroups: [mitglieder] })
  ).id;
  ids.postPartner = (
    await createPost(w, { title: 'Altglas für Partner', visibleForUserGroups: [partner] })
  ).id;
  ids.postIntern = (await createPost(w, { title: 'Altglas intern', visibleForUserGroups: [gf] })).id;
  ids.postScheduled = (
    await createPost(w, {
      title: 'Altglas geplant',
      publishedAt: ahead(HOUR),
      visibleForUserGroups: [mitglieder],
    })
  ).id;
  const normen = await createCategory(w, { name: 'Normen' });
  ids.normen = normen;
  const intern = await createCategory(w, { name: 'Intern', visibleForUserGroups: [gf] });
  const unterIntern = await createCategory(w, { name: 'Unter Intern', parentId: intern });
  const partnerSeite = await createCategory(w, { name: 'Partnerseite', visibleForUserGroups: [partner] });
  ids.itemMembers = (
    await createItem(
      w,
      { title: 'Altglas-Merkblatt', categories: [normen] },
      { filename: 'quoten.csv', data: 'Stoff;Quote\nAltglasquote Bund;90 %\n' },
    )
  ).id;
  ids.itemHidden = (
    await createItem(
      w,
      { title: 'Altglas versteckt', categories: [unterIntern] },
      { filename: 'geheim.csv', data: 'Stoff;Quote\nAltglasgeheimnis;1 %\n' },
    )
  ).id;
  ids.itemPartner = (await createItem(w, { title: 'Altglas Partnerseite', categories: [partnerSeite] })).id;
  ids.event = (await createEvent(w, { name: 'Altglas-Tagung' })).id;
  const thread = await createThread(
    w,
    { forum: 'Technik', thread: 'Altglas sammeln' },
    '<p>Wohin mit Altglas?</p>',
  );
  ids.thread = thread.id;
  ids.forum = thread.forumId;
  ids.firstPost = thread.posts[0]?.id ?? 0;
  const broschueren = await createMediaCategory(w, { name: 'Broschüren' });
  ids.mediaCategory = broschueren;
  ids.media = (await createFile(w, broschueren, 'Altglas-Broschüre')).id;
  // the directory is for ROLE_USER: members and admins find the company, partners never
  ids.company = (await createCompany(w, { name: 'Altglas Recycling GmbH', city: 'Essen' })).id;
});
afterAll(() => w.t.close());

const pathsOf = (result: TSearchResult) => result.hits.map((hit) => hit.path).sort();

describe('GET /api/search: only what the member may open', () => {
  it('should give an admin everything, scheduled posts and media included', async () => {
    const result = await search(w, w.as.admin, Q, { limit: '50' });
    expect(result.counts).toEqual({ blog: 4, content: 5, event: 1, forum: 2, media: 1, company: 1 });
    expect(result.total).toBe(14);
    expect(pathsOf(result)).toContain(`/mitglieder/${ids.company}`);
    expect(pathsOf(result)).toContain(`/media/${ids.mediaCategory}?file=${ids.media}`);
    expect(pathsOf(result)).toContain(`/blog/${ids.postScheduled}`);
  });

  it('should give a member their groups’ published posts, visible content, events and forums', async () => {
    const result = await search(w, w.as.mitglied, Q, { limit: '50' });
    expect(result.counts).toEqual({ blog: 1, content: 2, event: 1, forum: 2, media: 0, company: 1 });
    const forum = `/forum/${ids.forum}/thread/${ids.thread}`;
    expect(pathsOf(result)).toEqual(
      [
        `/blog/${ids.postMembers}`,
        `/content/${ids.normen}?item=${ids.itemMembers}`,
        // the row's hit opens its table at the row that matched (issue 31)
        `/content/${ids.normen}?item=${ids.itemMembers}&row=0`,
        `/event/${ids.event}`,
        forum,
        `${forum}?post=${ids.firstPost}`,
        `/mitglieder/${ids.company}`,
      ].sort(),
    );
    const forumHits = result.hits.filter((hit) => hit.type === 'forum');
    expect(forumHits.map((hit) => [hit.id, hit.title])).toEqual([
      [ids.thread, 'Altglas sammeln'],
      [ids.thread, 'Altglas sammeln'],
    ]);
  });

  it('should give the internal group its internal posts, and no category below a hidden parent', async () => {
    const result = await search(w, w.as.chef, Q, { limit: '50' });
    expect(result.counts).toEqual({ blog: 1, content: 0, event: 1, forum: 2, media: 0, company: 1 });
    expect(titlesOf(result)).toContain('Altglas intern');
  });

  it('should give a partner only the posts of their group', async () => {
    const result = await search(w, w.as.partner, Q, { limit: '50' });
    expect(result.counts).toEqual({ blog: 1, content: 0, event: 0, forum: 0, media: 0, company: 0 });
    expect(titlesOf(result)).toEqual(['Altglas für Partner']);
  });

  it('should never reveal a title or snippet of what the member may not open', async () => {
    for (const headers of [w.as.mitglied, w.as.chef, w.as.partner]) {
      for (const q of ['altglasgeheimnis', 'Broschüre', 'Partnerseite']) {
        const result = await search(w, headers, q);
        expect(result).toEqual({
          total: 0,
          counts: { blog: 0, content: 0, event: 0, forum: 0, media: 0, company: 0 },
          capped: [],
          hits: [],
        });
      }
      // what they may open and holding one of the words only: partial hits, none of the hidden ones
      for (const [q, hidden] of [
        ['Altglas versteckt', 'Altglas versteckt'],
        ['Altglas geplant', 'Altglas geplant'],
      ] as const) {
        const result = await search(w, headers, q);
        expect(result.hits.every((hit) => hit.partial === true)).toBe(true);
        expect(titlesOf(result)).not.toContain(hidden);
        expect(result.hits.map((hit) => hit.snippet).join(' ')).not.toMatch(/versteckt|geplant/i);
      }
    }
    const partner = await search(w, w.as.partner, 'Altglas', { type: 'content' });
    expect(partner.hits).toEqual([]);
  });

  it('should follow a visibility change without a refresh', async () => {
    // a category of its own: the others' visibility stays as the tests above expect it
    const recycling = await createCategory(w, { name: 'Recycling' });
    await createItem(w, { title: 'Scherbenquote', categories: [recycling] });
    expect((await search(w, w.as.mitglied, 'Scherbenquote')).total).toBe(1);
    await w.t.database.db.deleteFrom('contentCategoryGroups').where('categoryId', '=', recycling).execute();
    const result = await search(w, w.as.mitglied, 'Scherbenquote');
    expect(result.total).toBe(0);
  });
});
