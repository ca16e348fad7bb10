/**
 * npm run bench, the first load's weight (issue 19 point 3): what the browser downloads of the built app
 * (apps/web/dist after `npm run build`, or `--dist <folder>`; this bench builds nothing) until a screen has
 * loaded, in headless Chromium on a fresh cache, summed as gzipped JS and CSS:
 * - the login screen (/login, the username/password form);
 * - the member dashboard after a one-time link (how members arrive from the association's website);
 * - the member dashboard after the login form (the login screen, then the dashboard: both together).
 * Each file is gzipped here at level 9 from the build folder (as Vite's build report), since the server may
 * send it uncompressed. Prints every file per screen and fails above BUNDLE_BUDGETS. docs/bundle.md tells
 * what the chunks hold.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { BUNDLE_BUDGETS } from './budgets.ts';
import { reportMisses } from './support/budget-report.ts';
import {
  installScreenProbe,
  launchChromium,
  loginLink,
  REPO_ROOT,
  screenShown,
  serveBuiltApp,
  type TScreen,
} from './support/first-screen.ts';

const { values } = parseArgs({ options: { dist: { type: 'string' }, verbose: { type: 'boolean' } } });
const dist = path.resolve(values.dist ?? path.join(REPO_ROOT, 'apps/web/dist'));

interface TWeight {
  files: { file: string; gzipKb: number }[];
  gzipKb: number;
}

/** The gzipped size of the app's own JS and CSS among `urls`, read from the build folder. */
function weigh(appUrl: string, urls: readonly string[]): TWeight {
  const files = [
    ...new Set(
      urls
        .filter((url) => url.startsWith(appUrl))
        .map((url) => new URL(url).pathname)
        .filter((pathname) => /\.(js|css)$/.test(pathname)),
    ),
  ].map((pathname) => {
    const bytes = readFileSync(path.join(dist, pathname));
    return { file: pathname, gzipKb: gzipSync(bytes, { level: 9 }).length / 1024 };
  });
  files.sort((a, b) => b.gzipKb - a.gzipKb);
  return { files, gzipKb: files.reduce((sum, file) => sum + file.gzipKb, 0) };
}

/** Opens `address` in a fresh browser context (empty cache) and waits for `screen`; what it asked for. */
async function coldLoad(browser: Browser, address: string, screen: TScreen): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await installScreenProbe(page);
    await page.goto(address, { waitUntil: 'commit' });
    return (await screenShown(page, screen)).assets;
  } finally {
    await context.close();
  }
}

/** The login screen, then the form filled in and sent, until the dashboard has loaded; all it asked for. */
async function loginThenDashboard(browser: Browser, appUrl: string): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await installScreenProbe(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${appUrl}/login`, { waitUntil: 'commit' });
    const login = await screenShown(page, 'login');
    await page.getByLabel('Benutzername').fill('mitglied');
    await page.getByLabel(/^Passwort\s*\*?$/).fill('portal-demo');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    // The form follows the login link: a new document, which the browser loads from its cache where it can.
    const dashboard = await screenShown(page, 'dashboard');
    return [...login.assets, ...dashboard.assets];
  } finally {
    await context.close();
  }
}

function kb(value: number): string {
  return value.toFixed(1);
}

async function main(): Promise<void> {
  const app = await serveBuiltApp(dist);
  const browser = await launchChromium();
  try {
    const login = weigh(app.url, await coldLoad(browser, `${app.url}/login`, 'login'));
    const dashboard = weigh(
      app.url,
      await coldLoad(browser, await loginLink(app.url, 'mitglied'), 'dashboard'),
    );
    const viaForm = weigh(app.url, await loginThenDashboard(browser, app.url));
    const budget = BUNDLE_BUDGETS;
    console.log(`First load, gzipped JS and CSS of ${path.relative(process.cwd(), dist) || dist}`);
    console.table([
      {
        screen: 'login screen',
        files: login.files.length,
        kb: kb(login.gzipKb),
        budget: `≤ ${budget.loginKb}`,
      },
      {
        screen: 'dashboard after a one-time link',
        files: dashboard.files.length,
        kb: kb(dashboard.gzipKb),
        budget: `≤ ${budget.dashboardKb}`,
      },
      {
        screen: 'login screen, then the form, then the dashboard',
        files: viaForm.files.length,
        kb: kb(viaForm.gzipKb),
        budget: `≤ ${budget.dashboardKb}`,
      },
    ]);
    if (values.verbose) {
      for (const [name, weight] of Object.entries({ login, dashboard, viaForm })) {
        console.log(`\n${name}`);
        for (const file of weight.files) console.log(`${kb(file.gzipKb).padStart(7)}  ${file.file}`);
      }
    }
    reportMisses({
      'login screen': login.gzipKb > budget.loginKb,
      'dashboard after a one-time link': dashboard.gzipKb > budget.dashboardKb,
      'dashboard after the login form': viaForm.gzipKb > budget.dashboardKb,
    });
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
