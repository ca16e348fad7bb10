/**
 * Dead code check (`npm test` step `deadcode`): unused files, exports and types in every workspace.
 * Dependencies are left to npm: the contract's zod and the scripts' kysely resolve through the workspaces.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  include: ['files', 'exports', 'nsExports', 'types', 'nsTypes', 'enumMembers', 'duplicates'],
  // An export that only its own module uses is dead too: the export goes, the declaration stays.
  ignoreExportsUsedInFile: false,
  workspaces: {
    '.': {
      // bench/memory.ts and bench/run.ts start server-with-memory.ts and bare-server.ts by their paths;
      // playwright.wordpress.config.ts names its global setup and teardown, which knip's plugin does not read
      entry: [
        'playwright.wordpress.config.ts',
        'e2e/wordpress/global-*.ts',
        'scripts/*.ts',
        'bench/*.ts',
        'bench/support/server-with-memory.ts',
        'bench/support/bare-server.ts',
      ],
      project: ['scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    },
    'packages/contract': {
      // The contract's index.ts is its package entry: what no workspace imports from it is dead all the same.
      includeEntryExports: true,
      project: ['src/**/*.ts'],
    },
    'apps/server': {
      // migrate.ts hands the migration modules to Kysely, which calls their `up`; vitest.config.ts names
      // the global setup, which knip's vitest plugin does not pick up.
      entry: ['src/cli/*.ts', 'src/platform/db/migrations/*.ts', 'test/helpers/global-setup.ts'],
      project: ['src/**/*.ts', 'test/**/*.ts'],
    },
    'apps/web': {
      project: ['src/**/*.{ts,tsx}'],
    },
  },
};

export default config;
