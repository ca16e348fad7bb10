/**
 * Issue 32, point 6: a test file that starts our server, a command-line tool, a PostgreSQL cluster or a slow
 * proxy belongs to the process tier (test/tiers.ts), so that the fast project never waits for a process. A
 * quick tool run with `execFile` (import-boundaries.test.ts lints with Biome) may stay in the fast project.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverDir } from '../helpers/server-process.ts';
import { PROCESS_TIER } from '../tiers.ts';

/** The helpers that start a process (or hold one up), by the module that exports them. */
const STARTERS: Record<string, readonly string[]> = {
  'server-process.ts': ['run', 'runCli', 'startServer'],
  'pg-cluster.ts': ['startCluster'],
  'slow-proxy.ts': ['startSlowProxy'],
  'node:child_process': ['spawn', 'fork'],
};

function testFiles(folder: string): string[] {
  return readdirSync(path.join(serverDir, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `${folder}/${file.split(path.sep).join('/')}`);
}

/** The process-starting helpers a test file imports. */
function startersIn(file: string): string[] {
  const text = readFileSync(path.join(serverDir, file), 'utf8');
  const imports = text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(?:[^']*\/)?([\w:-]+(?:\.ts)?)'/g);
  return [...imports].flatMap(([, names = '', module = '']) =>
    names
      .split(',')
      .map((name) => name.trim().replace(/^type\s+/, ''))
      .filter((name) => STARTERS[module]?.includes(name)),
  );
}

describe('the test tiers', () => {
  const files = [...testFiles('test'), ...testFiles('src')];

  it('should list in the process tier every file that starts a process', () => {
    const missing = files.filter((file) => !PROCESS_TIER.includes(file) && startersIn(file).length > 0);
    expect(missing).toEqual([]);
  });

  it('should list only test files that exist', () => {
    expect(PROCESS_TIER.filter((file) => !files.includes(file))).toEqual([]);
  });
});
