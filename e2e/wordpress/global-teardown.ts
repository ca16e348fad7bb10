/** Stops the WordPress site's nginx and php-fpm, and MariaDB when the setup started it. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { skipReason } from './site.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default function globalTeardown(): void {
  if (skipReason()) return;
  execFileSync('bash', ['scripts/setup-wordpress-site.sh', 'stop'], { cwd: root, stdio: 'inherit' });
}
