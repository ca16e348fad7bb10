import { configDefaults, defineConfig } from 'vitest/config';
import { apiTier, PROCESS_TIER } from './test/tiers.ts';

const postgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;
const tier = apiTier(process.env.API_TIER);
const database = postgres ? 'PostgreSQL' : 'SQLite';

export default defineConfig({
  test: {
    name: tier === 'process' ? `api processes and faults (${database})` : `api (${database})`,
    include: tier === 'process' ? PROCESS_TIER : ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: tier === 'main' ? [...configDefaults.exclude, ...PROCESS_TIER] : configDefaults.exclude,
    globalSetup: ['test/helpers/global-setup.ts'],
    // Passwords are hashed with N=2^14 instead of 2^17 in tests: same code, an eighth of the memory and time.
    env: { SCRYPT_COST: '14' },
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
