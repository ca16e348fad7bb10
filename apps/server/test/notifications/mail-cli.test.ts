import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/database.ts';
import type { MailStatus } from '../../src/platform/db/schema.ts';
import { type CliDatabase, openCliDatabase } from '../helpers/cli-database.ts';
import { runCli } from '../helpers/server-process.ts';

const MINUTE = 60_000;

/** `node src/cli/mail.ts …` as `npm run mail -- …` runs it, with only the environment given. */
const mailCli = (args: string[], env: Record<string, string>) => runCli('src/cli/mail.ts', args, env);

// A database of its own that the CLI reaches through DATABASE_URL.
let dataDir: string;
let database: Database;
let cli: CliDatabase;
let env: Record<string, string>;

beforeAll(async () => {
  cli = await openCliDatabase('mail-cli');
  ({ database, dataDir, env } = cli);
});

afterAll(() => cli.close());

async function seed(rows: { status: MailStatus; createdAgoMs: number; sentAgoMs?: number }[]) {
  const now = Date.now();
  await database.db
    .insertInto('mailOutbox')
    .values(
      rows.map((row, i) => ({
        recipient: `empfaenger${i}@example.de`,
        subject: 'Betreff',
        html: '<p>x</p>',
        text: 'x',
        status: row.status,
        nextAttemptAt: new Date(now - row.createdAgoMs),
        createdAt: new Date(now - row.createdAgoMs),
        sentAt: row.sentAgoMs === undefined ? null : new Date(now - row.sentAgoMs),
      })),
    )
    .execute();
}

describe('npm run mail -- status', { timeout: 60_000 }, () => {
  it('should say that nothing waits in an empty outbox, and that the rate is unlimited', async () => {
    const result = await mailCli(['status'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'Mail-Warteschlange',
        '  Wartend:                        0',
        '  Wird gesendet:                  0',
        '  Fehlgeschlagen:                 0',
        '  Gesendet in der letzten Stunde: 0',
        '  Älteste wartende Mail:          –',
        '  Sendelimit:                     unbegrenzt (MAIL_RATE_PER_MINUTE nicht gesetzt)',
        '',
      ].join('\n'),
    );
    // the CLI does not write a JWT secret into the data folder
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });

  describe('with mails in every state', () => {
    beforeAll(() =>
      seed([
        { status: 'pending', createdAgoMs: 125 * MINUTE },
        { status: 'pending', createdAgoMs: 3 * MINUTE },
        { status: 'pending', createdAgoMs: 0 },
        { status: 'sending', createdAgoMs: MINUTE },
        { status: 'failed', createdAgoMs: 300 * MINUTE },
        { status: 'failed', createdAgoMs: 200 * MINUTE },
        { status: 'sent', createdAgoMs: 20 * MINUTE, sentAgoMs: 10 * MINUTE },
        { status: 'sent', createdAgoMs: 20 * MINUTE, sentAgoMs: 59 * MINUTE },
        { status: 'sent', createdAgoMs: 20 * MINUTE, sentAgoMs: 30_000 },
        { status: 'sent', createdAgoMs: 200 * MINUTE, sentAgoMs: 61 * MINUTE },
      ]),
    );

    it('should print the counts, the oldest waiting mail with its age and the rate in German', async () => {
      const result = await mailCli(['status'], { ...env, MAIL_RATE_PER_MINUTE: '30' });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const lines = result.stdout.split('\n');
      expect(lines.slice(0, 5)).toEqual([
        'Mail-Warteschlange',
        '  Wartend:                        3',
        '  Wird gesendet:                  1',
        '  Fehlgeschlagen:                 2',
        '  Gesendet in der letzten Stunde: 3',
      ]);
      expect(lines[5]).toMatch(
        /^ {2}Älteste wartende Mail: {10}\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \(seit 2 h 5 min\)$/,
      );
      expect(lines[6]).toBe('  Sendelimit:                     30 pro Minute');
    });

    it('should print the same as JSON with --json', async () => {
      const started = Date.now();
      const result = await mailCli(['status', '--json'], { ...env, MAIL_RATE_PER_MINUTE: '30' });
      expect(result.code).toBe(0);
      const status = JSON.parse(result.stdout) as Record<string, unknown>;
      expect(status).toEqual({
        pending: 3,
        sending: 1,
        failed: 2,
        sentLastHour: 3,
        oldestPendingAt: expect.stringMatching(/Z$/),
        oldestPendingAgeSeconds: expect.any(Number),
        ratePerMinute: 30,
      });
      const age = Number(status.oldestPendingAgeSeconds);
      expect(age).toBeGreaterThanOrEqual(125 * 60);
      expect(age).toBeLessThan(125 * 60 + (Date.now() - started) / 1000 + 60);
      expect(Date.parse(String(status.oldestPendingAt))).toBeLessThan(started - 124 * MINUTE);

      const unlimited = JSON.parse((await mailCli(['status', '--json'], env)).stdout) as Record<
        string,
        unknown
      >;
      expect(unlimited.ratePerMinute).toBeNull();
    });

    it('should refuse an unknown command or option with its usage and exit code 2', async () => {
      for (const args of [['löschen'], ['status', '--alles'], ['status', 'extra']]) {
        const result = await mailCli(args, env);
        expect(result.code).toBe(2);
        expect(result.stdout).toBe('');
        expect(result.stderr).toContain('npm run mail -- status');
      }
    });

    it('should print its usage without a command', async () => {
      const result = await mailCli([], env);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Mail-Warteschlange – Aufruf: npm run mail -- <Befehl>');
    });

    it('should stop with a message naming a wrong MAIL_RATE_PER_MINUTE', async () => {
      const result = await mailCli(['status'], { ...env, MAIL_RATE_PER_MINUTE: 'schnell' });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('MAIL_RATE_PER_MINUTE');
    });
  });
});
