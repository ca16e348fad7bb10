import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { copyId, ZOD_MINI_COPY, zodMiniCopy } from './zod-mini-copy';

const webRoot = path.resolve(import.meta.dirname, '..');
const folder = mkdtempSync(path.join(tmpdir(), 'zod-mini-copy-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Bundles `code` (an entry in apps/web, so that zod resolves as in the app) with the plugin; its module ids. */
async function bundle(code: string): Promise<{ file: string; ids: string[] }> {
  const entry = path.join(webRoot, `.zod-mini-copy-${process.pid}.ts`);
  writeFileSync(entry, code);
  try {
    const output = (await build({
      configFile: false,
      logLevel: 'silent',
      root: webRoot,
      plugins: [zodMiniCopy()],
      build: {
        outDir: folder,
        emptyOutDir: true,
        minify: false,
        lib: { entry, formats: ['es'], fileName: 'bundle' },
      },
    })) as Rollup.RollupOutput[];
    const chunk = output[0]?.output[0];
    if (chunk?.type !== 'chunk') throw new Error('no chunk');
    return { file: path.join(folder, chunk.fileName), ids: Object.keys(chunk.modules) };
  } finally {
    rmSync(entry, { force: true });
  }
}

describe('zod/mini with a copy of the core of its own (web build)', () => {
  it('names only zod modules as copies', () => {
    expect(copyId('/x/node_modules/zod/v4/core/schemas.js')).toBe(
      `/x/node_modules/zod/v4/core/schemas.js${ZOD_MINI_COPY}`,
    );
    expect(copyId('/x/node_modules/react/index.js')).toBeNull();
  });

  it('serves zod/mini and what it reaches as copies, classic zod as it is, and they work together', async () => {
    const { file, ids } = await bundle(`
      import { z } from 'zod';
      import * as zm from 'zod/mini';
      const ZAnswer = zm.object({ id: zm.int(), name: zm.nullable(zm.string()) });
      const ZPage = z.object({ items: z.array(ZAnswer), total: z.number().int() });
      export const good = ZPage.safeParse({ items: [{ id: 1, name: null }], total: 1 });
      export const bad = ZPage.safeParse({ items: [{ id: 1.5, name: 2 }], total: 1 });
      export const miniBad = ZAnswer.safeParse({ id: 'x', name: null }).success;
      export const isSchema = ZAnswer instanceof z.ZodType || ZAnswer instanceof z.core.$ZodType;
    `);
    const zodIds = ids.filter((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id));
    const copies = zodIds.filter((id) => id.endsWith(ZOD_MINI_COPY));
    expect(copies.some((id) => /[\\/]mini[\\/]schemas\.js\?zod-mini$/.test(id))).toBe(true);
    expect(copies.some((id) => /[\\/]core[\\/]schemas\.js\?zod-mini$/.test(id))).toBe(true);
    // classic zod and its own core, untouched
    expect(zodIds.some((id) => /[\\/]core[\\/]schemas\.js$/.test(id))).toBe(true);
    expect(copies.some((id) => /[\\/]classic[\\/]/.test(id))).toBe(false);

    const result = (await import(pathToFileURL(file).href)) as {
      good: { success: boolean; data?: unknown };
      bad: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } };
      miniBad: boolean;
      isSchema: boolean;
    };
    expect(result.good).toMatchObject({ success: true, data: { items: [{ id: 1, name: null }], total: 1 } });
    expect(result.bad.success).toBe(false);
    expect(result.bad.error?.issues.map((issue) => issue.path)).toEqual([
      ['items', 0, 'id'],
      ['items', 0, 'name'],
    ]);
    expect(result.miniBad).toBe(false);
    expect(result.isSchema).toBe(true);
  });
});
