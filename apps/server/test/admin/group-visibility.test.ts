import { ADMIN_API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, listPosts, titles } from '../blog/blog-helpers.ts';
import { bearer, login, userId } from '../helpers/factories.ts';
import { createWorld, MEMBER_USERS, type World } from '../helpers/world.ts';
import { call } from './admin-helpers.ts';

let w: World<(typeof MEMBER_USERS)[number]['username']>;
let mitgliedId: number;
beforeAll(async () => {
  w = await createWorld({ users: MEMBER_USERS });
  mitgliedId = await userId(w, 'mitglied');
});
afterAll(() => w.close());

describe('what a member sees follows the admin screens at once', () => {
  it("should show a group's posts to a member the moment an admin adds them, and hide them when removed", async () => {
    const post = await createPost(w, {
      title: 'Nur für die Geschäftsführung',
      visibleForUserGroups: [w.groups.gf],
    });
    // a session the member holds already: no new login between the changes
    const member = bearer(await login(w.app, 'mitglied'));
    expect(titles((await listPosts(w, member, 'ceo=true')).items)).not.toContain(post.title);

    const added = await call(w, 'PATCH', ADMIN_API.member(mitgliedId), w.as.admin, {
      groups: [w.groups.mitglieder, w.groups.gf],
    });
    expect(added.statusCode).toBe(200);
    expect(titles((await listPosts(w, member, 'ceo=true')).items)).toContain(post.title);

    const removed = await call(w, 'PATCH', ADMIN_API.member(mitgliedId), w.as.admin, {
      groups: [w.groups.mitglieder],
    });
    expect(removed.statusCode).toBe(200);
    expect(titles((await listPosts(w, member, 'ceo=true')).items)).not.toContain(post.title);
  });

  it("should move a group's posts into the 'FMK-Intern' list the moment the group is marked internal", async () => {
    const post = await createPost(w, {
      title: 'Für alle Mitglieder',
      visibleForUserGroups: [w.groups.mitglieder],
    });
    const member = bearer(await login(w.app, 'mitglied'));
    expect(titles((await listPosts(w, member)).items)).toContain(post.title);
    expect(titles((await listPosts(w, member, 'ceo=true')).items)).not.toContain(post.title);

    const marked = await call(w, 'PATCH', ADMIN_API.group(w.groups.mitglieder), w.as.admin, {
      internal: true,
    });
    expect(marked.statusCode).toBe(200);
    expect(titles((await listPosts(w, member, 'ceo=true')).items)).toContain(post.title);
    expect(titles((await listPosts(w, member)).items)).not.toContain(post.title);

    const unmarked = await call(w, 'PATCH', ADMIN_API.group(w.groups.mitglieder), w.as.admin, {
      internal: false,
    });
    expect(unmarked.statusCode).toBe(200);
    expect(titles((await listPosts(w, member)).items)).toContain(post.title);
  });
});
