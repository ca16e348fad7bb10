/**
 * Prometheus metrics (issue 38 point 3): one registry per app, so that every app a test builds counts its
 * own. The platform and the features report through MetricsReporter, which knows nothing of Prometheus; the
 * gauges that describe a state (pool, mail queue) are read when scraped, never kept up to date by hand.
 * No label carries what a member typed or is: routes are templates, the other labels come from fixed lists.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolState } from '../db/database.ts';

type LoginKind = 'form' | 'link' | 'external';
type LoginResult = 'ok' | 'refused';
/** statement: PostgreSQL's statement_timeout; deadline: no answer at all; request: its time used up; lock: SQLite busy */
type DatabaseTimeoutKind = 'statement' | 'deadline' | 'request' | 'lock';

/** What the platform and the features report; all a feature sees of the metrics. */
export interface MetricsReporter {
  login(kind: LoginKind, result: LoginResult): void;
  searchTook(seconds: number): void;
  mailsDelivered(tally: { sent: number; retried: number; failed: number }): void;
  uploadsSwept(removed: { files: number; partial: number; uploads: number }): void;
  databaseTimedOut(kind: DatabaseTimeoutKind): void;
}

/** For the command line and other callers without an app: reports go nowhere. */
export const NO_METRICS: MetricsReporter = {
  login: () => undefined,
  searchTook: () => undefined,
  mailsDelivered: () => undefined,
  uploadsSwept: () => undefined,
  databaseTimedOut: () => undefined,
};

/** What the gauges read at scrape time. */
export interface ScrapeSources {
  pool: () => PoolState;
  mailQueue: () => Promise<{ count: number; oldest: Date | undefined }>;
  now?: () => Date;
}

export interface Metrics extends MetricsReporter {
  readonly registry: Registry;
  requestTook(method: string, route: string, status: number, seconds: number): void;
  /** the text of a scrape, in Prometheus's text format */
  scrape(): Promise<string>;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Latency buckets in seconds: the API answers in milliseconds; uploads and table imports take seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const SEARCH_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** A scrape never waits longer than this for the mail queue's count (a database outage). */
const QUEUE_READ_MS = 1_000;

function withinTime<T>(reading: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([reading, late]).finally(() => clearTimeout(timer));
}

/**
 * The app's metrics. `processMetrics` adds Node's own (event-loop lag, memory, GC, CPU) with
 * prom-client's default collectors; buildApp asks for them only when METRICS_TOKEN is set.
 */
export function createMetrics(sources: ScrapeSources, options: { processMetrics: boolean }): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const now = sources.now ?? (() => new Date());
  if (options.processMetrics) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const requests = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const logins = new Counter({
    name: 'portal_logins_total',
    help: 'Logins by kind (form: password form, external: link issued with the API key, link: one-time link used) and result',
    labelNames: ['kind', 'result'] as const,
    registers,
  });
  const search = new Histogram({
    name: 'portal_search_duration_seconds',
    help: 'Time of a search (GET /api/search), ranking and snippets included',
    buckets: SEARCH_BUCKETS,
    registers,
  });
  const mails = new Counter({
    name: 'portal_mails_total',
    help: 'Mails handed to the relay by this instance: sent, retried later, or failed for good',
    labelNames: ['result'] as const,
    registers,
  });
  const swept = new Counter({
    name: 'portal_upload_sweep_removed_total',
    help: 'What the upload sweep removed: stored files of saves that never committed, partial writes, upload temp folders',
    labelNames: ['kind'] as const,
    registers,
  });
  const timeouts = new Counter({
    name: 'portal_db_timeouts_total',
    help: 'Database work ended for taking too long (statement timeout, no answer, request time used up, SQLite lock)',
    labelNames: ['kind'] as const,
    registers,
  });
  for (const kind of ['form', 'link', 'external'] as const)
    for (const result of ['ok', 'refused'] as const) logins.inc({ kind, result }, 0);
  for (const result of ['sent', 'retried', 'failed'] as const) mails.inc({ result }, 0);
  for (const kind of ['files', 'partial', 'uploads'] as const) swept.inc({ kind }, 0);
  for (const kind of ['statement', 'deadline', 'request', 'lock'] as const) timeouts.inc({ kind }, 0);

  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Database connections of this instance, in use and idle (SQLite: its one connection)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = sources.pool();
      this.set({ state: 'in_use' }, pool.inUse);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  new Gauge({
    name: 'portal_db_pool_waiting_requests',
    help: 'Database work waiting for a free connection',
    registers,
    collect() {
      this.set(sources.pool().waiting);
    },
  });
  new Gauge({
    name: 'portal_db_pool_max_connections',
    help: 'Connections the pool opens at most',
    registers,
    collect() {
      this.set(sources.pool().max);
    },
  });
  const queueLength = new Gauge({
    name: 'portal_mail_queue_length',
    help: 'Mails waiting to be sent (retries included), all instances; absent when the database did not answer',
    registers,
  });
  const queueAge = new Gauge({
    name: 'portal_mail_queue_oldest_age_seconds',
    help: 'Age of the oldest waiting mail (0: none waits); absent when the database did not answer',
    registers,
  });

  /** One read of the queue serves both gauges of a scrape. */
  async function readQueue(): Promise<void> {
    try {
      const queue = await withinTime(sources.mailQueue(), QUEUE_READ_MS);
      queueLength.set(queue.count);
      const age = queue.oldest ? (now().getTime() - queue.oldest.getTime()) / 1000 : 0;
      queueAge.set(Math.max(0, age));
    } catch {
      // An unknown value is left out rather than shown as 0: an alert on absent() sees the outage.
      queueLength.reset();
      queueAge.reset();
    }
  }

  return {
    registry,
    requestTook(method, route, status, seconds) {
      requests.observe(
        { method: METHODS.has(method) ? method : 'OTHER', route, status: String(status) },
        seconds,
      );
    },
    async scrape() {
      await readQueue();
      return registry.metrics();
    },
    login: (kind, result) => logins.inc({ kind, result }),
    searchTook: (seconds) => search.observe(seconds),
    mailsDelivered(tally) {
      for (const result of ['sent', 'retried', 'failed'] as const)
        if (tally[result] > 0) mails.inc({ result }, tally[result]);
    },
    uploadsSwept(removed) {
      for (const kind of ['files', 'partial', 'uploads'] as const)
        if (removed[kind] > 0) swept.inc({ kind }, removed[kind]);
    },
    databaseTimedOut: (kind) => timeouts.inc({ kind }),
  };
}
