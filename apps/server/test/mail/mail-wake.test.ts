/**
 * A request that queues mails wakes the worker (breaking news, forum replies); the run it wakes is a job, not
 * part of that request (issue 30 point 4): neither the request's database time nor its client's leaving
 * (platform/db/request-scope.ts) may stop the mails. Before, the run inherited the request's scope and, the
 * client gone, claimed nothing until the next poll.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { BLOG_API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestScope, runInRequestScope } from '../../src/platform/db/request-scope.ts';
import { createPost } from '../blog/blog-helpers.ts';
import { waitFor } from '../helpers/wait.ts';
import { createWorld, type World } from '../helpers/world.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const outboxDir = () => path.join(w.t.config.dataDir, 'outbox');
const mailsWritten = () => (existsSync(outboxDir()) ? readdirSync(outboxDir()).length : 0);

describe('the mail run a request wakes', () => {
  it('should send the mails also when the client of that request has left', async () => {
    // An instance whose worker polls only once an hour: the mails go out only if the wake-up works.
    const instance = await w.t.secondInstance({ mailWorker: { pollMs: 3_600_000 } });
    try {
      instance.app.mailWorker.start();
      await instance.app.mailWorker.runOnce();
      const post = await createPost(w, { title: 'Eilig', visibleForUserGroups: [w.groups.gf] });
      const queued = await w.t.app.inject({ url: BLOG_API.breakingNews(post.id), headers: w.as.admin });
      expect(queued.statusCode).toBe(202);
      expect(mailsWritten()).toBe(0);

      const left = new RequestScope(60_000);
      left.abandon();
      runInRequestScope(left, () => instance.app.mailWorker.notify());
      await waitFor(() => mailsWritten() === 2, 'both mails written');
    } finally {
      await instance.close();
    }
  });
});
