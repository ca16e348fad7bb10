import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST_DEEP_LINK_PARAM, type TAppAddresses } from '@portal/contract';
import { z } from 'zod';
import { parseTrustProxy, type TTrustProxy } from './platform/http/trust-proxy.ts';
import type { S3Settings } from './platform/storage/s3-storage.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const origin = z
  .url({ protocol: /^https?$/ })
  .transform((value) => new URL(value).origin)
  .describe('an origin such as https://www.example.de');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/, 'must start with postgres://, sqlite: or file:')
    .optional(),
  STORAGE_URL: z
    .string()
    .regex(/^(file:|s3:\/\/)/, 'must be a folder as file:/path or a bucket as s3://bucket/prefix')
    .optional(),
  /** the usual AWS variables, read only with STORAGE_URL=s3://… */
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  AWS_REGION: z.string().optional(),
  AWS_DEFAULT_REGION: z.string().optional(),
  AWS_ENDPOINT_URL_S3: z.url({ protocol: /^https?$/ }).optional(),
  AWS_ENDPOINT_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Portal <portal@localhost>'),
  /** mails the worker sends a minute at most, across all instances; unset: as fast as the relay takes them */
  MAIL_RATE_PER_MINUTE: z.coerce
    .number()
    .int('must be a whole number of mails a minute')
    .min(1, 'must be a positive number of mails a minute (leave it unset for no limit)')
    .max(100_000)
    .optional(),
  HOST_ORIGIN: origin.optional(),
  /** the host website's page that shows the portal: every link the portal hands out opens it (issue 31) */
  HOST_PAGE_URL: z
    .url({ protocol: /^https?$/, abort: true })
    .refine((value) => new URL(value).hash === '', 'must not have a fragment (#…)')
    .refine(
      (value) => !new URL(value).searchParams.has(HOST_DEEP_LINK_PARAM),
      `must not have a "${HOST_DEEP_LINK_PARAM}" parameter: the portal adds its deep link there`,
    )
    .optional(),
  LOGIN_FORM_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const list = (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const origins: string[] = [];
      for (const entry of list) {
        const parsed = origin.safeParse(entry);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: `"${entry}" is not an http(s) origin` });
          return z.NEVER;
        }
        origins.push(parsed.data);
      }
      return origins;
    }),
  EXTERNAL_API_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** the bearer token of GET /metrics; unset: no metrics (404) */
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^[\w.~+/-]+=*$/, 'may hold letters, digits and - . _ ~ + / only (it is sent as a bearer token)')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CONTACT_EMAIL: z.email().default('info@example.de'),
  WEB_DIST: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(2400),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(10),
  UPLOAD_LIMIT_MB: z.coerce.number().int().min(1).max(1024).default(20),
  /** free space below which /api/health says `disk: low`; unset: twice UPLOAD_LIMIT_MB; 0: not checked */
  HEALTH_MIN_FREE_MB: z.coerce.number().int().min(0).max(100_000_000).optional(),
  /** how long a stored file may wait for the save that wrote it before the sweep removes it */
  UPLOAD_GRACE_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(60),
  /** how long read answers of the dashboard and the blog list are kept in memory (0: not kept) */
  ANSWER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if ('trust' in parsed) return parsed.trust;
      ctx.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    }),
  /** read by platform/auth/secrets.ts; validated here so that a wrong value stops start-up clearly. */
  SCRYPT_COST: z.coerce.number().int().min(14).max(20).default(17),
  /** PostgreSQL: a statement that runs longer is ended (503); the client gives up one second later. */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  /** a request's whole database work, its transaction included; past it the request is answered 503 */
  DATABASE_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(9),
});

export type TDatabaseConfig =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; schema?: string; statementTimeoutMs?: number };

export interface TConfig {
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: TDatabaseConfig;
  /** the database time of one request (platform/db/request-scope.ts), both databases */
  databaseRequestTimeoutMs: number;
  storageUrl: string;
  /** set when STORAGE_URL is `s3://…` */
  s3: S3Settings | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** MAIL_RATE_PER_MINUTE; undefined: unlimited */
  mailRatePerMinute: number | undefined;
  hostOrigin: string | undefined;
  /** HOST_PAGE_URL; null: links point at publicUrl (contract `appLink`) */
  hostPageUrl: string | null;
  loginFormOrigins: string[];
  externalApiKey: string | undefined;
  /** METRICS_TOKEN: GET /metrics answers only with it; undefined: 404 */
  metricsToken: string | undefined;
  jwtSecret: string;
  contactEmail: string;
  webDist: string;
  logLevel: string;
  accessTokenTtlSeconds: number;
  rateLimitMax: number;
  uploadLimitBytes: number;
  /** /api/health reports `disk: low` when the storage folder or DATA_DIR/tmp has less free (0: never) */
  healthMinFreeBytes: number;
  /** files of saves that have not committed after this many minutes are swept (platform/storage) */
  uploadGraceMinutes: number;
  /** read answers kept in memory at most this long (platform/cache/answer-cache.ts); 0 keeps none */
  answerCacheMs: number;
  /** addresses or CIDR ranges of the reverse proxies whose X-Forwarded-For is believed */
  trustProxy: TTrustProxy;
  /** Demo accounts and content are seeded only in the embedded default, never in production. */
  seedDemo: boolean;
}

export class ConfigError extends Error {}

/** What the contract's `appLink` needs to build the links the portal hands out (issue 31). */
export function appAddresses(config: Pick<TConfig, 'publicUrl' | 'hostPageUrl'>): TAppAddresses {
  return { publicUrl: config.publicUrl, hostPageUrl: config.hostPageUrl };
}

/** Reads the environment into a typed config; a wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  // An empty variable counts as unset, as in most deployment tools.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = ZEnv.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  if (production) {
    const problems = (['PUBLIC_URL', 'JWT_SECRET', 'HOST_ORIGIN'] as const)
      .filter((name) => !e[name])
      .map((name) => `  ${name}: required when NODE_ENV=production`);
    // Tokens and passwords travel in every request; over plain http anyone on the way reads them.
    if (e.PUBLIC_URL && new URL(e.PUBLIC_URL).protocol !== 'https:') {
      problems.push('  PUBLIC_URL: must be an https:// address when NODE_ENV=production');
    }
    if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  checkHostPage(e.HOST_PAGE_URL, e.HOST_ORIGIN);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const ownOrigin = new URL(publicUrl).origin;
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    database: databaseConfig(e.DATABASE_URL, dataDir, e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000),
    databaseRequestTimeoutMs: e.DATABASE_REQUEST_TIMEOUT_SECONDS * 1000,
    storageUrl: e.STORAGE_URL ?? `file:${path.join(dataDir, 'uploads')}`,
    s3: e.STORAGE_URL?.startsWith('s3://') ? s3Settings(e.STORAGE_URL, e) : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRatePerMinute: e.MAIL_RATE_PER_MINUTE,
    hostOrigin: e.HOST_ORIGIN,
    hostPageUrl: e.HOST_PAGE_URL ?? null,
    // In the embedded default the server's own origin may use the password form, so the demo works at once.
    loginFormOrigins: e.LOGIN_FORM_ORIGINS.length > 0 || production ? e.LOGIN_FORM_ORIGINS : [ownOrigin],
    externalApiKey: e.EXTERNAL_API_KEY,
    metricsToken: e.METRICS_TOKEN,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    contactEmail: e.CONTACT_EMAIL,
    webDist: path.resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    rateLimitMax: e.RATE_LIMIT_MAX,
    uploadLimitBytes: e.UPLOAD_LIMIT_MB * 1024 * 1024,
    healthMinFreeBytes: (e.HEALTH_MIN_FREE_MB ?? 2 * e.UPLOAD_LIMIT_MB) * 1024 * 1024,
    uploadGraceMinutes: e.UPLOAD_GRACE_MINUTES,
    answerCacheMs: e.ANSWER_CACHE_MS,
    trustProxy: e.TRUST_PROXY,
    seedDemo: !production,
  };
}

/** Only HOST_ORIGIN may frame the portal (CSP frame-ancestors): a host page elsewhere could not show it. */
function checkHostPage(hostPageUrl: string | undefined, hostOrigin: string | undefined): void {
  if (!hostPageUrl) return;
  const pageOrigin = new URL(hostPageUrl).origin;
  if (pageOrigin === hostOrigin) return;
  const problem = hostOrigin
    ? `must be a page on HOST_ORIGIN (${hostOrigin}), the only origin that may show the portal; it is on ${pageOrigin}`
    : 'needs HOST_ORIGIN, the origin that may show the portal in a frame';
  throw new ConfigError(`Invalid configuration:\n  HOST_PAGE_URL: ${problem}`);
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** `s3://bucket/prefix` with the AWS variables; the keys are required, the region defaults to us-east-1. */
function s3Settings(storageUrl: string, e: z.infer<typeof ZEnv>): S3Settings {
  const [bucket = '', ...folders] = storageUrl.slice('s3://'.length).split('/');
  const problems: string[] = [];
  if (!BUCKET.test(bucket)) problems.push(`  STORAGE_URL: "${bucket}" is not a valid bucket name`);
  if (!e.AWS_ACCESS_KEY_ID) problems.push('  AWS_ACCESS_KEY_ID: required with STORAGE_URL=s3://…');
  if (!e.AWS_SECRET_ACCESS_KEY) problems.push('  AWS_SECRET_ACCESS_KEY: required with STORAGE_URL=s3://…');
  if (problems.length > 0 || !e.AWS_ACCESS_KEY_ID || !e.AWS_SECRET_ACCESS_KEY) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return {
    bucket,
    prefix: folders.filter(Boolean).join('/'),
    region: e.AWS_REGION ?? e.AWS_DEFAULT_REGION ?? 'us-east-1',
    endpoint: e.AWS_ENDPOINT_URL_S3 ?? e.AWS_ENDPOINT_URL,
    accessKeyId: e.AWS_ACCESS_KEY_ID,
    secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
    sessionToken: e.AWS_SESSION_TOKEN,
  };
}

function databaseConfig(
  url: string | undefined,
  dataDir: string,
  statementTimeoutMs: number,
): TDatabaseConfig {
  if (!url) return { kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') };
  if (url.startsWith('postgres')) return { kind: 'postgres', url, statementTimeoutMs };
  return { kind: 'sqlite', file: path.resolve(url.replace(/^(sqlite|file):(\/\/)?/, '')) };
}

/** Without JWT_SECRET a random secret is generated once and kept in DATA_DIR, so restarts keep sessions. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // another instance wrote it first
      return readFileSync(file, 'utf8').trim();
    }
  }
}
