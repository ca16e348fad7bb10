import { SYNONYM_MESSAGES, type TSearchSynonym } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synonymGroups } from '../../src/features/search/index.ts';
import { auditMark, auditRows, auditSince } from '../audit/audit-helpers.ts';
import { createUser, userId } from '../helpers/factories.ts';
import { createWorld, type Headers, type World } from '../helpers/world.ts';
import { addGroup, deleteSynonyms, postSynonyms, putSynonyms, synonymCounts } from './synonyms-helpers.ts';

let w: World;
let secondAdmin: Headers;
beforeAll(async () => {
  w = await createWorld();
  await createUser(w.app, { username: 'admin2', role: 'ROLE_ADMIN' });
  secondAdmin = await w.login('admin2');
});
afterAll(() => w.close());

describe('the audit log of the synonym list', () => {
  it('should record a new group with its terms', async () => {
    const group = await addGroup(w, ['Glasbruch', 'Bruchschaden']);
    const [entry] = await auditRows(w, 'searchSynonym.create');
    expect(entry).toMatchObject({
      actorId: await userId(w, 'admin'),
      subjectType: 'searchSynonym',
      subjectId: group.id,
      subjectLabel: 'Glasbruch, Bruchschaden',
      changes: { terms: { before: null, after: ['Glasbruch', 'Bruchschaden'] } },
    });
  });

  it('should record a change with the terms before and after, and nothing for a save without one', async () => {
    const group = await addGroup(w, ['Spiegel', 'Spiegelglas']);
    const mark = await auditMark(w);
    expect(
      (await putSynonyms(w, group.id, { terms: ['Spiegel', 'Spiegelglas', 'Silberspiegel'] })).statusCode,
    ).toBe(200);
    expect(
      (await putSynonyms(w, group.id, { terms: [' Spiegel', 'Spiegelglas', 'Silberspiegel '] })).statusCode,
    ).toBe(200);
    expect(await auditSince(w, mark)).toMatchObject([
      {
        kind: 'searchSynonym.update',
        subjectId: group.id,
        subjectLabel: 'Spiegel, Spiegelglas, Silberspiegel',
        changes: {
          terms: { before: ['Spiegel', 'Spiegelglas'], after: ['Spiegel', 'Spiegelglas', 'Silberspiegel'] },
        },
      },
    ]);
  });

  it('should record a deletion with the terms the group had', async () => {
    const group = await addGroup(w, ['Ornamentglas', 'Gussglas']);
    const mark = await auditMark(w);
    expect((await deleteSynonyms(w, group.id)).statusCode).toBe(204);
    expect(await auditSince(w, mark)).toMatchObject([
      {
        kind: 'searchSynonym.delete',
        subjectId: group.id,
        subjectLabel: 'Ornamentglas, Gussglas',
        changes: { terms: { before: ['Ornamentglas', 'Gussglas'], after: null } },
      },
    ]);
  });

  it('should record nothing for a refused change', async () => {
    const mark = await auditMark(w);
    expect((await postSynonyms(w, { terms: ['ESG', 'Neu'] })).statusCode).toBe(400);
    expect(await auditSince(w, mark)).toEqual([]);
  });
});

describe('two admins at the same moment', () => {
  it.each([1, 2, 3])('should give a term to one group only when both add it (round %i)', async (round) => {
    const term = `Doppelglas ${round}`;
    const before = await synonymCounts(w);
    const answers = await Promise.all([
      postSynonyms(w, { terms: [term, `Erster ${round}`] }),
      postSynonyms(w, { terms: [`Zweiter ${round}`, term] }, secondAdmin),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const created = answers.find((answer) => answer.statusCode === 201)?.json<TSearchSynonym>();
    const refused = answers
      .find((answer) => answer.statusCode === 400)
      ?.json<{ errors: Record<string, string> }>();
    expect(Object.values(refused?.errors ?? {})).toEqual([
      SYNONYM_MESSAGES.termTaken(term, created?.terms ?? []),
    ]);
    const holders = (await synonymGroups(w.t.database.db)).filter((terms) => terms.includes(term));
    expect(holders).toEqual([created?.terms]);
    // one group, its two terms and one audit entry: nothing of the refused one
    expect(await synonymCounts(w)).toEqual({
      searchSynonyms: before.searchSynonyms + 1,
      searchSynonymTerms: before.searchSynonymTerms + 2,
      auditLog: before.auditLog + 1,
    });
  });

  it('should give a term to one group only when one adds it to a group and the other to a new one', async () => {
    const group = await addGroup(w, ['Schallschutz', 'Lärmschutz']);
    const before = await synonymCounts(w);
    const answers = await Promise.all([
      putSynonyms(w, group.id, { terms: ['Schallschutz', 'Lärmschutz', 'Akustikglas'] }),
      postSynonyms(w, { terms: ['Akustikglas', 'Schalldämmglas'] }, secondAdmin),
    ]);
    // whichever comes first wins: the change (200) or the new group (201); the other is refused
    const [change, creation] = answers.map((answer) => answer.statusCode);
    expect([`${change} ${creation}`]).toEqual([expect.stringMatching(/^(200 400|400 201)$/)]);
    const holders = (await synonymGroups(w.t.database.db)).filter((terms) => terms.includes('Akustikglas'));
    expect(holders).toHaveLength(1);
    expect((await synonymCounts(w)).auditLog).toBe(before.auditLog + 1);
  });
});
