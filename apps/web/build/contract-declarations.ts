/**
 * Vite plugin of the web build: each top-level declaration of the shared contract in a module of its own
 * (decision 0090).
 *
 * A module of packages/contract keeps a feature's addresses, messages and limits next to its zod schemas, and
 * a bundler places a module in one chunk whole: the first load, which needs a few messages and addresses of
 * every feature (the German texts, the route table), carried every schema of the contract and zod with them,
 * and a screen carried every schema of each feature it touched. For the build, this plugin serves each
 * declaration `X` of such a module as `<file>?contract-declaration=X`, which imports only what `X` names
 * (other declarations the same way, zod as before), and the module itself as re-exports of them. A chunk
 * then holds the declarations it uses, nothing else; each declaration still exists once, so values keep one
 * identity. The sources stay as they are; `npm run dev` and the tests use them directly.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Plugin, parseAst, transformWithOxc } from 'vite';
import { type AstNode, child, isNode } from './ast';

const QUERY = '?contract-declaration=';

function nameOf(node: unknown): string {
  const value = isNode(node) ? (child(node, 'name') ?? child(node, 'value')) : undefined;
  if (typeof value !== 'string') throw new Error('contract-declarations: a name was expected');
  return value;
}

/** Every identifier named anywhere below `node` (property names too: more than needed, never less). */
function namesIn(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) namesIn(item, into);
  } else if (isNode(node)) {
    if (node.type === 'Identifier') into.add(nameOf(node));
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'type' && typeof value === 'object') namesIn(value, into);
    }
  }
  return into;
}

interface Declaration {
  name: string;
  exported: boolean;
  /** The declaration's source, without `export`. */
  text: string;
  /** Names it refers to. */
  uses: Set<string>;
}

interface ImportBinding {
  /** An absolute path for a file of the contract, else the package as written (zod). */
  source: string;
  /** The name imported, `default`, or `*` for a namespace. */
  imported: string;
}

interface ContractModule {
  declarations: Map<string, Declaration>;
  imports: Map<string, ImportBinding>;
}

/**
 * A module's imports and top-level declarations, or null when it has anything else at its top level (such a
 * module stays whole).
 */
export function readContractModule(file: string, code: string): ContractModule | null {
  const program = parseAst(code, { lang: 'js' }) as unknown as { body: AstNode[] };
  const imports = new Map<string, ImportBinding>();
  const declarations = new Map<string, Declaration>();
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      const raw = nameOf(child(statement, 'source'));
      const source = raw.startsWith('.') ? path.resolve(path.dirname(file), raw) : raw;
      for (const specifier of child(statement, 'specifiers') as AstNode[]) {
        const imported =
          specifier.type === 'ImportSpecifier'
            ? nameOf(child(specifier, 'imported'))
            : specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : '*';
        imports.set(nameOf(child(specifier, 'local')), { source, imported });
      }
      continue;
    }
    const exported = statement.type === 'ExportNamedDeclaration';
    const declaration = exported ? child(statement, 'declaration') : statement;
    if (!isNode(declaration)) return null;
    let id: unknown = null;
    let uses: Set<string>;
    if (declaration.type === 'VariableDeclaration') {
      const declarators = child(declaration, 'declarations') as AstNode[];
      if (declarators.length !== 1 || child(declaration, 'kind') !== 'const') return null;
      const [declarator] = declarators as [AstNode];
      id = child(declarator, 'id');
      uses = namesIn(child(declarator, 'init'));
    } else if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') {
      id = child(declaration, 'id');
      uses = namesIn(declaration);
    } else {
      return null;
    }
    if (!isNode(id) || id.type !== 'Identifier') return null;
    const name = nameOf(id);
    uses.delete(name);
    declarations.set(name, { name, exported, text: code.slice(declaration.start, statement.end), uses });
  }
  return { declarations, imports };
}

/** The module of one declaration: imports of what it names, then the declaration, exported. */
export function declarationModule(
  file: string,
  module: ContractModule,
  name: string,
  lookup: (file: string) => ContractModule | null,
): string {
  const declaration = module.declarations.get(name);
  if (!declaration) throw new Error(`contract-declarations: ${name} is not declared in ${file}`);
  const lines: string[] = [];
  for (const used of declaration.uses) {
    if (module.declarations.has(used)) {
      lines.push(`import { ${used} } from ${JSON.stringify(`${file}${QUERY}${used}`)};`);
      continue;
    }
    const binding = module.imports.get(used);
    if (!binding) continue;
    const { source, imported } = binding;
    const split = path.isAbsolute(source) ? lookup(source) : null;
    const target = split?.declarations.has(imported) ? `${source}${QUERY}${imported}` : source;
    const specifier =
      imported === '*'
        ? `* as ${used}`
        : imported === 'default'
          ? used
          : `{ ${imported === used ? used : `${imported} as ${used}`} }`;
    lines.push(`import ${specifier} from ${JSON.stringify(target)};`);
  }
  lines.push(`export ${declaration.text}`);
  return `${lines.join('\n')}\n`;
}

/** The module itself: its exported declarations, re-exported from their own modules. */
export function reexportModule(file: string, module: ContractModule): string {
  const lines = [...module.declarations.values()]
    .filter((declaration) => declaration.exported)
    .map(({ name }) => `export { ${name} } from ${JSON.stringify(`${file}${QUERY}${name}`)};`);
  return `${lines.join('\n')}\n`;
}

const CONTRACT_FILE = /^(?!index\.ts$)[^/\\]+(?<!\.test)\.ts$/;

/** The plugin, for `vite build` only. */
export function contractDeclarations(): Plugin {
  const modules = new Map<string, ContractModule | null>();
  const lookup = (file: string) => modules.get(file) ?? null;
  let contractDir = '';

  return {
    name: 'portal:contract-declarations',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      contractDir = path.resolve(config.root, '../../packages/contract/src');
    },
    async buildStart() {
      // Every module of the contract, types stripped, read before any is loaded: a declaration's module
      // imports from the others' declarations.
      for (const name of readdirSync(contractDir).filter((entry) => CONTRACT_FILE.test(entry))) {
        const file = path.join(contractDir, name);
        const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
        modules.set(file, readContractModule(file, code));
      }
    },
    resolveId(source) {
      return source.includes(QUERY) ? source : null;
    },
    load(id) {
      const at = id.indexOf(QUERY);
      if (at >= 0) {
        const file = id.slice(0, at);
        const module = lookup(file);
        if (!module) throw new Error(`contract-declarations: ${file} was not read`);
        const code = declarationModule(file, module, id.slice(at + QUERY.length), lookup);
        return { code, moduleSideEffects: false, moduleType: 'js' };
      }
      const module = lookup(id);
      return module ? { code: reexportModule(id, module), moduleSideEffects: false, moduleType: 'js' } : null;
    },
  };
}
