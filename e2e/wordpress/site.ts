/**
 * The WordPress site of the plugin's end-to-end test (scripts/setup-wordpress-site.sh) as the specs see it.
 * playwright.wordpress.config.ts sets the ports before the workers start.
 */
import { existsSync } from 'node:fs';

export const SITE_PORT = Number(process.env.WORDPRESS_SITE_PORT ?? 18590);
export const SITE_ORIGIN = `http://127.0.0.1:${SITE_PORT}`;
/** The page with [portal]; `/portal-block/` has the block. */
export const PORTAL_PAGE = `${SITE_ORIGIN}/mitgliederportal/`;
export const BLOCK_PAGE = `${SITE_ORIGIN}/portal-block/`;
/** The password of the site's users: `wpadmin`, `verwalterin-wp` (German), `erika-wp` (editor), `paul-wp`, `gast-wp`. */
export const USER_PASSWORD = 'wp-e2e-Passwort-2026';
/** Where php-fpm writes the plugin's error_log lines. */
export const PHP_ERROR_LOG = '/tmp/wordpress-portal-e2e/php-error.log';

/** Why the test cannot run here, or undefined when it can. */
export function skipReason(): string | undefined {
  if (!existsSync('/usr/share/wordpress/wp-load.php'))
    return "Debian's WordPress is not installed (apt-get install wordpress nginx php-fpm php-mysql mariadb-server; .ci/run does)";
  if (process.getuid?.() !== 0)
    return 'scripts/setup-wordpress-site.sh needs root (it starts nginx, php-fpm and MariaDB)';
  return undefined;
}
