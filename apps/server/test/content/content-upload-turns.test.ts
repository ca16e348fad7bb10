import { API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentService } from '../../src/features/content/content.service.ts';
import type { Principal } from '../../src/platform/auth/principal.ts';
import { createCategory } from '../categories/category-helpers.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { tableCounts } from './content-helpers.ts';

// Storing a large table must not keep the server from answering others: the parse, the stored copy and the
// row inserts each give the event loop a turn between slices, and on SQLite no transaction holds the one
// connection while the rows are written. Counted here as answers to GET /api/settings that come in meanwhile:
// a request that does no I/O of its own, so the count follows the event loop's turns and not the machine's
// load (a health check writes the database and the storage and may take its 1.5 s on a busy machine).

const ROWS = 20_000;
/**
 * At least one answer per 500 rows: the rows alone are written in 40 statements with a turn after each.
 * Parsing and writing in one stretch inside one transaction let through about a dozen.
 */
const TURNS = ROWS / 500;

let w: World;
let category = 0;
let admin: Principal;
beforeAll(async () => {
  w = await createWorld();
  category = await createCategory(w, { name: 'Preise' });
  const row = await w.t.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  const principal = await w.app.accounts.principal(row.id);
  if (!principal) throw new Error('no admin');
  admin = principal;
});
afterAll(() => w.t.close());

function csv(rows: number, text: string): Buffer {
  const lines = ['Nummer;Bezeichnung;Hinweis'];
  for (let i = 0; i < rows; i += 1) lines.push(`${i};${text} ${i};"mit; Trenner"`);
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

/** Runs `work` while asking GET /api/settings, one request per event-loop turn; counts the answers. */
async function answersDuring<T>(work: () => Promise<T>): Promise<{ result: T; answers: number }> {
  let done = false;
  const running = work().finally(() => {
    done = true;
  });
  let answers = 0;
  while (!done) {
    // A request arrives as I/O: it waits for the event loop's turn, as a real one would.
    await new Promise((resolve) => setImmediate(resolve));
    const answer = await w.app.inject({ url: API.settings });
    expect(answer.statusCode).toBe(200);
    if (!done) answers += 1;
  }
  return { result: await running, answers };
}

describe('storing a table of 20,000 rows', () => {
  const service = () =>
    createContentService({
      db: w.t.database.db,
      storage: w.app.storage,
      signer: w.app.signer,
      search: w.app.searchIndex,
    });
  const create = () =>
    service().save(
      admin,
      { title: 'Preisliste', categories: [category] },
      {
        filename: 'preise.csv',
        mimetype: 'text/csv',
        data: csv(ROWS, 'Floatglas'),
      },
    );

  it('should keep answering other requests while it creates the table', { timeout: 60_000 }, async () => {
    const { result, answers } = await answersDuring(create);
    expect(result.csvRowCount).toBe(ROWS);
    expect(answers).toBeGreaterThan(TURNS);
  });

  it('should keep answering other requests while it replaces the table', { timeout: 60_000 }, async () => {
    const item = await create();
    const before = await tableCounts(w.t);
    const { result, answers } = await answersDuring(() =>
      service().save(
        admin,
        { id: item.id, title: 'Preisliste', categories: [category] },
        {
          filename: 'neu.csv',
          mimetype: 'text/csv',
          data: csv(ROWS, 'Isolierglas'),
        },
      ),
    );
    expect(result.csvContent?.[1]).toEqual(['0', 'Isolierglas 0', 'mit; Trenner']);
    expect(answers).toBeGreaterThan(TURNS);
    expect(await tableCounts(w.t)).toEqual(before);
  });

  it('should keep answering other requests while it deletes the table', { timeout: 60_000 }, async () => {
    const before = await tableCounts(w.t);
    const item = await create();
    const { answers } = await answersDuring(() => service().remove(admin, item.id));
    expect(answers).toBeGreaterThan(TURNS / 2);
    expect(await tableCounts(w.t)).toEqual(before);
  });
});
