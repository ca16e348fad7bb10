import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATIONS_API, type TNotificationKind } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUnsubscribeTokens,
  type UnsubscribeTokens,
} from '../../src/platform/mail/unsubscribe-token.ts';
import { createUser } from '../helpers/factories.ts';
import { createWorld, type World } from '../helpers/world.ts';

let w: World;
let tokens: UnsubscribeTokens;
beforeAll(async () => {
  w = await createWorld();
  tokens = createUnsubscribeTokens(w.t.config.jwtSecret, w.t.config.publicUrl);
});
afterAll(() => w.close());

const ONE_CLICK = 'List-Unsubscribe=One-Click';
const address = (token: string) => `${NOTIFICATIONS_API.unsubscribe}?token=${encodeURIComponent(token)}`;
const show = (token: string) => w.app.inject({ url: address(token) });
/** as a mail client sends it after RFC 8058: the header's address, the one-click body */
const oneClick = (token: string) =>
  w.app.inject({
    method: 'POST',
    url: address(token),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: ONE_CLICK,
  });

let sequence = 0;
/** a new member, logged in, with the token of one kind at their current version */
async function member(kind: TNotificationKind = 'forumReplies') {
  sequence += 1;
  const username = `abonnent${sequence}`;
  const { id } = await createUser(w.app, { username });
  const headers = await w.login(username);
  const sign = async () =>
    tokens.sign({ userId: id, kind, version: await versionOf(id) }, `${username}@example.de`);
  return { id, username, headers, sign, settings: () => settingsOf(headers) };
}

async function versionOf(userId: number): Promise<number> {
  const row = await w.t.database.db
    .selectFrom('notificationSettings')
    .select('version')
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.version ?? 0;
}

async function settingsOf(headers: Record<string, string>) {
  return w.json(NOTIFICATIONS_API.settings, headers);
}

function expectGermanPage(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
  expect(response.body).toMatch(/^<!doctype html>\n<html lang="de">/);
  expect(response.body).toContain('<meta charset="utf-8">');
  expect(response.body).not.toContain('<script');
  expect(response.headers['cache-control']).toBe('no-store');
}

/** the form of the page: method, address and fields */
function formOf(html: string) {
  const form = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(html);
  if (!form?.[1] || form[2] === undefined) throw new Error(`no form in ${html}`);
  const fields = Object.fromEntries(
    [...form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  );
  return {
    action: form[1].replaceAll('&amp;', '&'),
    fields,
    button: /<button[^>]*>([^<]+)<\/button>/.exec(form[2])?.[1],
  };
}

describe('GET /api/notifications/unsubscribe', () => {
  it('should show a German page with a button for forum replies, and change nothing', async () => {
    const m = await member('forumReplies');
    const token = await m.sign();
    const response = await show(token);
    expectGermanPage(response, 200);
    expect(response.body).toContain('<title>E-Mails abbestellen</title>');
    expect(response.body).toContain('E-Mails zu Antworten im Forum');
    const form = formOf(response.body);
    expect(form.action).toBe(address(token));
    expect(form.fields).toEqual({ 'List-Unsubscribe': 'One-Click', token });
    expect(form.button).toBe('Abbestellen');
    expect(response.body).toContain(`${w.t.config.publicUrl}/benachrichtigungen`);
    // shown twice: a link scanner's visits turn nothing off
    expect((await show(token)).statusCode).toBe(200);
    expect(await m.settings()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(await versionOf(m.id)).toBe(0);
  });

  it('should name the digest for a digest link', async () => {
    const m = await member('digest');
    const response = await show(await m.sign());
    expectGermanPage(response, 200);
    expect(response.body).toContain('Zusammenfassung');
    expect(response.body).not.toContain('Antworten im Forum');
  });

  it('should let the page post its form to itself under the security headers', async () => {
    const m = await member();
    const response = await show(await m.sign());
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    // a relative address of the same origin, which form-action 'self' allows
    expect(formOf(response.body).action.startsWith(`${NOTIFICATIONS_API.unsubscribe}?`)).toBe(true);
  });

  it('should say so with 410 when the link is spent', async () => {
    const m = await member();
    const token = await m.sign();
    expect(
      (
        await w.app.inject({
          method: 'PUT',
          url: NOTIFICATIONS_API.settings,
          headers: m.headers,
          payload: { forumReplies: true, digest: 'weekly' },
        })
      ).statusCode,
    ).toBe(200);
    const response = await show(token);
    expectGermanPage(response, 410);
    expect(response.body).toContain('bereits verwendet oder Ihre Einstellungen haben sich seitdem geändert');
    expect(response.body).not.toContain('<form');
  });

  it.each([
    ['a forged signature', (token: string) => `${token.split('.')[0]}.${'A'.repeat(43)}`],
    [
      'a token of another key',
      () =>
        createUnsubscribeTokens('x'.repeat(48), 'http://localhost:8080').sign(
          { userId: 1, kind: 'digest', version: 0 },
          'admin@example.de',
        ),
    ],
    [
      'a changed claim',
      (token: string) => `${Buffer.from('1.digest.0').toString('base64url')}.${token.split('.')[1]}`,
    ],
    ['text that is no token', () => 'kein-token'],
    ['an empty token', () => ''],
    ['an over-long token', () => 'a'.repeat(600)],
  ])('should refuse %s with a German page and 400', async (_name, forge) => {
    const m = await member();
    const response = await show(forge(await m.sign()));
    expectGermanPage(response, 400);
    expect(response.body).toContain('Dieser Abmeldelink ist ungültig');
    expect(response.body).not.toContain('<form');
  });

  it.each([
    ['a claim as links had it before', (userId: number) => `${userId}.forumReplies.0`],
    ['a claim with an address tag', (userId: number) => `${userId}.forumReplies.0.AAAAAAAAAAAAAAAAAAAAAA`],
  ])(
    'should answer a forged link with %s alike whether its member exists or not (issue 30)',
    async (_name, claim) => {
      const m = await member();
      const forged = (userId: number) =>
        `${Buffer.from(claim(userId)).toString('base64url')}.${'A'.repeat(43)}`;
      const existing = await show(forged(m.id));
      const nobody = await show(forged(987_654));
      expectGermanPage(existing, 400);
      expectGermanPage(nobody, 400);
      expect(nobody.body).toBe(existing.body);
      for (const post of [await oneClick(forged(m.id)), await oneClick(forged(987_654))])
        expectGermanPage(post, 400);
    },
  );

  it.each([
    ['trailing garbage', (token: string) => `${token}!`],
    ['a padded signature', (token: string) => `${token}=`],
    ['a blank inside', (token: string) => `${token.slice(0, 10)} ${token.slice(10)}`],
    ['an extra part', (token: string) => `${token}.AAAA`],
    [
      'a standard base64 alphabet',
      (token: string) =>
        `${token.split('.')[0]}.${Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('base64')}`,
    ],
    // the last character of 32 bytes carries two unused bits: another value decodes to the same bytes
    [
      'a non-canonical signature',
      (token: string) => {
        const last = token.at(-1) ?? 'A';
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
        return `${token.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`;
      },
    ],
  ])('should refuse a signed link with %s (strict decoding, issue 30)', async (_name, change) => {
    const m = await member();
    const token = await m.sign();
    expectGermanPage(await show(change(token)), 400);
    expectGermanPage(await oneClick(change(token)), 400);
    expect(await m.settings()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expectGermanPage(await show(token), 200);
  });

  it('should refuse an address without token with a German page and 400', async () => {
    const response = await w.app.inject({ url: NOTIFICATIONS_API.unsubscribe });
    expectGermanPage(response, 400);
  });
});

describe('POST /api/notifications/unsubscribe', () => {
  it('should turn forum replies off by One-Click without a login, and say so in German', async () => {
    const m = await member('forumReplies');
    const response = await oneClick(await m.sign());
    expectGermanPage(response, 200);
    expect(response.body).toContain('<title>Abbestellt</title>');
    expect(response.body).toContain('Sie erhalten keine E-Mails zu Antworten im Forum mehr.');
    expect(await m.settings()).toEqual({ forumReplies: false, digest: 'daily', mentions: true });
    expect(await versionOf(m.id)).toBe(1);
  });

  it('should turn mention mails off and keep the rest (issue 37)', async () => {
    const m = await member('mentions');
    expectGermanPage(await show(await m.sign()), 200);
    expect((await show(await m.sign())).body).toContain('wenn Sie jemand im Forum erwähnt');
    const response = await oneClick(await m.sign());
    expectGermanPage(response, 200);
    expect(response.body).toContain('Sie erhalten keine E-Mails mehr, wenn Sie jemand im Forum erwähnt.');
    expect(await m.settings()).toEqual({ forumReplies: true, digest: 'daily', mentions: false });
    expect(await versionOf(m.id)).toBe(1);
  });

  it('should set the digest to never and keep the rest', async () => {
    const m = await member('digest');
    expect(
      (
        await w.app.inject({
          method: 'PUT',
          url: NOTIFICATIONS_API.settings,
          headers: m.headers,
          payload: { forumReplies: false, digest: 'weekly' },
        })
      ).statusCode,
    ).toBe(200);
    const response = await oneClick(await m.sign());
    expectGermanPage(response, 200);
    expect(response.body).toContain('Zusammenfassung');
    expect(await m.settings()).toEqual({ forumReplies: false, digest: 'never', mentions: true });
    expect(await versionOf(m.id)).toBe(2);
  });

  it('should work from the button of the page, with the token as a form field', async () => {
    const m = await member('digest');
    const form = formOf((await show(await m.sign())).body);
    const response = await w.app.inject({
      method: 'POST',
      url: NOTIFICATIONS_API.unsubscribe,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form.fields).toString(),
    });
    expectGermanPage(response, 200);
    expect(await m.settings()).toEqual({ forumReplies: true, digest: 'never', mentions: true });
  });

  it('should work once: a second POST answers 410 and changes nothing', async () => {
    const m = await member();
    const token = await m.sign();
    expect((await oneClick(token)).statusCode).toBe(200);
    // the member turns replies on again: the old link must not turn them off once more
    await w.app.inject({
      method: 'PUT',
      url: NOTIFICATIONS_API.settings,
      headers: m.headers,
      payload: { forumReplies: true, digest: 'daily' },
    });
    const version = await versionOf(m.id);
    const again = await oneClick(token);
    expectGermanPage(again, 410);
    expect(again.body).toContain('bereits verwendet oder Ihre Einstellungen haben sich seitdem geändert');
    expect(await m.settings()).toEqual({ forumReplies: true, digest: 'daily', mentions: true });
    expect(await versionOf(m.id)).toBe(version);
  });

  it('should spend older links when the settings change', async () => {
    const m = await member('digest');
    const token = await m.sign();
    await w.app.inject({
      method: 'PUT',
      url: NOTIFICATIONS_API.settings,
      headers: m.headers,
      payload: { forumReplies: true, digest: 'weekly' },
    });
    const response = await oneClick(token);
    expectGermanPage(response, 410);
    expect(await m.settings()).toEqual({ forumReplies: true, digest: 'weekly', mentions: true });
    expect(await versionOf(m.id)).toBe(1);
    // a link of the new version works
    expect((await oneClick(await m.sign())).statusCode).toBe(200);
    expect(await m.settings()).toEqual({ forumReplies: true, digest: 'never', mentions: true });
  });

  it('should let only one of two POSTs at once turn it off', async () => {
    const m = await member();
    const token = await m.sign();
    const answers = await Promise.all([oneClick(token), oneClick(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
    expect(await versionOf(m.id)).toBe(1);
  });

  it('should refuse a forged token with 400 and change nothing', async () => {
    const m = await member();
    const [claim] = (await m.sign()).split('.');
    const response = await oneClick(`${claim}.${'B'.repeat(43)}`);
    expectGermanPage(response, 400);
    expect(response.body).toContain('Dieser Abmeldelink ist ungültig');
    expect(await m.settings()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(await versionOf(m.id)).toBe(0);
  });

  it('should refuse a POST without token with 400', async () => {
    const response = await w.app.inject({
      method: 'POST',
      url: NOTIFICATIONS_API.unsubscribe,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: ONE_CLICK,
    });
    expectGermanPage(response, 400);
  });

  it('should refuse a link to an address the member no longer has', async () => {
    const m = await member();
    const token = await m.sign();
    await w.app.accounts.upsertUser({ username: m.username, email: `${m.username}@neue-firma.example` });
    const response = await oneClick(token);
    expectGermanPage(response, 400);
    expect(await m.settings()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    // a link signed for the new address works
    const renewed = tokens.sign(
      { userId: m.id, kind: 'forumReplies', version: await versionOf(m.id) },
      `${m.username}@neue-firma.example`,
    );
    expectGermanPage(await oneClick(renewed), 200);
  });

  it('should answer 410 for a member who does not exist', async () => {
    const response = await oneClick(
      tokens.sign({ userId: 987_654, kind: 'forumReplies', version: 0 }, 'niemand@example.de'),
    );
    expectGermanPage(response, 410);
    const rows = await w.t.database.db
      .selectFrom('notificationSettings')
      .select('userId')
      .where('userId', '=', 987_654)
      .execute();
    expect(rows).toEqual([]);
  });

  it('should not need the login of the member, nor be bothered by another one', async () => {
    const m = await member();
    const response = await w.app.inject({
      method: 'POST',
      url: address(await m.sign()),
      headers: { ...w.as.admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: ONE_CLICK,
    });
    expectGermanPage(response, 200);
    expect(await m.settings()).toEqual({ forumReplies: false, digest: 'daily', mentions: true });
    expect(await settingsOf(w.as.admin)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });
});

describe('OpenAPI', () => {
  it('should describe the settings and the unsubscribe address', async () => {
    const response = await w.app.inject({ url: '/api/docs/json' });
    const { paths } = response.json<{
      paths: Record<string, Record<string, { description?: string; security?: unknown[] }>>;
    }>();
    expect(paths[NOTIFICATIONS_API.settings]?.get?.description).toBeTruthy();
    expect(paths[NOTIFICATIONS_API.settings]?.put?.description).toContain('version');
    expect(paths[NOTIFICATIONS_API.unsubscribe]?.get?.description).toContain('RFC 8058');
    expect(paths[NOTIFICATIONS_API.unsubscribe]?.post?.description).toContain('List-Unsubscribe=One-Click');
    expect(paths[NOTIFICATIONS_API.unsubscribe]?.post?.security).toEqual([]);
  });
});
