/**
 * npm run search -- reindex: rebuilds the search index from the tables (issue 16), e.g. after a restore
 * from an old backup or a direct change to the database. Saves keep it current otherwise.
 */
import { loadConfig } from '../config.ts';
import { reindexAll } from '../features/search/index.ts';
import { SEARCH_SOURCES } from '../modules.ts';
import { createDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { runCli, UsageError } from './backup-cli.ts';

const USAGE = `Suchindex – Aufruf: npm run search -- <Befehl>

  reindex                          Suchindex aus allen Daten neu aufbauen`;

/** The kinds of documents as the report names them: each source's, a kind's part after it. */
const LABELS = SEARCH_SOURCES.flatMap((source) =>
  source.kinds.flatMap((kind) => [kind, ...(kind.part ? [kind.part] : [])]),
);

async function run(argv: string[]): Promise<string> {
  const [command, ...rest] = argv;
  if (command !== 'reindex' || rest.length > 0) {
    if (!command || command === '--help' || command === '-h') return USAGE;
    throw new UsageError(USAGE);
  }
  // No statement timeout: indexing every table of a large database takes longer than a request may.
  const database = createDatabase(loadConfig().database, { statementTimeoutMs: 0 });
  try {
    await migrateToLatest(database);
    const started = performance.now();
    const counts = await reindexAll(database.db, SEARCH_SOURCES);
    const seconds = ((performance.now() - started) / 1000).toFixed(1).replace('.', ',');
    const lines = LABELS.map(({ kind, label }) => `  ${`${label}:`.padEnd(16)}${counts[kind] ?? 0}`);
    return [`Suchindex neu aufgebaut (${seconds} s):`, ...lines].join('\n');
  } finally {
    await database.close();
  }
}

runCli('Suchindex', run);
