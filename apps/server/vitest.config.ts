import { defineConfig } from 'vitest/config';

const postgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;

export default defineConfig({
  test: {
    name: postgres ? 'api (PostgreSQL)' : 'api (SQLite)',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
