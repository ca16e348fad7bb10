/**
 * npm run bench, part 2: pages in headless Chromium against the real app. The content page with a
 * 50,000 × 12 table: the time from navigation until the first rows are visible, the input-to-paint latency of
 * each search keystroke, and the time from the last keystroke until the results show. The blog list: the time
 * from a click on 'Neuer Beitrag' until the post form's editor shows (its chunk is preloaded). Fails on a
 * budget miss.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { buildApp } from '../apps/server/src/app.ts';
import { seedDemoData } from '../apps/server/src/cli/demo-data.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/platform/db/database.ts';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.ts';
import { PAGE_BUDGETS } from './budgets.ts';
import { reportMisses } from './support/budget-report.ts';
import { BENCH_API_KEY as API_KEY, freePort, median } from './support/server-process.ts';

const ROWS = 50_000;
const COLUMNS = 12;
const SEARCH = 'Z-047110';

function largeCsv(): string {
  const header = Array.from({ length: COLUMNS }, (_, c) => `Spalte ${c + 1}`).join(';');
  const lines = [header];
  for (let row = 1; row <= ROWS; row += 1) {
    const cells = [`Z-${String(row).padStart(6, '0')}`];
    for (let c = 1; c < COLUMNS; c += 1) cells.push(`Wert ${row}.${c} Flachglas`);
    lines.push(cells.join(';'));
  }
  return lines.join('\r\n');
}

/** A one-time login link, as the association's website fetches it. */
async function loginLink(appUrl: string, username: string): Promise<string> {
  const response = await fetch(`${appUrl}/external/generate/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` },
    body: JSON.stringify({ username }),
  });
  return ((await response.json()) as { link: string }).link;
}

async function accessToken(appUrl: string, username: string): Promise<string> {
  const token = new URL(await loginLink(appUrl, username)).searchParams.get('token');
  const pair = (await (await fetch(`${appUrl}/api/auth/login?token=${token}`)).json()) as { token: string };
  return pair.token;
}

/** A category with one content item holding the large table, created through the API as an admin would. */
async function createLargeTable(appUrl: string, token: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const groups = (await (await fetch(`${appUrl}/api/contentCategory/formData`, { headers })).json()) as {
    defaultUserGroups: number[];
  };
  const tree = (await (
    await fetch(`${appUrl}/api/contentCategory/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        contentCategory: { name: 'Bench', type: 'content', visibleForUserGroups: groups.defaultUserGroups },
      }),
    })
  ).json()) as { id: number; name: string }[];
  const categoryId = tree.find((node) => node.name === 'Bench')?.id;
  if (!categoryId) throw new Error('bench category not created');
  const form = new FormData();
  form.set('content', JSON.stringify({ title: 'Große Tabelle', categories: [categoryId] }));
  form.set('csvFile', new File([largeCsv()], 'gross.csv', { type: 'text/csv' }));
  const saved = await fetch(`${appUrl}/api/content/`, { method: 'POST', headers, body: form });
  if (!saved.ok) throw new Error(`table not saved: ${saved.status} ${await saved.text()}`);
  return categoryId;
}

/**
 * An admin on the blog list, the browser idle (when the app preloads the post form, its editor and its data),
 * clicks 'Neuer Beitrag': the time from the click event until the frame that first paints the form's editor,
 * measured inside the page (Playwright's own click and polling would add their latency).
 */
async function postFormOpenMs(browser: Browser, appUrl: string): Promise<number> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(await loginLink(appUrl, 'admin'));
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${appUrl}/blog`);
    const button = page.getByRole('button', { name: 'Neuer Beitrag' });
    await button.waitFor();
    await page.waitForLoadState('networkidle');
    const opened = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let clickedAt = 0;
          document.addEventListener('click', (event) => (clickedAt = event.timeStamp), {
            capture: true,
            once: true,
          });
          const observer = new MutationObserver(() => {
            if (!clickedAt || !document.querySelector('[role="dialog"] [contenteditable="true"]')) return;
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - clickedAt), 0));
          });
          observer.observe(document.body, { childList: true, subtree: true });
        }),
    );
    await button.click();
    return Math.round(await opened);
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-page-'));
  const port = await freePort();
  const config = loadConfig({
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    EXTERNAL_API_KEY: API_KEY,
    UPLOAD_LIMIT_MB: '50',
  });
  const database = createDatabase(config.database);
  await migrateToLatest(database);
  const app = await buildApp(config, { database });
  await seedDemoData(app.accounts, {
    db: database.db,
    storage: app.storage,
    signer: app.signer,
    search: app.searchIndex,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const appUrl = await app.listen({ port, host: '127.0.0.1' });
    const categoryId = await createLargeTable(appUrl, await accessToken(appUrl, 'admin'));
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(await loginLink(appUrl, 'mitglied'));
    await page.waitForURL(/\/dashboard$/);

    const started = Date.now();
    await page.goto(`${appUrl}/content/${categoryId}`);
    const table = page.getByRole('table', { name: 'Tabelle: Große Tabelle' });
    await table.getByRole('cell', { name: 'Z-000001', exact: true }).waitFor();
    const firstRowsMs = Date.now() - started;

    // Input-to-paint latency: from each input event to the frame after it, measured inside the page.
    await page.evaluate(() => {
      const latencies: number[] = [];
      (window as unknown as { benchLatencies: number[] }).benchLatencies = latencies;
      document.addEventListener('input', (event) => {
        const at = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => latencies.push(performance.now() - at), 0));
      });
    });
    const search = page.getByRole('searchbox', { name: 'Suchen' });
    await search.click();
    await search.pressSequentially(SEARCH);
    const typed = Date.now();
    await page.getByText(/von 1$/).waitFor();
    const resultsMs = Date.now() - typed;
    const latencies = await page.evaluate(
      () => (window as unknown as { benchLatencies: number[] }).benchLatencies,
    );

    const postFormMs = await postFormOpenMs(browser, appUrl);

    const keystrokeMs = median(latencies);
    const worstKeystrokeMs = Math.max(...latencies);
    const budget = PAGE_BUDGETS.contentPage;
    console.table([
      {
        measure: `first rows visible (${ROWS.toLocaleString('de-DE')} × ${COLUMNS})`,
        ms: firstRowsMs,
        budget: `≤ ${budget.firstRowsMs}`,
      },
      {
        measure: 'search keystroke, input to paint (median)',
        ms: Math.round(keystrokeMs),
        budget: `≤ ${budget.keystrokeMs}`,
      },
      { measure: 'search keystroke, input to paint (worst)', ms: Math.round(worstKeystrokeMs), budget: '' },
      { measure: 'results after the last keystroke', ms: resultsMs, budget: `≤ ${budget.searchResultsMs}` },
      {
        measure: "post form open ('Neuer Beitrag' to editor)",
        ms: postFormMs,
        budget: `≤ ${PAGE_BUDGETS.postForm.openMs}`,
      },
    ]);
    reportMisses({
      'first rows': firstRowsMs > budget.firstRowsMs,
      keystroke: keystrokeMs > budget.keystrokeMs,
      'search results': resultsMs > budget.searchResultsMs,
      'post form': postFormMs > PAGE_BUDGETS.postForm.openMs,
    });
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
