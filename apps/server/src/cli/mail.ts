/**
 * npm run mail -- status: the mail outbox as an operator sees it (issue 17) – what waits, what is being
 * sent, what failed, what went out in the last hour, the oldest waiting mail and MAIL_RATE_PER_MINUTE.
 */
import { createDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { createMailOutbox } from '../platform/mail/mail-outbox.ts';
import { loadCliConfig, parseCliArgs, runCli, UsageError } from './backup-cli.ts';

const USAGE = `Mail-Warteschlange – Aufruf: npm run mail -- <Befehl>

  status [--json]                  wartende, gerade gesendete und fehlgeschlagene Mails, die in der
                                   letzten Stunde gesendeten, die älteste wartende Mail und das
                                   Sendelimit (--json: als JSON)

Beispiel: npm run mail -- status`;

const HOUR_MS = 60 * 60_000;

interface MailStatus {
  pending: number;
  sending: number;
  failed: number;
  sentLastHour: number;
  oldestPendingAt: string | null;
  oldestPendingAgeSeconds: number | null;
  /** MAIL_RATE_PER_MINUTE; null: unlimited */
  ratePerMinute: number | null;
}

/** 42 s, 3 min, 2 h 5 min, 3 Tagen 4 h – after "seit". */
function age(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'Tag' : 'Tagen'} ${hours % 24} h`;
}

function report(status: MailStatus): string {
  const rows: [string, string | number][] = [
    ['Wartend', status.pending],
    ['Wird gesendet', status.sending],
    ['Fehlgeschlagen', status.failed],
    ['Gesendet in der letzten Stunde', status.sentLastHour],
    [
      'Älteste wartende Mail',
      status.oldestPendingAt === null
        ? '–'
        : `${status.oldestPendingAt} (seit ${age(status.oldestPendingAgeSeconds ?? 0)})`,
    ],
    [
      'Sendelimit',
      status.ratePerMinute === null
        ? 'unbegrenzt (MAIL_RATE_PER_MINUTE nicht gesetzt)'
        : `${status.ratePerMinute} pro Minute`,
    ],
  ];
  return ['Mail-Warteschlange', ...rows.map(([label, value]) => `  ${`${label}:`.padEnd(32)}${value}`)].join(
    '\n',
  );
}

async function run(argv: string[]): Promise<string> {
  const { values, positionals } = parseCliArgs(
    argv,
    { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    USAGE,
  );
  const [command, ...rest] = positionals;
  if (values.help || !command) return USAGE;
  if (command !== 'status' || rest.length > 0) throw new UsageError(USAGE);

  // Without JWT_SECRET, loadConfig would write a generated secret into DATA_DIR; a status never needs it.
  const config = loadCliConfig();
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database);
    const outbox = createMailOutbox(database);
    const now = new Date();
    const counts = await outbox.countsByStatus();
    const sent = await outbox.sentSince(new Date(now.getTime() - HOUR_MS));
    const { oldest } = await outbox.waiting();
    const status: MailStatus = {
      ...counts,
      sentLastHour: sent.count,
      oldestPendingAt: oldest?.toISOString() ?? null,
      oldestPendingAgeSeconds: oldest
        ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000))
        : null,
      ratePerMinute: config.mailRatePerMinute ?? null,
    };
    return values.json ? JSON.stringify(status, null, 2) : report(status);
  } finally {
    await database.close();
  }
}

runCli('Mail-Warteschlange', run);
