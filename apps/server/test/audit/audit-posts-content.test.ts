import { BLOG_API, CATEGORY_API, CONTENT_API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ago, createPost, HOUR, postInput, savePost } from '../blog/blog-helpers.ts';
import { createCategory, saveCategory } from '../categories/category-helpers.ts';
import { createItem, saveContent } from '../content/content-helpers.ts';
import { userId } from '../helpers/factories.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { auditMark, auditSince } from './audit-helpers.ts';

let w: World;
let admin: number;
beforeAll(async () => {
  w = await createWorld();
  admin = await userId(w, 'admin');
});
afterAll(() => w.t.close());

describe('audit of news posts', () => {
  it('should record a new post with every field given, the body only as changed', async () => {
    const mark = await auditMark(w);
    const post = await createPost(w, { title: 'Glastage 2026', tags: ['Messe'] });
    const [entry, ...others] = await auditSince(w, mark);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      actorId: admin,
      kind: 'post.save',
      subjectType: 'post',
      subjectId: post.id,
      subjectLabel: 'Glastage 2026',
    });
    expect(entry?.changes).toEqual({
      title: { before: null, after: 'Glastage 2026' },
      preText: { before: null, after: '<p>Kurz gesagt: es gibt Neues.</p>' },
      content: { before: null, after: '…' },
      publishedAt: { before: null, after: post.publishedAt },
      displayOnDashboard: { before: null, after: true },
      userGroups: { before: null, after: ['Mitglieder'] },
      tags: { before: null, after: ['Messe'] },
    });
  });

  it('should record only the fields an update changed, with before and after', async () => {
    const post = await createPost(w, { title: 'Alt', tags: ['Messe'] });
    const mark = await auditMark(w);
    const publishedAt = ago(2 * HOUR);
    const response = await savePost(
      w,
      w.as.admin,
      postInput(w, {
        id: post.id,
        title: 'Neu',
        content: '<p>Ganz anders.</p>',
        publishedAt,
        visibleForUserGroups: [w.groups.mitglieder, w.groups.gf],
        tags: ['Messe'],
      }),
    );
    expect(response.statusCode).toBe(200);
    const entries = await auditSince(w, mark);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin,
      kind: 'post.save',
      subjectId: post.id,
      subjectLabel: 'Neu',
    });
    expect(entries[0]?.changes).toEqual({
      title: { before: 'Alt', after: 'Neu' },
      content: { before: '…', after: '…' },
      publishedAt: { before: post.publishedAt, after: publishedAt },
      userGroups: { before: ['Mitglieder'], after: ['Geschäftsführung', 'Mitglieder'] },
    });
  });

  it('should record a save that changed nothing without changes', async () => {
    const post = await createPost(w);
    const mark = await auditMark(w);
    const { id: _id, author: _author, image: _image, ...same } = post;
    const response = await savePost(w, w.as.admin, { ...same, id: post.id });
    expect(response.statusCode).toBe(200);
    const entries = await auditSince(w, mark);
    expect(entries.map((entry) => [entry.kind, entry.changes])).toEqual([['post.save', null]]);
  });

  it('should record nothing for a refused save: bad input, a member, no token', async () => {
    const post = await createPost(w);
    const mark = await auditMark(w);
    expect((await savePost(w, w.as.admin, postInput(w, { id: post.id, title: '' }))).statusCode).toBe(400);
    expect((await savePost(w, w.as.admin, postInput(w, { visibleForUserGroups: [99_999] }))).statusCode).toBe(
      400,
    );
    expect((await savePost(w, w.as.mitglied, postInput(w))).statusCode).toBe(403);
    expect((await savePost(w, {}, postInput(w))).statusCode).toBe(401);
    const deleted = await w.app.inject({
      method: 'DELETE',
      url: BLOG_API.byId(post.id),
      headers: w.as.mitglied,
    });
    expect(deleted.statusCode).toBe(403);
    expect(await auditSince(w, mark)).toEqual([]);
  });

  it('should record a deletion with the fields the post had', async () => {
    const post = await createPost(w, { title: 'Weg damit', displayOnDashboard: false });
    const mark = await auditMark(w);
    const response = await w.app.inject({
      method: 'DELETE',
      url: BLOG_API.byId(post.id),
      headers: w.as.admin,
    });
    expect(response.statusCode).toBe(204);
    const entries = await auditSince(w, mark);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin,
      kind: 'post.delete',
      subjectType: 'post',
      subjectId: post.id,
      subjectLabel: 'Weg damit',
    });
    expect(entries[0]?.changes).toMatchObject({
      title: { before: 'Weg damit', after: null },
      content: { before: '…', after: null },
      displayOnDashboard: { before: false, after: null },
      userGroups: { before: ['Mitglieder'], after: null },
    });
    const again = await w.app.inject({ method: 'DELETE', url: BLOG_API.byId(post.id), headers: w.as.admin });
    expect(again.statusCode).toBe(404);
    expect(await auditSince(w, mark)).toHaveLength(1);
  });

  it('should record breaking news with the number of mails queued, and nothing when refused', async () => {
    const post = await createPost(w, { title: 'Eilig', visibleForUserGroups: [w.groups.gf] });
    const mark = await auditMark(w);
    const response = await w.app.inject({ url: BLOG_API.breakingNews(post.id), headers: w.as.admin });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ queued: 2 });
    // a second press within ten minutes is refused
    const again = await w.app.inject({ url: BLOG_API.breakingNews(post.id), headers: w.as.admin });
    expect(again.statusCode).toBe(409);
    const entries = await auditSince(w, mark);
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: admin,
        kind: 'post.breakingNews',
        subjectType: 'post',
        subjectId: post.id,
        subjectLabel: 'Eilig',
        changes: { recipients: { before: null, after: 2 } },
      }),
    ]);
  });
});

describe('audit of content categories', () => {
  it('should record a new category and then what an update changed', async () => {
    const mark = await auditMark(w);
    const parent = await createCategory(w, { name: 'Technik' });
    const id = await createCategory(w, { name: 'Normen', showInQuickAccess: true });
    const created = await auditSince(w, mark);
    expect(created.map((entry) => [entry.kind, entry.subjectId, entry.subjectLabel])).toEqual([
      ['category.save', parent, 'Technik'],
      ['category.save', id, 'Normen'],
    ]);
    expect(created[1]?.changes).toEqual({
      name: { before: null, after: 'Normen' },
      type: { before: null, after: 'content' },
      userGroups: { before: null, after: ['Mitglieder'] },
      showInQuickAccess: { before: null, after: true },
      position: { before: null, after: 999 },
    });

    const next = await auditMark(w);
    const response = await saveCategory(w, w.as.admin, {
      id,
      name: 'Normen und Richtlinien',
      type: 'url',
      url: 'https://www.normen.example',
      parentId: parent,
      visibleForUserGroups: [w.groups.mitglieder, w.groups.partner],
      showInQuickAccess: true,
    });
    expect(response.statusCode).toBe(200);
    const [entry, ...others] = await auditSince(w, next);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      actorId: admin,
      kind: 'category.save',
      subjectType: 'category',
      subjectId: id,
    });
    expect(entry?.changes).toEqual({
      name: { before: 'Normen', after: 'Normen und Richtlinien' },
      type: { before: 'content', after: 'url' },
      url: { before: null, after: 'https://www.normen.example' },
      userGroups: { before: ['Mitglieder'], after: ['Mitglieder', 'Partner'] },
      parent: { before: null, after: 'Technik' },
    });
  });

  it('should record nothing for a refused category save', async () => {
    const top = await createCategory(w, { name: 'Oben' });
    const child = await createCategory(w, { name: 'Unten', parentId: top });
    const mark = await auditMark(w);
    const bad = await saveCategory(w, w.as.admin, { name: '', type: 'content', visibleForUserGroups: [] });
    expect(bad.statusCode).toBe(400);
    // under its own child: refused inside the transaction, after the writes
    const cycle = await saveCategory(w, w.as.admin, {
      id: top,
      name: 'Oben',
      type: 'content',
      parentId: child,
      visibleForUserGroups: [w.groups.mitglieder],
    });
    expect(cycle.statusCode).toBe(400);
    const member = await saveCategory(w, w.as.mitglied, {
      name: 'X',
      type: 'content',
      visibleForUserGroups: [],
    });
    expect(member.statusCode).toBe(403);
    const hasChild = await w.app.inject({
      method: 'DELETE',
      url: CATEGORY_API.byId(top),
      headers: w.as.admin,
    });
    expect(hasChild.statusCode).toBe(409);
    expect(await auditSince(w, mark)).toEqual([]);
  });

  it('should record each category a dragged tree moved, with its parent and position', async () => {
    const top = await createCategory(w, { name: 'Verband' });
    const moved = await createCategory(w, { name: 'Gremien' });
    const mark = await auditMark(w);
    const response = await w.app.inject({
      method: 'POST',
      url: CATEGORY_API.saveTree,
      headers: w.as.admin,
      payload: { contentCategories: JSON.stringify([{ id: top, children: [{ id: moved, children: [] }] }]) },
    });
    expect(response.statusCode).toBe(200);
    const entries = (await auditSince(w, mark)).sort((a, b) => Number(a.subjectId) - Number(b.subjectId));
    expect(
      entries.map((entry) => [entry.actorId, entry.kind, entry.subjectId, entry.subjectLabel, entry.changes]),
    ).toEqual([
      [admin, 'category.save', top, 'Verband', { position: { before: 999, after: 0 } }],
      [
        admin,
        'category.save',
        moved,
        'Gremien',
        { parent: { before: null, after: 'Verband' }, position: { before: 999, after: 0 } },
      ],
    ]);
  });

  it('should record a deletion, and the deletion of the items filed only under it', async () => {
    const id = await createCategory(w, { name: 'Archiv' });
    const other = await createCategory(w, { name: 'Ablage' });
    const only = await createItem(w, { title: 'Nur hier', categories: [id] });
    await createItem(w, { title: 'Auch dort', categories: [id, other] });
    const mark = await auditMark(w);
    const response = await w.app.inject({
      method: 'DELETE',
      url: CATEGORY_API.byId(id),
      headers: w.as.admin,
    });
    expect(response.statusCode).toBe(200);
    const entries = await auditSince(w, mark);
    expect(entries.map((entry) => [entry.actorId, entry.kind, entry.subjectId, entry.subjectLabel])).toEqual([
      [admin, 'category.delete', id, 'Archiv'],
      [admin, 'content.delete', only.id, 'Nur hier'],
    ]);
    expect(entries[0]?.changes).toMatchObject({
      name: { before: 'Archiv', after: null },
      type: { before: 'content', after: null },
      userGroups: { before: ['Mitglieder'], after: null },
    });
  });
});

describe('audit of content items', () => {
  it('should record a new item, an update with its table, and a deletion', async () => {
    const category = await createCategory(w, { name: 'Preislisten' });
    const second = await createCategory(w, { name: 'Tabellen' });
    const mark = await auditMark(w);
    const item = await createItem(w, { title: 'Preise', preText: '<p>Vorab</p>', categories: [category] });
    const [created] = await auditSince(w, mark);
    expect(created).toMatchObject({
      actorId: admin,
      kind: 'content.save',
      subjectType: 'content',
      subjectId: item.id,
    });
    expect(created?.changes).toEqual({
      title: { before: null, after: 'Preise' },
      preText: { before: null, after: '…' },
      categories: { before: null, after: ['Preislisten'] },
    });

    const next = await auditMark(w);
    const response = await saveContent(
      w,
      w.as.admin,
      { id: item.id, title: 'Preise 2026', preText: '<p>Vorab</p>', categories: [category, second] },
      { filename: 'preise.csv', data: 'Glas;Preis\nFloat;10\nVSG;20\n', type: 'text/csv' },
    );
    expect(response.statusCode).toBe(200);
    const [updated, ...others] = await auditSince(w, next);
    expect(others).toEqual([]);
    expect(updated).toMatchObject({ kind: 'content.save', subjectId: item.id, subjectLabel: 'Preise 2026' });
    expect(updated?.changes).toEqual({
      title: { before: 'Preise', after: 'Preise 2026' },
      categories: { before: ['Preislisten'], after: ['Preislisten', 'Tabellen'] },
      table: { before: null, after: 'preise.csv' },
      tableRows: { before: null, after: 2 },
    });

    const last = await auditMark(w);
    const deleted = await w.app.inject({
      method: 'DELETE',
      url: CONTENT_API.byId(item.id),
      headers: w.as.admin,
    });
    expect(deleted.statusCode).toBe(204);
    const [removed, ...rest] = await auditSince(w, last);
    expect(rest).toEqual([]);
    expect(removed).toMatchObject({
      actorId: admin,
      kind: 'content.delete',
      subjectId: item.id,
      subjectLabel: 'Preise 2026',
    });
    expect(removed?.changes).toEqual({
      title: { before: 'Preise 2026', after: null },
      preText: { before: '…', after: null },
      categories: { before: ['Preislisten', 'Tabellen'], after: null },
      table: { before: 'preise.csv', after: null },
      tableRows: { before: 2, after: null },
    });
  });

  it('should record a new item with a table as new', async () => {
    const category = await createCategory(w, { name: 'Listen' });
    const mark = await auditMark(w);
    const item = await createItem(
      w,
      { title: 'Liste', categories: [category] },
      {
        filename: 'liste.csv',
        data: 'A;B\n1;2\n',
        type: 'text/csv',
      },
    );
    const entries = await auditSince(w, mark);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.changes).toEqual({
      title: { before: null, after: 'Liste' },
      categories: { before: null, after: ['Listen'] },
      table: { before: null, after: 'liste.csv' },
      tableRows: { before: null, after: 1 },
    });
    expect(entries[0]?.subjectId).toBe(item.id);
  });

  it('should record nothing for a refused item save or deletion', async () => {
    const category = await createCategory(w, { name: 'Leer' });
    const item = await createItem(w, { title: 'Bleibt', categories: [category] });
    const mark = await auditMark(w);
    expect((await saveContent(w, w.as.admin, { title: '', categories: [category] })).statusCode).toBe(400);
    expect((await saveContent(w, w.as.admin, { title: 'X', categories: [99_999] })).statusCode).toBe(400);
    expect((await saveContent(w, w.as.mitglied, { title: 'X', categories: [category] })).statusCode).toBe(
      403,
    );
    const deleted = await w.app.inject({
      method: 'DELETE',
      url: CONTENT_API.byId(item.id),
      headers: w.as.partner,
    });
    expect(deleted.statusCode).toBe(403);
    expect(await auditSince(w, mark)).toEqual([]);
  });
});
