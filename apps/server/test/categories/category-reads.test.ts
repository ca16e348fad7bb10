import { CATEGORY_API, type TContentCategory } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory } from '../helpers/builders-content.ts';
import { bearer, createUser, login } from '../helpers/factories.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { flatten, getTree } from './category-helpers.ts';

let w: World;
const ids: Record<string, number> = {};

/**
 * Technik (Mitglieder, position 0) › Normen (quick access), Intern (Geschäftsführung) › Strategie (Mitglieder,
 * quick access); Verbandsinfos (Mitglieder + Partner, position 1); Vorstand (Geschäftsführung, quick access)
 * › Protokolle (Mitglieder + Geschäftsführung, quick access); Dienstleistungen (url, Mitglieder + Partner,
 * quick access); Verband online (url, Partner).
 */
beforeAll(async () => {
  w = await createWorld();
  const { mitglieder, partner, gf } = w.groups;
  ids.technik = (await buildCategory(w, { name: 'Technik', position: 0 })).id;
  ids.normen = (
    await buildCategory(w, { name: 'Normen', parentId: ids.technik, showInQuickAccess: true })
  ).id;
  ids.intern = (await buildCategory(w, { name: 'Intern', parentId: ids.technik, groups: [gf] })).id;
  ids.strategie = (
    await buildCategory(w, {
      name: 'Strategie',
      parentId: ids.intern,
      showInQuickAccess: true,
    })
  ).id;
  ids.verbandsinfos = (
    await buildCategory(w, {
      name: 'Verbandsinfos',
      position: 1,
      groups: [mitglieder, partner],
    })
  ).id;
  ids.vorstand = (
    await buildCategory(w, {
      name: 'Vorstand',
      groups: [gf],
      showInQuickAccess: true,
    })
  ).id;
  ids.protokolle = (
    await buildCategory(w, {
      name: 'Protokolle',
      parentId: ids.vorstand,
      groups: [mitglieder, gf],
      showInQuickAccess: true,
    })
  ).id;
  ids.dienstleistungen = (
    await buildCategory(w, {
      name: 'Dienstleistungen',
      type: 'url',
      url: '/dienstleistungsangebote',
      groups: [mitglieder, partner],
      showInQuickAccess: true,
    })
  ).id;
  ids.online = (
    await buildCategory(w, {
      name: 'Verband online',
      type: 'url',
      url: 'https://www.verband.example/',
      groups: [partner],
    })
  ).id;
});
afterAll(() => w.t.close());

type Shape = { name: string; children: Shape[] };
const shape = (tree: readonly TContentCategory[]): Shape[] =>
  tree.map((node) => ({ name: node.name, children: shape(node.children) }));
const names = (nodes: readonly TContentCategory[]) => nodes.map((node) => node.name);

describe('GET /api/contentCategory/', () => {
  it('should give a member the categories of the member groups, nested and ordered by position', async () => {
    expect(shape(await getTree(w, w.as.mitglied))).toEqual([
      { name: 'Technik', children: [{ name: 'Normen', children: [] }] },
      { name: 'Verbandsinfos', children: [] },
      { name: 'Dienstleistungen', children: [] },
    ]);
  });

  it('should hide the subtree of a hidden category even where its children name the member groups', async () => {
    const visible = names(flatten(await getTree(w, w.as.mitglied)));
    expect(visible).not.toContain('Intern');
    expect(visible).not.toContain('Strategie');
    expect(visible).not.toContain('Vorstand');
    expect(visible).not.toContain('Protokolle');
  });

  it('should give a partner the drawer tree of the partner group', async () => {
    expect(names(flatten(await getTree(w, w.as.partner)))).toEqual([
      'Verbandsinfos',
      'Dienstleistungen',
      'Verband online',
    ]);
  });

  it('should give the management group its own branch only', async () => {
    expect(shape(await getTree(w, w.as.chef))).toEqual([
      { name: 'Vorstand', children: [{ name: 'Protokolle', children: [] }] },
    ]);
  });

  it('should give an admin every category with all fields', async () => {
    const tree = await getTree(w, w.as.admin);
    expect(flatten(tree)).toHaveLength(9);
    const strategie = flatten(tree).find((node) => node.id === ids.strategie);
    expect(strategie).toEqual({
      id: ids.strategie,
      name: 'Strategie',
      description: null,
      type: 'content',
      url: null,
      visibleForUserGroups: [w.groups.mitglieder],
      showInQuickAccess: true,
      level: 3,
      position: 999,
      parentId: ids.intern,
      parentNames: [
        { id: ids.technik, name: 'Technik' },
        { id: ids.intern, name: 'Intern' },
      ],
      children: [],
    });
  });

  it('should give a member without groups an empty tree', async () => {
    await createUser(w.app, { username: 'ohne-gruppe', role: 'ROLE_USER', groups: [] });
    expect(await getTree(w, bearer(await login(w.app, 'ohne-gruppe')))).toEqual([]);
  });

  it('should refuse a request without token with 401', async () => {
    const response = await w.app.inject({ url: CATEGORY_API.tree });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe('Bitte melden Sie sich an.');
  });
});

describe('GET /api/contentCategory/quickAccess', () => {
  const quick = async (headers: Record<string, string>) => {
    const response = await w.app.inject({ url: CATEGORY_API.quickAccess, headers });
    expect(response.statusCode).toBe(200);
    return response.json<TContentCategory[]>();
  };

  it('should list the visible quick links in tree order without children', async () => {
    const links = await quick(w.as.mitglied);
    expect(names(links)).toEqual(['Normen', 'Dienstleistungen']);
    expect(links[1]).toMatchObject({ type: 'url', url: '/dienstleistungsangebote', children: [] });
  });

  it('should not offer a quick link whose parent is hidden', async () => {
    expect(names(await quick(w.as.chef))).toEqual(['Vorstand', 'Protokolle']);
    expect(names(await quick(w.as.partner))).toEqual(['Dienstleistungen']);
  });

  it('should list every quick link for an admin', async () => {
    expect(names(await quick(w.as.admin))).toEqual([
      'Normen',
      'Strategie',
      'Vorstand',
      'Protokolle',
      'Dienstleistungen',
    ]);
  });

  it('should refuse a request without token with 401', async () => {
    expect((await w.app.inject({ url: CATEGORY_API.quickAccess })).statusCode).toBe(401);
  });

  it('should offer a partner no content page: those are for members (issue 31)', async () => {
    const id = (
      await buildCategory(w, {
        name: 'Partnerseite',
        groups: [w.groups.partner],
        showInQuickAccess: true,
      })
    ).id;
    try {
      expect(names(await quick(w.as.partner))).toEqual(['Dienstleistungen']);
      expect(names(await quick(w.as.admin))).toContain('Partnerseite');
      // a member of the Partner group sees it
      const both = await createUser(w.app, { username: 'mitglied-partner', groups: ['Partner'] });
      expect(names(await quick(bearer(await login(w.app, both.username))))).toContain('Partnerseite');
    } finally {
      await w.app.inject({ method: 'DELETE', url: CATEGORY_API.byId(id), headers: w.as.admin });
    }
  });
});

describe('GET /api/contentCategory/{id}', () => {
  const get = (id: number | string, headers: Record<string, string>) =>
    w.app.inject({ url: CATEGORY_API.byId(id), headers });

  it('should give a member a visible category with its breadcrumbs and visible children', async () => {
    const normen = await get(ids.normen ?? 0, w.as.mitglied);
    expect(normen.statusCode).toBe(200);
    expect(normen.json()).toMatchObject({
      name: 'Normen',
      level: 2,
      parentNames: [{ id: ids.technik, name: 'Technik' }],
    });
    const technik = await get(ids.technik ?? 0, w.as.mitglied);
    expect(technik.statusCode).toBe(200);
    expect(names(technik.json<TContentCategory>().children)).toEqual(['Normen']);
  });

  it('should answer 404 for a category of another group and for one below a hidden parent', async () => {
    for (const id of [ids.vorstand, ids.protokolle, ids.intern, ids.strategie, ids.online]) {
      const response = await get(id ?? 0, w.as.mitglied);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Intern');
      expect(response.body).not.toContain('Vorstand');
    }
  });

  it('should give an admin any category with the full breadcrumbs', async () => {
    const response = await get(ids.strategie ?? 0, w.as.admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().parentNames).toEqual([
      { id: ids.technik, name: 'Technik' },
      { id: ids.intern, name: 'Intern' },
    ]);
  });

  it('should answer 404 for an unknown id and 400 for one that is no number', async () => {
    expect((await get(987654, w.as.admin)).statusCode).toBe(404);
    expect((await get('abc', w.as.admin)).statusCode).toBe(400);
  });

  it('should refuse a partner with 403 and a request without token with 401', async () => {
    const partner = await get(ids.verbandsinfos ?? 0, w.as.partner);
    expect(partner.statusCode).toBe(403);
    expect(partner.json().detail).toBe('Sie haben keine Berechtigung für diese Aktion.');
    expect((await get(ids.verbandsinfos ?? 0, {})).statusCode).toBe(401);
  });
});

describe('GET /api/contentCategory/formData', () => {
  it('should give an admin the types, the url type, the groups and the default groups', async () => {
    const response = await w.app.inject({ url: CATEGORY_API.formData, headers: w.as.admin });
    expect(response.statusCode).toBe(200);
    const { mitglieder, partner, gf } = w.groups;
    expect(response.json()).toEqual({
      types: [
        { value: 'content', text: 'Inhalt' },
        { value: 'url', text: 'URL' },
      ],
      urlType: 'url',
      userGroups: expect.arrayContaining([
        { id: mitglieder, name: 'Mitglieder' },
        { id: partner, name: 'Partner' },
        { id: gf, name: 'Geschäftsführung' },
      ]),
      defaultUserGroups: expect.arrayContaining([mitglieder, partner]),
    });
    expect(response.json().defaultUserGroups).not.toContain(gf);
  });

  it('should refuse members and partners with 403 and a request without token with 401', async () => {
    for (const headers of [w.as.mitglied, w.as.partner]) {
      expect((await w.app.inject({ url: CATEGORY_API.formData, headers })).statusCode).toBe(403);
    }
    expect((await w.app.inject({ url: CATEGORY_API.formData })).statusCode).toBe(401);
  });
});
