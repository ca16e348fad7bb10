/** The page's clock in specs that measure the app's own timers (banners, confirmations). */
import type { Page } from '@playwright/test';

/**
 * Stops the page's clock, installed with `page.clock.install()`, so that from then on it moves only by
 * `page.clock.runFor()`. Pausing can only jump forward, and on a busy machine the call may arrive seconds
 * after the page's time was read, so the jump goes a minute ahead. It fires the timers due until then, none
 * of which matter to a settled page (the session lasts 40 minutes).
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 60_000);
}
