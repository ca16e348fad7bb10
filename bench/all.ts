/**
 * npm run bench: every benchmark, one after the other, each printing its figures next to its budgets. A missed
 * budget fails the whole run at the end, after all have printed, so that one miss hides no other figure.
 * `node bench/all.ts scale memory` runs only the benches whose file names hold one of the words.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const BENCHES = [
  'run.ts',
  'large-data.ts',
  'search.ts',
  'search-quality.ts',
  'content-page.ts',
  'thread-page.ts',
  'password-burst.ts',
  'heavy-upload.ts',
  'parallel-uploads.ts',
  'admin-members.ts',
  'mentionable.ts',
  'companies.ts',
  'scale.ts',
  'memory.ts',
  'wordpress-peer.ts',
  'bundle-size.ts',
  'first-load.ts',
] as const;

const words = process.argv.slice(2);
const chosen = BENCHES.filter((file) => words.length === 0 || words.some((word) => file.includes(word)));
const failed: string[] = [];
for (const file of chosen) {
  console.log(`\n=== bench/${file}`);
  const { status } = spawnSync(process.execPath, [path.join(import.meta.dirname, file)], {
    stdio: 'inherit',
  });
  if (status !== 0) failed.push(`bench/${file}`);
}
if (failed.length > 0) {
  console.error(`\nBudgets missed or benches failed: ${failed.join(', ')}.`);
  process.exitCode = 1;
} else {
  console.log(`\nAll ${chosen.length} benches kept their budgets.`);
}
