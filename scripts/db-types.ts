/**
 * `npm run db:types`: writes the database's row types (apps/server/src/platform/db/db-types.gen.ts) from the
 * migrations. `npm run db:types -- --check` writes nothing and fails when the file is not current.
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

const OUT_FILE = 'apps/server/src/platform/db/db-types.gen.ts';
const outUrl = new URL(`../${OUT_FILE}`, import.meta.url);

/** PostgreSQL type → column type (column-types.ts); a type not listed stops the script, so a new one is a choice. */
const TYPES: Record<string, string> = {
  bool: 'Bool',
  int4: 'number',
  int8: 'Int8',
  text: 'string',
  timestamptz: 'Timestamp',
  varchar: 'string',
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

/** The column's type; names it uses from column-types.ts go into `imports`. */
function columnType(table: TableMetadata, column: ColumnMetadata, imports: Set<string>): string {
  const type = COLUMNS[`${table.name}.${column.name}`] ?? TYPES[column.dataType];
  if (!type) {
    throw new Error(
      `${table.name}.${column.name} has the type ${column.dataType}, which scripts/db-types.ts does not map yet.`,
    );
  }
  if (/^[A-Z]/.test(type)) imports.add(type);
  const value = column.isNullable ? `${type} | null` : type;
  if (!column.hasDefaultValue && !column.isAutoIncrementing) return value;
  imports.add('Generated');
  return `Generated<${value}>`;
}

function render(tables: TableMetadata[]): string {
  const names = new Names();
  const imports = new Set<string>();
  const interfaces = tables.map((table) => {
    const columns = table.columns.map(
      (column) => `  ${names.column(column.name)}: ${columnType(table, column, imports)};`,
    );
    return `export interface ${names.table(table.name)} {\n${columns.join('\n')}\n}\n`;
  });
  const db = tables.map((table) => `  ${names.column(table.name)}: ${names.table(table.name)};`);
  return [
    '// Generated from the migrations by `npm run db:types` (scripts/db-types.ts): do not edit.\n',
    `import type { ${[...imports].sort().join(', ')} } from './column-types.ts';\n\n`,
    [...interfaces, `export interface DB {\n${db.join('\n')}\n}\n`].join('\n'),
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

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const wanted = render(await introspect());
  if (!check) {
    writeFileSync(outUrl, wanted);
    process.stdout.write(`wrote ${OUT_FILE}\n`);
    return 0;
  }
  const current = existsSync(outUrl) ? readFileSync(outUrl, 'utf8') : undefined;
  if (current === wanted) {
    process.stdout.write(`${OUT_FILE} matches the migrations\n`);
    return 0;
  }
  const problem =
    current === undefined ? 'is missing' : `does not match the migrations:\n${changedLines(current, wanted)}`;
  process.stderr.write(`${OUT_FILE} ${problem}\nRun \`npm run db:types\` and commit the result.\n`);
  return 1;
}

process.exitCode = await main().catch((error: unknown) => {
  process.stderr.write(`db-types: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
});
