/**
 * Vite plugin of the web build: each section of the German texts (`de.login`, `de.blog`, …) in a module of its
 * own (decision 0090, docs/bundle.md).
 *
 * `src/i18n/de.ts` is one object, and a bundler places a module in one chunk whole: the login screen carried
 * every screen's texts (about 9 KB gzipped, of which it needs under 1 KB). For the build, this plugin serves
 * the section `X` of that object as `src/i18n/de.ts?de-section=X` (the file's imports and helpers, then
 * `export const X = <the section>`), and rewrites each module that imports `de` and uses it only as `de.X`
 * to import the sections it names instead. A chunk then holds the sections its modules use. A module that
 * uses `de` otherwise keeps the whole object. The sources stay as they are; `npm run dev`, the type checker
 * and the tests use them directly.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Plugin, parseAst, transformWithOxc } from 'vite';
import { type AstNode, child, isNode } from './ast';

const QUERY = '?de-section=';

function identifierName(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === 'Identifier') return child(node, 'name') as string;
  if (node.type === 'Literal' && typeof child(node, 'value') === 'string')
    return child(node, 'value') as string;
  return null;
}

export interface Sections {
  head: string;
  sections: Map<string, string>;
  /** each section's keys with their sources (a section with a spread or a computed key has none) */
  keys: Map<string, Map<string, string>>;
}

/** A section's keys with their sources, or null when it is not an object of plain properties. */
function readKeys(code: string, value: AstNode): Map<string, string> | null {
  if (value.type !== 'ObjectExpression') return null;
  const keys = new Map<string, string>();
  for (const property of child(value, 'properties') as AstNode[]) {
    const name = property.type === 'Property' ? identifierName(child(property, 'key')) : null;
    const keyValue = child(property, 'value');
    if (!name || child(property, 'computed') || !isNode(keyValue)) return null;
    keys.set(name, code.slice(keyValue.start, keyValue.end));
  }
  return keys;
}

/** The section modules' common head (imports, helpers) and each section's source, from de.ts as JavaScript. */
export function readSections(code: string): Sections {
  const program = parseAst(code, { lang: 'js' }) as unknown as { body: AstNode[] };
  const head: string[] = [];
  const sections = new Map<string, string>();
  const keys = new Map<string, Map<string, string>>();
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? child(statement, 'declaration') : null;
    const declarator = isNode(declaration)
      ? (child(declaration, 'declarations') as AstNode[] | undefined)?.[0]
      : undefined;
    if (declarator && identifierName(child(declarator, 'id')) === 'de') {
      const init = child(declarator, 'init');
      if (!isNode(init) || init.type !== 'ObjectExpression')
        throw new Error('de-sections: de is not an object');
      for (const property of child(init, 'properties') as AstNode[]) {
        const name = property.type === 'Property' ? identifierName(child(property, 'key')) : null;
        const value = child(property, 'value');
        if (!name || child(property, 'computed') || !isNode(value)) {
          throw new Error('de-sections: each section of de must be a plain property');
        }
        sections.set(name, code.slice(value.start, value.end));
        const sectionKeys = readKeys(code, value);
        if (sectionKeys) keys.set(name, sectionKeys);
      }
      continue;
    }
    head.push(code.slice(statement.start, statement.end));
  }
  return { head: head.join('\n'), sections, keys };
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

interface SectionUse {
  /** where `de.X` starts, and where `de.X` or `de.X.Y` ends */
  start: number;
  end: number;
  /** where `de.X` ends */
  sectionEnd: number;
  section: string;
  /** Y of `de.X.Y`, null for any other use of `de.X` */
  key: string | null;
}

/** The name under which a module imports `de.X` or `de.X.Y`. */
const localName = (section: string, key: string | null): string =>
  key === null ? `__de_${section}` : `__de_${section}__${key}`;

/**
 * `code` (JavaScript) with its uses `de.X` of the German texts (imported from `deFile`) read from the section
 * modules, or null when it imports no texts or uses `de` other than as `de.X`. For a section named in
 * `byKey`, a module that uses it only as `de.X.Y` imports each key `Y` it names instead (`?de-section=X.Y`).
 */
export function rewriteSectionUses(
  code: string,
  id: string,
  deFile: string,
  byKey: ReadonlySet<string> = new Set(),
): string | null {
  if (!code.includes('i18n/de') && !code.includes('./de')) return null;
  const program = parseAst(code, { lang: 'js' }) as unknown as { body: AstNode[] };
  let local: string | null = null;
  let declaration: AstNode | null = null;
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration') continue;
    const source = identifierName(child(statement, 'source'));
    if (!source?.startsWith('.') || `${path.resolve(path.dirname(id), source)}.ts` !== deFile) continue;
    const specifiers = child(statement, 'specifiers') as AstNode[];
    const [specifier] = specifiers;
    if (specifiers.length !== 1 || specifier?.type !== 'ImportSpecifier') return null;
    if (identifierName(child(specifier, 'imported')) !== 'de') return null;
    local = identifierName(child(specifier, 'local'));
    declaration = statement;
  }
  if (!local || !declaration) return null;

  const uses: SectionUse[] = [];
  let otherUse = false;
  const visit = (node: unknown, parent: AstNode | null, key: string): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, parent, key);
      return;
    }
    if (!isNode(node)) return;
    if (node.type === 'MemberExpression' && !child(node, 'computed')) {
      const object = child(node, 'object');
      const property = identifierName(child(node, 'property'));
      if (isNode(object) && object.type === 'Identifier' && identifierName(object) === local && property) {
        const keyed =
          parent?.type === 'MemberExpression' && key === 'object' && !child(parent, 'computed')
            ? identifierName(child(parent, 'property'))
            : null;
        uses.push({
          start: object.start,
          end: keyed === null || !parent ? node.end : parent.end,
          sectionEnd: node.end,
          section: property,
          key: keyed,
        });
        return;
      }
      visit(object, node, 'object');
      return;
    }
    if (node.type === 'Identifier' && identifierName(node) === local) {
      const isKey = parent?.type === 'Property' && key === 'key' && !child(parent, 'computed');
      if (!isKey) otherUse = true;
      return;
    }
    for (const [name, value] of Object.entries(node)) {
      if (name !== 'type' && typeof value === 'object') visit(value, node, name);
    }
  };
  for (const statement of program.body) if (statement !== declaration) visit(statement, null, 'body');
  if (otherUse || uses.length === 0) return null;

  // A section is read by key only when every use of it in this module names a key.
  const whole = new Set(
    uses.filter((use) => !byKey.has(use.section) || use.key === null).map((use) => use.section),
  );
  const imports = new Map<string, string>();
  const edits: Edit[] = uses.map((use) => {
    if (whole.has(use.section)) {
      const name = localName(use.section, null);
      imports.set(
        name,
        `import { ${use.section} as ${name} } from ${JSON.stringify(`${deFile}${QUERY}${use.section}`)};`,
      );
      return { start: use.start, end: use.sectionEnd, text: name };
    }
    const name = localName(use.section, use.key);
    imports.set(
      name,
      `import { ${use.key} as ${name} } from ${JSON.stringify(`${deFile}${QUERY}${use.section}.${use.key}`)};`,
    );
    return { start: use.start, end: use.end, text: name };
  });
  edits.push({ start: declaration.start, end: declaration.end, text: [...imports.values()].join('\n') });
  edits.sort((a, b) => b.start - a.start);
  let result = code;
  for (const edit of edits) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/**
 * The plugins, for `vite build` only: one serves the sections (and the keys of the sections named in
 * `byKey`), one rewrites the modules that use them. `readers(id)` tells which modules import the text module
 * `id` (known once the modules are transformed, so when the chunks are made): the chunk groups of
 * vite.config.ts place a key where its readers are.
 */
export function deSections(byKey: readonly string[] = []): {
  plugins: Plugin[];
  readers: (id: string) => readonly string[];
} {
  const keyed = new Set(byKey);
  const importers = new Map<string, Set<string>>();
  let deFile = '';
  let read: Promise<Sections> | null = null;
  const sections = () => {
    read ??= transformWithOxc(readFileSync(deFile, 'utf8'), deFile, { lang: 'ts' }).then(({ code }) =>
      readSections(code),
    );
    return read;
  };
  const plugins: Plugin[] = [
    {
      name: 'portal:de-sections',
      apply: 'build',
      enforce: 'pre',
      configResolved(config) {
        deFile = path.resolve(config.root, 'src/i18n/de.ts');
      },
      resolveId(source, importer) {
        if (!source.startsWith(`${deFile}${QUERY}`)) return null;
        if (importer) {
          const known = importers.get(source) ?? new Set<string>();
          importers.set(source, known.add(importer));
        }
        return source;
      },
      async load(id) {
        if (!id.startsWith(`${deFile}${QUERY}`)) return null;
        const [name = '', key] = id.slice(deFile.length + QUERY.length).split('.');
        const { head, sections: all, keys } = await sections();
        const source = key === undefined ? all.get(name) : keys.get(name)?.get(key);
        if (source === undefined) {
          throw new Error(`de-sections: de.${name}${key === undefined ? '' : `.${key}`} does not exist`);
        }
        return {
          code: `${head}\nexport const ${key ?? name} = ${source};\n`,
          moduleSideEffects: false,
          moduleType: 'js',
        };
      },
    },
    {
      name: 'portal:de-section-uses',
      apply: 'build',
      enforce: 'post',
      transform(code, id) {
        if (id.includes('?') || id.includes('node_modules') || id === deFile || !/\.[jt]sx?$/.test(id))
          return null;
        const rewritten = rewriteSectionUses(code, id, deFile, keyed);
        return rewritten === null ? null : { code: rewritten, map: null };
      },
    },
  ];
  return { plugins, readers: (id) => [...(importers.get(id) ?? [])] };
}
