/**
 * Vite plugin of the web build: zod without its JSON Schema conversion (decision 0090).
 *
 * zod 4's schema classes reach `toJSONSchema` and its processors (about a fifth of zod, 5 kB gzipped) from
 * every schema type, so a bundler keeps them in every screen that checks an answer or a form. The browser never
 * converts a schema to JSON Schema (the server's OpenAPI document does), so for the build those two modules
 * of zod are served as stand-ins that throw when called. `aggregateChecks`, which a string schema's
 * `minLength`/`maxLength`/`format` read, stays real. The stand-ins export exactly what the originals export.
 */
import { readFileSync } from 'node:fs';
import { type Plugin, parseAst } from 'vite';

const STUBBED = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
/** Kept from json-schema-processors.js: everything before this declaration (aggregateChecks and its helpers). */
const KEEP_BEFORE = 'const formatMap';

interface AstNode {
  type: string;
  [key: string]: unknown;
}

/** The names a module exports (declarations and `export { a as b }` lists). */
export function exportedNames(code: string): string[] {
  const program = parseAst(code, { lang: 'js' }) as unknown as { body: AstNode[] };
  const names: string[] = [];
  for (const statement of program.body) {
    if (statement.type !== 'ExportNamedDeclaration') continue;
    const declaration = statement.declaration as AstNode | null;
    if (declaration?.type === 'FunctionDeclaration') names.push(String((declaration.id as AstNode).name));
    if (declaration?.type === 'VariableDeclaration') {
      for (const declarator of declaration.declarations as AstNode[]) {
        names.push(String((declarator.id as AstNode).name));
      }
    }
    for (const specifier of (statement.specifiers as AstNode[] | undefined) ?? []) {
      const exported = specifier.exported as AstNode;
      names.push(String(exported.name ?? exported.value));
    }
  }
  return names;
}

/** The stand-in of one of the two modules: `kept` source first, then a throwing function per other export. */
export function standIn(code: string, kept: string): string {
  const keptNames = new Set(kept ? exportedNames(kept) : []);
  const lines = [kept];
  lines.push(
    'function unavailable() { throw new Error("zod: JSON Schema conversion is not part of the web build"); }',
  );
  for (const name of exportedNames(code)) {
    if (keptNames.has(name)) continue;
    // The schema classes create their toJSONSchema methods when asked for `~standard`: a factory of a
    // throwing method, not a throw, keeps that working.
    const value = name.startsWith('create')
      ? '() => unavailable'
      : name === 'allProcessors'
        ? '{}'
        : 'unavailable';
    lines.push(`export const ${name} = ${value};`);
  }
  return `${lines.join('\n')}\n`;
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'portal:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!STUBBED.test(id)) return null;
      const code = readFileSync(id, 'utf8');
      if (!id.endsWith('json-schema-processors.js'))
        return { code: standIn(code, ''), moduleSideEffects: false };
      const cut = code.indexOf(KEEP_BEFORE);
      if (cut < 0) throw new Error(`zod-without-json-schema: '${KEEP_BEFORE}' not found in ${id}`);
      // The kept part's imports of the JSON Schema code are dropped with it; util.js stays.
      const kept = code
        .slice(0, cut)
        .split('\n')
        .filter((line) => !/from "\.\/(to-json-schema|schemas|regexes)\.js"/.test(line))
        .join('\n');
      return { code: standIn(code, kept), moduleSideEffects: false };
    },
  };
}
