import { configDefaults, defineConfig } from 'vitest/config';
import { PROCESS_TIER } from './test/tiers.ts';

const database = process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite';

/**
 * Two projects, the tiers of test/tiers.ts: `api-fast` (the app through `inject`, in process) and
 * `api-process` (servers and command-line tools as processes of their own, faults held on purpose).
 * `vitest run` runs both; `npm test` runs each as a step of its own (`--project 'api-fast*'`).
 */
export default defineConfig({
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    // Passwords are hashed with N=2^14 instead of 2^17 in tests: same code, an eighth of the memory and time.
    env: { SCRYPT_COST: '14' },
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: `api-fast (${database})`,
          // the benches' own unit tests (bench/support/**) run here too: the repository's one Vitest setup
          include: ['test/**/*.test.ts', 'src/**/*.test.ts', '../../bench/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...PROCESS_TIER],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: `api-process (${database})`,
          include: PROCESS_TIER,
          // a process starts, migrates and stops in a few seconds alone, several times that on a busy machine
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
