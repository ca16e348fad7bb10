import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declarationModule, readContractModule, reexportModule } from './contract-declarations';

const DIR = '/repo/packages/contract/src';
const PATHS = path.join(DIR, 'paths.ts');
const BLOG = path.join(DIR, 'blog.ts');

const modules = new Map([
  [
    PATHS,
    readContractModule(
      PATHS,
      [
        'export function pathTemplate(template) { return { template }; }',
        "export const API = { settings: '/api/settings' };",
      ].join('\n'),
    ),
  ],
  [
    BLOG,
    readContractModule(
      BLOG,
      [
        "import { z } from 'zod';",
        "import { pathTemplate } from './paths.ts';",
        'const MAX = 50;',
        "export const BLOG_MESSAGES = { titleRequired: 'Titel ist ein Pflichtfeld.' };",
        "export const BLOG_API = { post: pathTemplate('/api/blog/:id') };",
        'export const ZTitle = z.string().min(1, BLOG_MESSAGES.titleRequired).max(MAX);',
        'export const ZPost = z.object({ title: ZTitle });',
      ].join('\n'),
    ),
  ],
]);
const lookup = (file: string) => modules.get(file) ?? null;

describe('contract declarations (web build)', () => {
  const blog = lookup(BLOG);

  it('re-exports each exported declaration from a module of its own', () => {
    if (!blog) throw new Error('blog.ts not read');
    expect(reexportModule(BLOG, blog)).toBe(
      `${['BLOG_MESSAGES', 'BLOG_API', 'ZTitle', 'ZPost']
        .map((name) => `export { ${name} } from "${BLOG}?contract-declaration=${name}";`)
        .join('\n')}\n`,
    );
  });

  it('gives a message no import at all, so a chunk that shows it loads no zod', () => {
    if (!blog) throw new Error('blog.ts not read');
    expect(declarationModule(BLOG, blog, 'BLOG_MESSAGES', lookup)).toBe(
      "export const BLOG_MESSAGES = { titleRequired: 'Titel ist ein Pflichtfeld.' };\n",
    );
  });

  it('imports what a declaration names: other declarations, the other files’ declarations, zod', () => {
    if (!blog) throw new Error('blog.ts not read');
    expect(declarationModule(BLOG, blog, 'BLOG_API', lookup)).toBe(
      `import { pathTemplate } from "${PATHS}?contract-declaration=pathTemplate";\n` +
        "export const BLOG_API = { post: pathTemplate('/api/blog/:id') };\n",
    );
    const title = declarationModule(BLOG, blog, 'ZTitle', lookup);
    expect(title).toContain(`import { z } from "zod";`);
    expect(title).toContain(`import { BLOG_MESSAGES } from "${BLOG}?contract-declaration=BLOG_MESSAGES";`);
    expect(title).toContain(`import { MAX } from "${BLOG}?contract-declaration=MAX";`);
    expect(declarationModule(BLOG, blog, 'ZPost', lookup)).toContain(
      `import { ZTitle } from "${BLOG}?contract-declaration=ZTitle";`,
    );
  });

  it('leaves a module whole when its top level does more than import and declare', () => {
    expect(
      readContractModule(BLOG, "import { z } from 'zod';\nz.config({});\nexport const A = 1;"),
    ).toBeNull();
    expect(readContractModule(BLOG, 'export let counter = 0;')).toBeNull();
  });
});
