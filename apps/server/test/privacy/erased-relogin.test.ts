import { API, ERASED_MEMBER_NAME, type TProfile } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsRepository } from '../../src/features/accounts/index.ts';
import { createEvent, setStatus } from '../events/event-helpers.ts';
import { createForum, createThread, readThread } from '../forums/forum-helpers.ts';
import { bearer, login, tokenOfLink, userId } from '../helpers/factories.ts';
import { TEST_API_KEY, TEST_ORIGIN } from '../helpers/test-app.ts';
import { createPrivacyWorld, erase, exportOf, type PrivacyWorld, userRow } from './privacy-helpers.ts';

let w: PrivacyWorld;
let oldId: number;
let threadId: number;
beforeAll(async () => {
  w = await createPrivacyWorld();
  oldId = await userId(w, 'mitglied');
  threadId = (await createThread(w, (await createForum(w)).id, w.as.mitglied)).id;
  const event = await createEvent(w);
  expect((await setStatus(w, w.as.mitglied, event.id, 1)).statusCode).toBe(200);
  expect((await erase(w, w.as.admin, oldId)).statusCode).toBe(204);
});
afterAll(() => w.close());

const hostLogin = (payload: Record<string, unknown>) =>
  w.app.inject({
    method: 'POST',
    url: API.generateLogin,
    headers: { authorization: `Bearer ${TEST_API_KEY}` },
    payload,
  });

describe('a login from the host website for an erased username', () => {
  it('should refuse the password form for the old name', async () => {
    const response = await w.app.inject({
      method: 'POST',
      url: API.generateLogin,
      headers: { origin: TEST_ORIGIN },
      payload: { username: 'mitglied', password: 'irgendein-passwort' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('should create a fresh member without the groups, answers or posts of the old one', async () => {
    const response = await hostLogin({
      username: 'Mitglied',
      email: 'neu@glaserei.example',
      company: 'Neue Glaserei GmbH',
    });
    expect(response.statusCode).toBe(200);
    const exchanged = await w.app.inject({
      url: `${API.login}?token=${tokenOfLink(response.json<{ link: string }>().link)}`,
    });
    expect(exchanged.statusCode).toBe(200);
    const headers = bearer(exchanged.json());
    const profile = await w.json<TProfile>(API.profile, headers);
    expect(profile.id).not.toBe(oldId);
    expect(profile).toMatchObject({
      username: 'Mitglied',
      email: 'neu@glaserei.example',
      company: 'Neue Glaserei GmbH',
      groups: [],
    });
    const data = await exportOf(w, headers);
    expect(data).toMatchObject({ groups: [], eventAnswers: [], forumPosts: [], followedThreads: [] });

    // the old row stays erased, and the old posts stay with it
    const old = await userRow(w, oldId);
    expect(old).toMatchObject({ username: ERASED_MEMBER_NAME, email: null });
    expect((await readThread(w, threadId, '', w.as.kollege)).posts[0]?.author).toEqual({
      username: ERASED_MEMBER_NAME,
      id: oldId,
      name: ERASED_MEMBER_NAME,
      photo: null,
    });
  });

  it('should log the fresh member in again under the same name, as the same member', async () => {
    const first = await userId(w, 'Mitglied');
    const pair = await login(w.app, 'mitglied');
    const profile = await w.json<TProfile>(API.profile, bearer(pair));
    expect(profile.id).toBe(first);
  });
});

describe('a change to a member that an admin erased meanwhile', () => {
  it('should write nothing onto the erased row (a host login that read the row before the erasure)', async () => {
    // The host login reads the member by name, then updates them by id; the erasure may commit in between.
    const accounts = createAccountsRepository(w.t.database.db);
    const updated = await accounts.updateUser(w.t.database.db, oldId, {
      email: 'spaet@glaserei.example',
      company: 'Späte Glaserei',
      role: 'ROLE_ADMIN',
    });
    expect(updated).toBe(false);
    expect(await userRow(w, oldId)).toMatchObject({
      username: ERASED_MEMBER_NAME,
      email: null,
      company: null,
      role: 'ROLE_USER',
      searchKey: '',
    });
  });
});
