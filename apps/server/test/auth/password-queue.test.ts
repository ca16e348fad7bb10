import { AUTH_MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsService } from '../../src/features/accounts/accounts.service.ts';
import {
  createPasswordQueue,
  DEFAULT_PASSWORD_QUEUE,
  PasswordQueueFullError,
} from '../../src/platform/auth/password-queue.ts';
import { createUser } from '../helpers/factories.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app.ts';

/** A task that runs until the test lets it finish. */
function heldTask() {
  let release = () => {};
  let started = false;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    run: () => {
      started = true;
      return done;
    },
    release: () => release(),
    started: () => started,
  };
}

describe('the password queue', () => {
  it('runs at most `concurrency` tasks at once and starts the waiting ones in order', async () => {
    const queue = createPasswordQueue({ concurrency: 2, maxWaiting: 3 });
    const tasks = Array.from({ length: 5 }, heldTask);
    const results = tasks.map((task) => queue.run(task.run));
    expect(tasks.map((task) => task.started())).toEqual([true, true, false, false, false]);
    tasks[1]?.release();
    await results[1];
    expect(tasks.map((task) => task.started())).toEqual([true, true, true, false, false]);
    tasks[0]?.release();
    await results[0];
    expect(tasks.map((task) => task.started())).toEqual([true, true, true, true, false]);
    for (const task of tasks) task.release();
    await Promise.all(results);
    expect(tasks.every((task) => task.started())).toBe(true);
  });

  it('refuses a task beyond its size at once, without starting it', async () => {
    const queue = createPasswordQueue({ concurrency: 1, maxWaiting: 2 });
    const tasks = Array.from({ length: 3 }, heldTask);
    const results = tasks.map((task) => queue.run(task.run));
    const refused = heldTask();
    await expect(queue.run(refused.run)).rejects.toBeInstanceOf(PasswordQueueFullError);
    expect(refused.started()).toBe(false);
    for (const task of tasks) task.release();
    await Promise.all(results);
    // Once drained, it takes tasks again.
    const later = heldTask();
    const result = queue.run(later.run);
    expect(later.started()).toBe(true);
    later.release();
    await result;
  });

  it('frees the place of a task that fails', async () => {
    const queue = createPasswordQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('kaputt')))).rejects.toThrow('kaputt');
    await expect(queue.run(async () => 'ok')).resolves.toBe('ok');
  });

  it('tells how many seconds a refused caller should wait, at least one', async () => {
    const queue = createPasswordQueue({ concurrency: 1, maxWaiting: 0 });
    const task = heldTask();
    const result = queue.run(task.run);
    const error = await queue.run(async () => 'nie').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PasswordQueueFullError);
    expect((error as PasswordQueueFullError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    task.release();
    await result;
  });
});

describe('password checks through the queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.app, { username: 'ziel', password: 'richtig-richtig' });
  });
  afterAll(() => t.close());

  it('queues unknown users like known ones, so both are refused alike when it is full', async () => {
    const queue = createPasswordQueue({ concurrency: 1, maxWaiting: 0 });
    const accounts = createAccountsService(t.database.db, { passwordQueue: queue });
    const holder = heldTask();
    const held = queue.run(holder.run);
    await expect(accounts.verifyCredentials('ziel', 'falsch')).rejects.toBeInstanceOf(PasswordQueueFullError);
    await expect(accounts.verifyCredentials('niemand', 'falsch')).rejects.toBeInstanceOf(
      PasswordQueueFullError,
    );
    holder.release();
    await held;
    await expect(accounts.verifyCredentials('niemand', 'falsch')).resolves.toBeUndefined();
    await expect(accounts.verifyCredentials('ziel', 'richtig-richtig')).resolves.toMatchObject({
      username: 'ziel',
    });
  });

  it('refuses a burst beyond the queue with 503, a German detail and Retry-After, while health answers', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const attempt = (index: number) =>
      fetch(`${base}/external/generate/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        // Known and unknown usernames alike: both cost one password check.
        body: JSON.stringify({ username: index % 2 === 0 ? 'ziel' : `niemand${index}`, password: 'falsch' }),
      }).then(async (response) => ({
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: (await response.json()) as { detail?: string },
      }));

    let settled = 0;
    let firstRefusal: () => void = () => {};
    const refused = new Promise<void>((resolve) => {
      firstRefusal = resolve;
    });
    const burst = Array.from({ length: 40 }, (_, index) =>
      attempt(index).then((answer) => {
        settled += 1;
        if (answer.status === 503) firstRefusal();
        return answer;
      }),
    );
    // Health is asked once the queue is known to be full, i.e. while the burst is being worked off.
    await Promise.race([refused, Promise.all(burst)]);
    const health = await fetch(`${base}/api/health`);
    const settledWhenHealthAnswered = settled;
    expect(health.status).toBe(200);
    const answers = await Promise.all(burst);
    expect(settledWhenHealthAnswered).toBeLessThan(answers.length);

    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.body).toEqual({ detail: AUTH_MESSAGES.passwordChecksBusy });
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    const checked = answers.filter((answer) => answer.status !== 503);
    expect(checked.every((answer) => answer.status === 401)).toBe(true);
    // At least the queue's size got through to a password check.
    expect(checked.length).toBeGreaterThanOrEqual(
      DEFAULT_PASSWORD_QUEUE.concurrency + DEFAULT_PASSWORD_QUEUE.maxWaiting,
    );
  });
});
