import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BLOG_API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../blog/blog-helpers.ts';
import { readMail } from '../helpers/smtp-peer.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { drain } from './mail-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const outboxDir = () => path.join(w.t.config.dataDir, 'outbox');
const emlFiles = () => (existsSync(outboxDir()) ? readdirSync(outboxDir()).sort() : []);

describe('mail without SMTP_URL', () => {
  it('should write each mail as an .eml file into DATA_DIR/outbox, once', async () => {
    expect(w.t.config.smtpUrl).toBeUndefined();
    const post = await createPost(w, { title: 'Eilig', visibleForUserGroups: [w.groups.gf] });
    const response = await w.t.app.inject({
      url: BLOG_API.breakingNews(post.id),
      headers: w.as.admin,
    });
    expect(response.statusCode).toBe(202);
    expect(emlFiles()).toEqual([]);

    expect(await drain(w.t.app)).toEqual({ sent: 2, retried: 0, failed: 0 });
    const files = emlFiles();
    expect(files).toHaveLength(2);
    expect(files.every((name) => /^mail-\d{8}\.eml$/.test(name))).toBe(true);
    const mails = files.map((name) => readMail(readFileSync(path.join(outboxDir(), name), 'utf8')));
    expect(mails.map((mail) => mail.to).sort()).toEqual(['beide@example.de', 'chef@example.de']);
    expect(mails.every((mail) => mail.subject === 'Eilmeldung: Eilig')).toBe(true);
    expect(mails[0]?.text).toContain(`http://localhost:8080/blog/${post.id}`);

    expect(await drain(w.t.app)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(emlFiles()).toEqual(files);
  });
});
