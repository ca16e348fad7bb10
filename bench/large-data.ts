/**
 * The large-data scenarios, timed in this process through `inject` on SQLite: a 100,000 × 12 table (upload,
 * content page, a page deep inside, searches, every row in bounded pages, delete) and a forum thread of 2,000
 * posts (first, last and a middle page, its forum). Every answer is checked as the API tests check the small
 * versions (test/content/table-rows.test.ts, test/forums/forum-thread-pages.test.ts); each step has a budget
 * in bench/budgets.ts. `--only table` or `--only thread` runs one of them.
 */
import { parseArgs } from 'node:util';
import {
  CONTENT_API,
  CSV_PAGE_SIZE,
  CSV_ROWS_PAGE_MAX,
  FORUM_API,
  type TContentItem,
  type TContentRows,
  type TForum,
  type TForumThread,
} from '@portal/contract';
import { priceListCsv } from '../apps/server/test/helpers/generated-files.ts';
import { multipartBody } from '../apps/server/test/helpers/multipart.ts';
import { LARGE_TABLE_BUDGETS, LONG_THREAD_BUDGETS } from './budgets.ts';
import { seedLongThread } from './forum-thread.ts';
import {
  check,
  createCategory,
  createStopwatch,
  type InProcessApp,
  startInProcessApp,
} from './support/in-process-app.ts';

const ROWS = 100_000;
const NEEDLE_ROW = 77_777;
const THREAD_POSTS = 2000;
const MINUTE = 60 * 1000;

async function json<T>(bench: InProcessApp, url: string, headers: Record<string, string>): Promise<T> {
  const response = await bench.app.inject({ url, headers });
  check(response.statusCode === 200, `GET ${url} answered ${response.statusCode}`);
  return response.json<T>();
}

async function largeTable(bench: InProcessApp): Promise<void> {
  const watch = createStopwatch(LARGE_TABLE_BUDGETS);
  const admin = await bench.login('admin');
  const member = await bench.login('mitglied');
  const category = await createCategory(bench, admin, 'Preise');

  const body = await multipartBody(
    {
      content: JSON.stringify({ title: 'Preisliste', categories: [category] }),
      csvFile: {
        filename: 'gross.csv',
        data: priceListCsv(ROWS, { row: NEEDLE_ROW, text: 'Nadel im Heuhaufen' }),
      },
    },
    'text/csv',
  );
  const saved = await watch.time('uploadMs', () =>
    bench.app.inject({
      method: 'POST',
      url: CONTENT_API.save,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    }),
  );
  check(saved.statusCode === 200, `upload answered ${saved.statusCode} ${saved.body}`);
  const item = saved.json<TContentItem>();
  check(item.csvRowCount === ROWS, `${item.csvRowCount} rows stored`);
  check(item.csvContent?.length === 1 + CSV_PAGE_SIZE, 'the first page with the header');

  const listed = await watch.time('contentPageMs', () =>
    json<TContentItem[]>(bench, CONTENT_API.byCategory(category), member),
  );
  check(listed[0]?.csvContent?.length === 1 + CSV_PAGE_SIZE, 'the content page holds only the first page');
  const rows = (query: string) => json<TContentRows>(bench, `${CONTENT_API.rows(item.id)}${query}`, member);
  const page = await watch.time('pageMs', () => rows('?offset=50000&limit=250'));
  check(page.rows.length === 250 && page.rows[0]?.[0] === 'FG-50000', 'page from row 50,000');
  const search = await watch.time('searchMs', () => rows('?q=nadel%20im'));
  check(search.total === 1 && search.rows[0]?.[0] === `FG-${NEEDLE_ROW}`, 'the one row searched for');
  const broad = await watch.time('searchManyMs', () => rows('?q=typ%2042&limit=250'));
  check(broad.total === 1031 && broad.rows.length === 250, 'a search with 1,031 hits, one page of them');
  const all = await watch.time('allRowsInPagesMs', async () => {
    const found: TContentRows['rows'] = [];
    for (let offset = 0; offset < ROWS; offset += CSV_ROWS_PAGE_MAX) {
      found.push(...(await rows(`?offset=${offset}&limit=${CSV_ROWS_PAGE_MAX}`)).rows);
    }
    return found;
  });
  check(
    all.length === ROWS && all.every((row, index) => row[0] === `FG-${index}`),
    'every row once, in order',
  );
  const deleted = await watch.time('deleteMs', () =>
    bench.app.inject({ method: 'DELETE', url: CONTENT_API.byId(item.id), headers: admin }),
  );
  check(deleted.statusCode === 204, `delete answered ${deleted.statusCode}`);
  watch.report(`A table of ${ROWS.toLocaleString('en')} × 12 (SQLite, in process):`);
}

async function longThread(bench: InProcessApp): Promise<void> {
  const watch = createStopwatch(LONG_THREAD_BUDGETS);
  const member = await bench.login('mitglied');
  const threadId = await seedLongThread(bench.database.db, bench.app.accounts, THREAD_POSTS);
  const read = (query = '') => json<TForumThread>(bench, `${FORUM_API.thread(threadId)}${query}`, member);
  /** The seed writes the posts a minute apart, the first one first. */
  const minutesIn = (post: { createdAt: string } | undefined, first: string) =>
    (Date.parse(post?.createdAt ?? '') - Date.parse(first)) / MINUTE;

  const firstPage = await watch.time('firstPageMs', () => read());
  check(
    firstPage.postCount === THREAD_POSTS && firstPage.pageCount === 100 && firstPage.pageSize === 20,
    'page 1 of 100 pages of 20',
  );
  const start = firstPage.posts[0]?.createdAt ?? '';
  check(firstPage.posts.length === 20 && firstPage.posts[0]?.first === true, 'the first 20 posts');
  const last = await watch.time('lastPageMs', () => read('?page=last'));
  check(last.page === 100 && last.posts.length === 20, 'page 100 with 20 posts');
  check(minutesIn(last.posts.at(-1), start) === THREAD_POSTS - 1, 'the newest post last');
  const middle = await watch.time('middlePageMs', () => read('?page=50&pageSize=40'));
  check(middle.posts.length === 40 && minutesIn(middle.posts[0], start) === 49 * 40, 'page 50 of 40 posts');
  const forum = await watch.time('forumMs', () =>
    json<TForum>(bench, FORUM_API.byId(firstPage.forumId), member),
  );
  const summary = forum.threads.find((thread) => thread.id === threadId);
  check(summary?.replyCount === THREAD_POSTS - 1, `${summary?.replyCount} replies in the forum`);
  check(
    minutesIn(summary?.lastReply ?? undefined, start) === THREAD_POSTS - 1,
    'the newest post as last reply',
  );
  watch.report(`A forum thread of ${THREAD_POSTS.toLocaleString('en')} posts (SQLite, in process):`);
}

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const bench = await startInProcessApp();
try {
  if (values.only !== 'thread') await largeTable(bench);
  if (values.only !== 'table') await longThread(bench);
} finally {
  await bench.close();
}
