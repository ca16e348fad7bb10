/**
 * The calls of bench/scale.ts, each with what it reads in a data set and what its answer must hold, and how
 * the things they name (the busiest event, the longest thread, the fullest media category, the largest table)
 * are found in a data set's database.
 */
import {
  BLOG_API,
  BLOG_PAGE_SIZE,
  CATEGORY_API,
  CONTENT_API,
  CSV_PAGE_SIZE,
  DASHBOARD_API,
  DASHBOARD_EVENT_COUNT,
  DASHBOARD_POST_COUNT,
  EVENTS_API,
  FORUM_API,
  FORUM_POSTS_PAGE_SIZE,
  MEDIA_FILES_PAGE_SIZE,
  mediaFilesPage,
  SEARCH_API,
} from '@portal/contract';
import { check, type InProcessApp } from './in-process-app.ts';

export type Role = 'member' | 'admin';

/** the blog list's deep page (issue 19) */
export const DEEP_PAGE = 500;

/** What a data set holds for the calls that name one thing: found in its database, the largest of each kind. */
export interface Targets {
  event: { id: number; answers: number };
  thread: { id: number; posts: number };
  media: { id: number; files: number };
  table: { id: number; rows: number };
  /** blog list pages per role (the demo has one) */
  blogPages: Record<Role, number>;
}

export interface Call {
  what: string;
  roles: readonly Role[];
  url: (t: Targets, role: Role) => string;
  /** what the call reads in a data set, when it differs between them */
  holds?: (t: Targets, role: Role) => string;
  /** what the answer must hold (its body as text), checked once per data set */
  expect?: (body: string, t: Targets, role: Role) => boolean;
}

const BOTH: readonly Role[] = ['member', 'admin'];
const ADMIN: readonly Role[] = ['admin'];

/** The current month as the calendar asks for it: six weeks from the Monday on or before the 1st (UTC). */
function monthGrid(): string {
  const first = new Date();
  first.setUTCDate(1);
  first.setUTCHours(0, 0, 0, 0);
  const from = new Date(first.getTime() - ((first.getUTCDay() + 6) % 7) * 24 * 60 * 60 * 1000);
  const to = new Date(from.getTime() + 42 * 24 * 60 * 60 * 1000);
  return `${EVENTS_API.list}?${new URLSearchParams({ from: from.toISOString(), to: to.toISOString() })}`;
}

export const CALLS: readonly Call[] = [
  { what: 'dashboard: intro', roles: BOTH, url: () => DASHBOARD_API.intro },
  { what: 'dashboard: quick access', roles: BOTH, url: () => CATEGORY_API.quickAccess },
  { what: 'dashboard: latest posts', roles: BOTH, url: () => BLOG_API.count(DASHBOARD_POST_COUNT) },
  { what: 'dashboard: next events', roles: BOTH, url: () => EVENTS_API.count(DASHBOARD_EVENT_COUNT) },
  { what: "dashboard: 'Neu im Forum'", roles: BOTH, url: () => FORUM_API.unread },
  { what: 'blog list page 1', roles: BOTH, url: () => BLOG_API.list },
  {
    what: `blog list page ${DEEP_PAGE}`,
    roles: BOTH,
    url: (t, role) => `${BLOG_API.list}?page=${Math.min(DEEP_PAGE, t.blogPages[role])}`,
    holds: (t, role) => `page ${Math.min(DEEP_PAGE, t.blogPages[role])} of ${t.blogPages[role]}`,
    expect: (body, t, role) =>
      JSON.parse(body).page === Math.min(DEEP_PAGE, t.blogPages[role]) && JSON.parse(body).items.length > 0,
  },
  { what: 'events listing (no range)', roles: BOTH, url: () => EVENTS_API.list },
  { what: 'events calendar month', roles: BOTH, url: () => monthGrid() },
  {
    what: 'event detail',
    roles: BOTH,
    url: (t) => EVENTS_API.byId(t.event.id),
    holds: (t) => `${t.event.answers} answers`,
  },
  {
    what: 'forum thread first page',
    roles: BOTH,
    url: (t) => `${FORUM_API.thread(t.thread.id)}?pageSize=${FORUM_POSTS_PAGE_SIZE}`,
    holds: (t) => `${t.thread.posts} posts`,
  },
  {
    what: 'forum thread last page',
    roles: BOTH,
    url: (t) => `${FORUM_API.thread(t.thread.id)}?page=last&pageSize=${FORUM_POSTS_PAGE_SIZE}`,
    holds: (t) => `${t.thread.posts} posts`,
    expect: (body, t) => JSON.parse(body).page === Math.ceil(t.thread.posts / FORUM_POSTS_PAGE_SIZE),
  },
  {
    what: 'media category files',
    roles: ADMIN,
    // the first page, as the web app's media page asks for it (issue 19)
    url: (t) => mediaFilesPage(t.media.id, null),
    holds: (t) => `${t.media.files} file${t.media.files === 1 ? '' : 's'}`,
    expect: (body, t) =>
      Object.keys(JSON.parse(body)).length === Math.min(MEDIA_FILES_PAGE_SIZE, t.media.files),
  },
  {
    what: 'participants CSV',
    roles: ADMIN,
    url: (t) => EVENTS_API.participantsCsv(t.event.id),
    holds: (t) => `${t.event.answers} answers`,
    // a line per answer and the header; the demo's decliners may be left out, so at most
    expect: (body, t) => body.trim().split(/\r?\n/).length <= t.event.answers + 1,
  },
  {
    what: 'content rows (middle page)',
    roles: BOTH,
    url: (t) =>
      `${CONTENT_API.rows(t.table.id)}?offset=${Math.floor(t.table.rows / 2 / CSV_PAGE_SIZE) * CSV_PAGE_SIZE}&limit=${CSV_PAGE_SIZE}`,
    holds: (t) => `${t.table.rows} rows`,
    expect: (body, t) => JSON.parse(body).rows.length === Math.min(CSV_PAGE_SIZE, t.table.rows),
  },
  { what: 'search "glas"', roles: BOTH, url: () => `${SEARCH_API.search}?q=glas` },
];

/** The thing of each kind with the most in it: the busiest event (the soonest upcoming of those), … */
export async function findTargets(bench: InProcessApp, headers: Record<Role, Record<string, string>>) {
  const { db } = bench.database;
  const now = Date.now();
  const events = await db
    .selectFrom('eventSubscriptions')
    .innerJoin('events', 'events.id', 'eventSubscriptions.eventId')
    .select(['events.id', 'events.startAt', (eb) => eb.fn.countAll<number>().as('answers')])
    .groupBy(['events.id', 'events.startAt'])
    .execute();
  const most = Math.max(...events.map((event) => Number(event.answers)));
  const busiest = events
    .filter((event) => Number(event.answers) === most)
    .map((event) => ({ id: event.id, at: new Date(event.startAt).getTime() }))
    .sort((a, b) => (a.at < now ? 1e15 : a.at) - (b.at < now ? 1e15 : b.at))[0];
  const thread = await db
    .selectFrom('forumThreads')
    .select(['id', 'postCount'])
    .orderBy('postCount', 'desc')
    .executeTakeFirstOrThrow();
  const media = await db
    .selectFrom('mediaFiles')
    .select(['categoryId', (eb) => eb.fn.countAll<number>().as('files')])
    .groupBy('categoryId')
    .orderBy('files', 'desc')
    .executeTakeFirstOrThrow();
  const table = await db
    .selectFrom('contentItems')
    .select(['id', 'csvRowCount'])
    .orderBy('csvRowCount', 'desc')
    .executeTakeFirstOrThrow();
  const pages = async (role: Role) => {
    const response = await bench.app.inject({ url: BLOG_API.list, headers: headers[role] });
    return Math.max(1, Math.ceil(response.json<{ total: number }>().total / BLOG_PAGE_SIZE));
  };
  check(busiest !== undefined, 'an event with answers');
  return {
    event: { id: busiest.id, answers: most },
    thread: { id: thread.id, posts: thread.postCount },
    media: { id: media.categoryId, files: Number(media.files) },
    table: { id: table.id, rows: table.csvRowCount },
    blogPages: { member: await pages('member'), admin: await pages('admin') },
  } satisfies Targets;
}
