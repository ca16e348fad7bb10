/**
 * `npm run db:types`: writes the database's row types (apps/server/src/platform/db/db-types.gen.ts) and the
 * kinds of the columns SQLite stores in another form (column-kinds.gen.ts, which the SQLite dialect reads rows
 * by) from the migrations. `npm run db:types -- --check` writes nothing and fails when either is not current.
 *
 * It migrates a throwaway PostgreSQL cluster (apps/server/test/helpers/pg-cluster.ts) and reads the tables
 * through Kysely's introspection. PostgreSQL, not SQLite: SQLite keeps timestamps as text and booleans as
 * integers and lets a text primary key be NULL, so only PostgreSQL's catalogue says what a column holds.
 * Not kysely-codegen: its type mappings parse with the TypeScript compiler API, which TypeScript 7 no longer
 * ships, and it silently drops their imports.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { diff } from 'node:util';
import { CamelCasePlugin, type ColumnMetadata, type TableMetadata } from 'kysely';
import { createDatabase } from '../apps/server/src/platform/db/database.ts';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.ts';
import { startCluster } from '../apps/server/test/helpers/pg-cluster.ts';

const TYPES_FILE = 'apps/server/src/platform/db/db-types.gen.ts';
const KINDS_FILE = 'apps/server/src/platform/db/column-kinds.gen.ts';
const HEADER = '// Generated from the migrations by `npm run db:types` (scripts/db-types.ts): do not edit.\n';

/**
 * PostgreSQL type → the type the code reads; a type not listed stops the script, so a new one is a choice. Both
 * databases hand over these (decision 0142): pg parses int8 into a number (database.ts), the SQLite dialect
 * reads booleans and timestamps back by KINDS.
 */
const TYPES: Record<string, string> = {
  bool: 'boolean',
  int4: 'number',
  int8: 'number',
  text: 'string',
  timestamptz: 'Date',
  varchar: 'string',
};

/** PostgreSQL type → what SQLite stores in another form: 0/1 for a boolean, ISO 8601 text for a timestamp. */
const KINDS: Record<string, string> = {
  bool: 'bool',
  timestamptz: 'timestamp',
};

/** Columns whose values the code narrows further than the database does. */
const COLUMNS: Record<string, string> = {
  'mail_outbox.status': 'MailStatus',
};

/** The names the queries use: CamelCasePlugin's own mapping (database.ts installs it). */
class Names extends CamelCasePlugin {
  column(name: string): string {
    return this.camelCase(name);
  }
  table(name: string): string {
    const camel = this.camelCase(name);
    return `${camel.charAt(0).toUpperCase()}${camel.slice(1)}Table`;
  }
}

/** The column's type; names it uses from column-types.ts go into `imports`, Kysely's Generated into `kysely`. */
function columnType(
  table: TableMetadata,
  column: ColumnMetadata,
  imports: { own: Set<string>; kysely: Set<string> },
): string {
  const own = COLUMNS[`${table.name}.${column.name}`];
  const type = own ?? TYPES[column.dataType];
  if (!type) {
    throw new Error(
      `${table.name}.${column.name} has the type ${column.dataType}, which scripts/db-types.ts does not map yet.`,
    );
  }
  if (own) imports.own.add(own);
  const value = column.isNullable ? `${type} | null` : type;
  if (!column.hasDefaultValue && !column.isAutoIncrementing) return value;
  imports.kysely.add('Generated');
  return `Generated<${value}>`;
}

function renderTypes(tables: TableMetadata[]): string {
  const names = new Names();
  const imports = { own: new Set<string>(), kysely: new Set<string>() };
  const interfaces = tables.map((table) => {
    const columns = table.columns.map(
      (column) => `  ${names.column(column.name)}: ${columnType(table, column, imports)};`,
    );
    return `export interface ${names.table(table.name)} {\n${columns.join('\n')}\n}\n`;
  });
  const db = tables.map((table) => `  ${names.column(table.name)}: ${names.table(table.name)};`);
  return [
    HEADER,
    `import type { ${[...imports.kysely].sort().join(', ')} } from 'kysely';\n`,
    `import type { ${[...imports.own].sort().join(', ')} } from './column-types.ts';\n\n`,
    [...interfaces, `export interface DB {\n${db.join('\n')}\n}\n`].join('\n'),
  ].join('');
}

/** By table and column, as the database names them: the columns SQLite stores in another form. */
function renderKinds(tables: TableMetadata[]): string {
  const entries = tables.flatMap((table) => {
    const kinds = table.columns.flatMap((column) => {
      const kind = KINDS[column.dataType];
      return kind ? [`${column.name}: '${kind}'`] : [];
    });
    return kinds.length > 0 ? [`  ${table.name}: { ${kinds.join(', ')} },`] : [];
  });
  return [
    HEADER,
    '/** What a column holds where SQLite stores it in another form: 0/1 for a boolean, ISO 8601 text for a time. */\n',
    `export type ColumnKind = ${[...new Set(Object.values(KINDS))].map((kind) => `'${kind}'`).join(' | ')};\n\n`,
    '/** The columns of each table that SQLite stores in another form (sqlite-values.ts reads them back). */\n',
    'export const COLUMN_KINDS: Readonly<Record<string, Readonly<Record<string, ColumnKind>>>> = {\n',
    `${entries.join('\n')}\n};\n`,
  ].join('');
}

async function introspect(): Promise<TableMetadata[]> {
  const cluster = await startCluster({ database: 'portal_types' });
  try {
    const database = createDatabase(
      { kind: 'postgres', url: cluster.url },
      { statementTimeoutMs: 0, max: 1 },
    );
    try {
      await migrateToLatest(database);
      // Without CamelCasePlugin: the introspection reads catalogue columns by their snake_case names.
      const tables = await database.db.withoutPlugins().introspection.getTables();
      return tables.filter((table) => !table.isView && table.schema === 'public');
    } finally {
      await database.close();
    }
  } finally {
    await cluster.destroy();
  }
}

function changedLines(current: string, wanted: string): string {
  return diff(current.split('\n'), wanted.split('\n'))
    .filter(([operation]) => operation !== 0)
    .map(([operation, line]) => `${operation === 1 ? '-' : '+'} ${line}`)
    .join('\n');
}

/** Writes the file, or with `check` tells whether it is current; true when it is (or was written). */
function write(file: string, wanted: string, check: boolean): boolean {
  const url = new URL(`../${file}`, import.meta.url);
  if (!check) {
    writeFileSync(url, wanted);
    process.stdout.write(`wrote ${file}\n`);
    return true;
  }
  const current = existsSync(url) ? readFileSync(url, 'utf8') : undefined;
  if (current === wanted) {
    process.stdout.write(`${file} matches the migrations\n`);
    return true;
  }
  const problem =
    current === undefined ? 'is missing' : `does not match the migrations:\n${changedLines(current, wanted)}`;
  process.stderr.write(`${file} ${problem}\nRun \`npm run db:types\` and commit the result.\n`);
  return false;
}

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const tables = await introspect();
  const types = write(TYPES_FILE, renderTypes(tables), check);
  const kinds = write(KINDS_FILE, renderKinds(tables), check);
  return types && kinds ? 0 : 1;
}

process.exitCode = await main().catch((error: unknown) => {
  process.stderr.write(`db-types: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
});
