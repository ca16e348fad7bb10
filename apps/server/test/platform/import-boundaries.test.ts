/**
 * Issue 15, point 1: the import boundaries of biome.jsonc refuse what they should. Each case is a file at a
 * real place of the tree, linted with the project's own configuration in a copy of that place (nothing is
 * written into the checkout, so the lint step of `npm test` never meets these files).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDir } from '../helpers/server-process.ts';

const root = path.resolve(serverDir, '../..');
const biome = path.join(root, 'node_modules/.bin/biome');

/** file → its text; the files that must be refused and those that must pass */
const REFUSED: Record<string, string> = {
  'apps/server/src/platform/auth/up.ts': "export { a } from '../../features/blog/index.ts';",
  'apps/server/src/features/blog/near.ts': "export { a } from '../content/content.service.ts';",
  'apps/server/src/features/blog/deep.ts': "export { a } from '../../features/content/content.service.ts';",
  'apps/server/src/features/blog/sub/inner.ts': "export { a } from '../../content/content.repository.ts';",
  'apps/web/src/features/blog/components/frame.ts': "export { a } from '../../../app/frame/frame.tsx';",
  'apps/web/src/features/blog/components/other.ts': "export { a } from '../../content/api/get-item.ts';",
  'apps/web/src/components/feature.ts': "export { a } from '../features/blog/index.ts';",
  'apps/server/src/features/blog/fixture.ts': "export { a } from '../../../test-fixtures/data.ts';",
};
const ALLOWED: Record<string, string> = {
  'apps/server/src/features/blog/through-index.ts': "export { a } from '../content/index.ts';",
  'apps/server/src/features/blog/deep-index.ts': "export { a } from '../../features/content/index.ts';",
  'apps/web/src/features/blog/components/own.ts': "export { a } from '../api/get-posts.ts';",
};
/** two modules that import each other */
const CYCLE: Record<string, string> = {
  'apps/server/src/features/blog/cycle-a.ts': "import { b } from './cycle-b.ts';\nexport const a = b;",
  'apps/server/src/features/blog/cycle-b.ts': "import { a } from './cycle-a.ts';\nexport const b = a;",
};

interface Diagnostic {
  category: string;
  location: { path: string };
}

let dir = '';
let refusedFiles = new Map<string, string[]>();
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-boundaries-'));
  copyFileSync(path.join(root, 'biome.jsonc'), path.join(dir, 'biome.jsonc'));
  for (const [file, text] of Object.entries({ ...REFUSED, ...ALLOWED, ...CYCLE })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${text}\n`);
  }
  const run = await promisify(execFile)(biome, ['lint', '--vcs-enabled=false', '--reporter=json', '.'], {
    cwd: dir,
  }).catch((error: { stdout: string }) => error);
  const diagnostics = (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
  refusedFiles = new Map();
  for (const diagnostic of diagnostics)
    refusedFiles.set(diagnostic.location.path, [
      ...(refusedFiles.get(diagnostic.location.path) ?? []),
      diagnostic.category,
    ]);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('import boundaries (biome.jsonc)', () => {
  it('should refuse platform → feature, a feature past another one’s index.ts, web features → app/, and test-fixtures', () => {
    for (const file of Object.keys(REFUSED))
      expect(refusedFiles.get(file), file).toContain('lint/style/noRestrictedImports');
  });

  it('should refuse an import cycle', () => {
    expect(refusedFiles.get('apps/server/src/features/blog/cycle-a.ts')).toContain(
      'lint/suspicious/noImportCycles',
    );
  });

  it('should let a feature import another through its index.ts and its own files as it likes', () => {
    for (const file of Object.keys(ALLOWED)) expect(refusedFiles.get(file), file).toBeUndefined();
  });
});
