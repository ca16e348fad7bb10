import { defineConfig } from 'vitest/config';

const postgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;

export default defineConfig({
  test: {
    name: postgres ? 'api (PostgreSQL)' : 'api (SQLite)',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
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
