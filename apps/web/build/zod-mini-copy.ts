/**
 * Vite plugin of the web build: `zod/mini` with a copy of zod's core of its own (decision 0097).
 *
 * The answers the frame and the dashboard check before they show are zod/mini schemas in the contract, so
 * that their first load needs only the few schema kinds they use. zod/mini and classic zod share one core,
 * though, and a bundler puts a module into the build once, shaken against everything that uses it: with the
 * forms' classic schemas in the same build, the core the first load loads held every schema kind anyway
 * (14.7 KB of the 20.1 KB zod weighed before). For the build, this plugin serves `zod/mini` and every zod
 * module it reaches as `<file>?zod-mini`: modules of their own, shaken against zod/mini's users alone. The
 * screens with classic schemas load classic zod and its core as before. Both copies keep their settings
 * and registry on `globalThis` (zod does so for packages that bring their own copy) and recognise each
 * other's schemas (`instanceof` asks a schema's traits), so a classic schema may hold a zod/mini one. The
 * sources stay as they are; `npm run dev`, the server and the tests use zod as installed.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export const ZOD_MINI_COPY = '?zod-mini';

const ZOD_FILE = /[\\/]node_modules[\\/]zod[\\/].*\.js$/;

/** The id of the copy of a zod module (null for anything else). */
export function copyId(resolvedId: string): string | null {
  return ZOD_FILE.test(resolvedId) ? `${resolvedId}${ZOD_MINI_COPY}` : null;
}

export function zodMiniCopy(): Plugin {
  return {
    name: 'portal:zod-mini-copy',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const inCopy = importer?.endsWith(ZOD_MINI_COPY) ?? false;
      if (source !== 'zod/mini' && !(inCopy && source.startsWith('.'))) return null;
      const from = inCopy && importer ? importer.slice(0, -ZOD_MINI_COPY.length) : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      const id = copyId(resolved.id);
      if (!id) throw new Error(`zod-mini-copy: ${source} resolved outside zod (${resolved.id})`);
      return { ...resolved, id };
    },
    load(id) {
      if (!id.endsWith(ZOD_MINI_COPY)) return null;
      return readFileSync(id.slice(0, -ZOD_MINI_COPY.length), 'utf8');
    },
  };
}
