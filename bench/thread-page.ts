/**
 * npm run bench, the forum thread page in headless Chromium against the built app (WEB_DIST, by default
 * apps/web/dist): a thread of 5,000 posts (seeded directly, as in bench/large-data.ts). Medians of 5 runs of a
 * full load of the thread's address until its first 20 posts are visible, the click on the thread in its forum
 * until they are visible (in the app), and the click on 'Letzte Seite' until 'Beiträge 4.981–5.000 von 5.000'
 * and post 5,000 show (issue 19: within 500 ms). Times are taken inside the page (Playwright's own polling would add its latency). Fails on
 * a budget miss.
 */
import { type Browser, chromium, type Page } from '@playwright/test';
import { PAGE_BUDGETS } from './budgets.ts';
import { seedLongThread } from './forum-thread.ts';
import { reportMisses } from './support/budget-report.ts';
import { check, startInProcessApp } from './support/in-process-app.ts';
import { BENCH_API_KEY, freePort, median } from './support/server-process.ts';

const POSTS = 5_000;
const RUNS = 5;
const THREAD_NAME = 'Erfahrungen mit Vakuumisolierglas';
const LAST_RANGE = `Beiträge ${(POSTS - 19).toLocaleString('de-DE')}–${POSTS.toLocaleString('de-DE')} von ${POSTS.toLocaleString('de-DE')}`;

/** A one-time login link, as the association's website fetches it. */
async function loginLink(appUrl: string, username: string): Promise<string> {
  const response = await fetch(`${appUrl}/external/generate/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_API_KEY}` },
    body: JSON.stringify({ username }),
  });
  return ((await response.json()) as { link: string }).link;
}

/**
 * Resolves, inside the page, with the time from the next click (or, without `afterClick`, from navigation
 * start) to the frame after the one in which `selector` first matches `count` elements and `text` (if given) is
 * on the page.
 */
function whenShown(
  page: Page,
  options: { selector: string; count: number; text?: string; afterClick: boolean },
): Promise<number> {
  return page.evaluate(
    ({ selector, count, text, afterClick }) =>
      new Promise<number>((resolve) => {
        let since = afterClick ? -1 : 0;
        if (afterClick) {
          document.addEventListener('click', (event) => (since = event.timeStamp), {
            capture: true,
            once: true,
          });
        }
        const shown = () =>
          since >= 0 &&
          document.querySelectorAll(selector).length >= count &&
          (text === undefined || (document.body.textContent ?? '').includes(text));
        const done = () =>
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - since), 0));
        if (shown()) return done();
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          done();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
    options,
  );
}

const POSTS_SELECTOR = 'article[aria-label^="Beitrag "]';

/**
 * `forget` resets the member's read marker of the thread before each opening: a thread opens at its first
 * unread post (issue 17), and a member who has read all of it lands on the last page, so every run measures
 * the first visit of someone who has read nothing, on page 1.
 */
async function measure(
  browser: Browser,
  appUrl: string,
  thread: { forumId: number; threadId: number },
  forget: () => Promise<void>,
) {
  const { forumId, threadId } = thread;
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const fullLoad: number[] = [];
  const inApp: number[] = [];
  const lastPage: number[] = [];
  try {
    await page.goto(await loginLink(appUrl, 'mitglied'));
    await page.waitForURL(/\/dashboard$/);
    for (let run = 0; run < RUNS; run += 1) {
      // A full load of the thread's address: from navigation start until the first 20 posts are painted.
      await forget();
      await page.goto(`${appUrl}/forum/${forumId}/thread/${threadId}`, { waitUntil: 'domcontentloaded' });
      fullLoad.push(await whenShown(page, { selector: POSTS_SELECTOR, count: 20, afterClick: false }));
      check(
        (await page.getByText(`Beiträge 1–20 von ${POSTS.toLocaleString('de-DE')}`).count()) > 0,
        `the thread opens on posts 1–20 of ${POSTS}`,
      );

      // In the app: the click on the thread in its forum until its first 20 posts are painted.
      await page.goto(`${appUrl}/forum/${forumId}`);
      const link = page.getByRole('link', { name: THREAD_NAME, exact: true });
      await link.waitFor();
      await page.waitForLoadState('networkidle');
      await forget();
      const opened = whenShown(page, { selector: POSTS_SELECTOR, count: 20, afterClick: true });
      await link.click();
      inApp.push(await opened);

      // The click on 'Letzte Seite' until the last 20 posts show.
      const last = page
        .getByRole('navigation', { name: 'Seiten der Beiträge', exact: true })
        .getByRole('button', { name: 'Letzte Seite' });
      await last.waitFor();
      const turned = whenShown(page, {
        selector: `article[aria-label^="Beitrag ${POSTS} von "]`,
        count: 1,
        text: LAST_RANGE,
        afterClick: true,
      });
      await last.click();
      lastPage.push(await turned);
    }
  } finally {
    await page.close();
  }
  return { fullLoad: median(fullLoad), inApp: median(inApp), lastPage: median(lastPage) };
}

async function main(): Promise<void> {
  const port = await freePort();
  const bench = await startInProcessApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const threadId = await seedLongThread(bench.database.db, bench.app.accounts, POSTS);
    const thread = await bench.database.db
      .selectFrom('forumThreads')
      .select('forumId')
      .where('id', '=', threadId)
      .executeTakeFirstOrThrow();
    const appUrl = await bench.app.listen({ port, host: '127.0.0.1' });
    const db = bench.database.db;
    const forget = async () => {
      await db.deleteFrom('forumThreadReaders').where('threadId', '=', threadId).execute();
    };
    const figures = await measure(browser, appUrl, { forumId: thread.forumId, threadId }, forget);
    const budget = PAGE_BUDGETS.longThread;
    console.log(`Thread page, ${POSTS.toLocaleString('de-DE')} posts (median of ${RUNS})`);
    console.table([
      {
        measure: 'full load until the first 20 posts show',
        ms: Math.round(figures.fullLoad),
        budget: `≤ ${budget.fullLoadMs}`,
      },
      {
        measure: 'click in the forum until the first 20 posts show',
        ms: Math.round(figures.inApp),
        budget: `≤ ${budget.inAppMs}`,
      },
      {
        measure: `'Letzte Seite' until posts ${LAST_RANGE.slice('Beiträge '.length)} show`,
        ms: Math.round(figures.lastPage),
        budget: `≤ ${budget.lastPageMs}`,
      },
    ]);
    reportMisses({
      'full load': figures.fullLoad > budget.fullLoadMs,
      'in-app open': figures.inApp > budget.inAppMs,
      'last page': figures.lastPage > budget.lastPageMs,
    });
  } finally {
    await browser.close();
    await bench.close();
  }
}

await main();
