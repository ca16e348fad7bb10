/**
 * Dead code check (`npm test` step `deadcode`): unused files, exports and types in every workspace.
 * Dependencies are left to npm: the contract's zod and the scripts' kysely resolve through the workspaces.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  include: ['files', 'exports', 'nsExports', 'types', 'nsTypes', 'enumMembers', 'duplicates'],
  // An export that its own module uses is alive; only exports nobody uses count as dead.
  ignoreExportsUsedInFile: true,
  workspaces: {
    '.': {
      entry: ['scripts/*.ts', 'bench/*.ts'],
      project: ['scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    },
    'packages/contract': {
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
