/**
 * Builds the plugin's zip and sets the WordPress site up with it (scripts/setup-wordpress-site.sh), unless
 * WordPress is missing: then the reason is printed and the specs skip.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ORIGIN, EXTERNAL_API_KEY } from '../support/origins.ts';
import { SITE_PORT, skipReason, USER_PASSWORD } from './site.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default function globalSetup(): void {
  const reason = skipReason();
  if (reason) {
    console.warn(`[wordpress] the WordPress plugin's end-to-end test is skipped: ${reason}`);
    return;
  }
  execFileSync(process.execPath, ['scripts/build-wordpress.ts'], { cwd: root, stdio: 'inherit' });
  execFileSync('bash', ['scripts/setup-wordpress-site.sh'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      WORDPRESS_SITE_PORT: String(SITE_PORT),
      PORTAL_URL: APP_ORIGIN,
      PORTAL_API_KEY: EXTERNAL_API_KEY,
      WORDPRESS_USER_PASSWORD: USER_PASSWORD,
    },
  });
}
