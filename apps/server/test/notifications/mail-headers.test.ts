import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BLOG_API, NOTIFICATIONS_API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailOutbox, type OutgoingMail } from '../../src/platform/mail/mail-outbox.ts';
import { createPost } from '../blog/blog-helpers.ts';
import { type SmtpPeer, startSmtpPeer } from '../helpers/smtp-peer.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { drain } from '../mail/mail-helpers.ts';

/** The header of a raw mail, unfolded; undefined when it has none. */
function headerOf(raw: string, name: string): string | undefined {
  const head = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: *(.*)$`, 'im').exec(head)?.[1]?.trim();
}

const UNSUBSCRIBE = `http://localhost:8080${NOTIFICATIONS_API.unsubscribe}?token=${'eyJ4Ijox'.repeat(12)}.c2lnbmF0dXJlLW9mLXRoZS1saW5rLTAxMjM0NTY3ODlhYmNkZWY`;

const notification = (recipient: string): OutgoingMail => ({
  recipient,
  subject: 'Neue Antwort im Forum: „Glas“',
  html: '<p>Antwort</p>',
  text: 'Antwort',
  listUnsubscribe: UNSUBSCRIBE,
});

async function queue(w: World, mails: OutgoingMail[]) {
  await createMailOutbox(w.t.database).enqueue(w.t.database.db, mails);
}

function expectOneClickHeaders(raw: string) {
  expect(headerOf(raw, 'List-Unsubscribe')).toBe(`<${UNSUBSCRIBE}>`);
  expect(headerOf(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
}

function expectNoOneClickHeaders(raw: string) {
  expect(headerOf(raw, 'List-Unsubscribe')).toBeUndefined();
  expect(headerOf(raw, 'List-Unsubscribe-Post')).toBeUndefined();
}

describe('List-Unsubscribe in .eml files (no SMTP_URL)', () => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld();
  });
  afterAll(() => w.close());

  const eml = () => {
    const dir = path.join(w.t.config.dataDir, 'outbox');
    return readdirSync(dir)
      .sort()
      .map((name) => readFileSync(path.join(dir, name), 'utf8'));
  };

  it('should carry both one-click headers on a notification mail and none on other mails', async () => {
    await queue(w, [
      notification('eins@example.de'),
      { ...notification('zwei@example.de'), listUnsubscribe: null },
    ]);
    expect(await drain(w.app)).toEqual({ sent: 2, retried: 0, failed: 0 });
    const [first, second] = eml();
    expectOneClickHeaders(first ?? '');
    expectNoOneClickHeaders(second ?? '');
  });
});

describe('List-Unsubscribe through SMTP', () => {
  let peer: SmtpPeer;
  let w: World;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    w = await createWorld({ env: { SMTP_URL: peer.url } });
  });
  afterAll(async () => {
    await w.close();
    await peer.close();
  });

  it('should send both one-click headers to the relay', async () => {
    peer.reset();
    await queue(w, [notification('drei@example.de')]);
    expect(await drain(w.app)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(peer.received).toHaveLength(1);
    expectOneClickHeaders(peer.received[0]?.raw ?? '');
  });

  it('should send breaking news without List-Unsubscribe', async () => {
    peer.reset();
    const post = await createPost(w, { visibleForUserGroups: [w.groups.partner] });
    expect(
      (await w.app.inject({ url: BLOG_API.breakingNews(post.id), headers: w.as.admin })).statusCode,
    ).toBe(202);
    expect(await drain(w.app)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(peer.received).toHaveLength(1);
    expectNoOneClickHeaders(peer.received[0]?.raw ?? '');
    const rows = await w.t.database.db
      .selectFrom('mailOutbox')
      .select('listUnsubscribe')
      .where('topic', '=', `blog:${post.id}`)
      .execute();
    expect(rows).toEqual([{ listUnsubscribe: null }]);
  });
});
