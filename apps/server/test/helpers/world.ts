import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TRole } from '@portal/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { BuildOptions } from '../../src/app.ts';
import { seedDemoData } from '../../src/cli/demo-data.ts';
import { bearer, createUser, login } from './factories.ts';
import { type MultipartFields, multipartBody } from './multipart.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export type Headers = Record<string, string>;

export interface UserSpec<Name extends string = string> {
  username: Name;
  role: TRole;
  groups?: readonly string[];
  email?: string;
  company?: string;
}

export interface Upload {
  filename: string;
  data: Buffer | string;
  type?: string;
}

/** The demo groups and one user per role and group, the set most suites read with. */
export const MEMBER_USERS = [
  { username: 'admin', role: 'ROLE_ADMIN', groups: ['Mitglieder'] },
  { username: 'mitglied', role: 'ROLE_USER', groups: ['Mitglieder'] },
  { username: 'chef', role: 'ROLE_USER', groups: ['Geschäftsführung'] },
  { username: 'beide', role: 'ROLE_USER', groups: ['Mitglieder', 'Geschäftsführung'] },
  { username: 'partner', role: 'ROLE_PARTNER', groups: ['Partner'] },
] as const satisfies readonly UserSpec[];

type NameOf<Users extends readonly UserSpec[]> = Users[number]['username'];

/**
 * An app on a database of its own with the demo groups (`Mitglieder` and `Partner` default,
 * `Geschäftsführung` internal), the users asked for, logged in, and helpers to talk to it. The events'
 * clock is the system clock until a test sets `w.clock.now`.
 */
export interface World<Name extends string = NameOf<typeof MEMBER_USERS>> {
  t: TestApp;
  app: FastifyInstance;
  groups: { mitglieder: number; partner: number; gf: number };
  /** the bearer header of every user of the world */
  as: Record<Name, Headers>;
  clock: { now: Date | undefined };
  /** logs in any user (also one created by the test) and gives its bearer header */
  login: (username: string) => Promise<Headers>;
  /** a multipart POST as a browser's FormData sends it */
  postMultipart: (
    url: string,
    headers: Headers,
    fields: MultipartFields,
    defaultFileType?: string,
  ) => Promise<LightMyRequestResponse>;
  /** GET that must answer 200; gives the JSON */
  json: <T>(url: string, headers: Headers) => Promise<T>;
  close: () => Promise<void>;
}

export async function createWorld<const Users extends readonly UserSpec[] = typeof MEMBER_USERS>(
  options: { env?: Record<string, string>; users?: Users; build?: Pick<BuildOptions, 'bodyStall'> } = {},
): Promise<World<NameOf<Users>>> {
  const clock: World['clock'] = { now: undefined };
  const t = await createTestApp(options.env, {
    ...options.build,
    eventsClock: () => clock.now ?? new Date(),
  });
  const { app } = t;
  const groups = {
    mitglieder: await app.accounts.ensureGroup('Mitglieder', { isDefault: true }),
    partner: await app.accounts.ensureGroup('Partner', { isDefault: true }),
    gf: await app.accounts.ensureGroup('Geschäftsführung', { internal: true }),
  };
  const users: readonly UserSpec[] = options.users ?? MEMBER_USERS;
  const as: Record<string, Headers> = {};
  for (const user of users)
    await createUser(app, { ...user, groups: user.groups ? [...user.groups] : undefined });
  for (const user of users) as[user.username] = bearer(await login(app, user.username));
  return {
    ...worldOf(t),
    groups,
    as: as as Record<NameOf<Users>, Headers>,
    clock,
  };
}

/** An app seeded with the demo data, as `npm start` seeds it on first start; log in with `w.login`. */
export type DemoWorld = Pick<World, 't' | 'app' | 'login' | 'json' | 'close'>;

export async function createDemoWorld(): Promise<DemoWorld> {
  const t = await createTestApp();
  const { app } = t;
  const seeded = await seedDemoData(app.accounts, {
    db: app.database.db,
    storage: app.storage,
    signer: app.signer,
  });
  if (!seeded) throw new Error('the demo data was not seeded');
  return worldOf(t);
}

function worldOf(t: TestApp): Pick<World, 't' | 'app' | 'login' | 'postMultipart' | 'json' | 'close'> {
  const { app } = t;
  return {
    t,
    app,
    login: async (username) => bearer(await login(app, username)),
    postMultipart: async (url, headers, fields, defaultFileType) => {
      const body = await multipartBody(fields, defaultFileType);
      return app.inject({
        method: 'POST',
        url,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    },
    json: async <T>(url: string, headers: Headers) => {
      const response = await app.inject({ url, headers });
      if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
      return response.json<T>();
    },
    close: () => t.close(),
  };
}

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../test-fixtures');

/** A file of the repository's test-fixtures folder. */
export function fixture(relative: string): Buffer {
  return readFileSync(path.join(fixtures, relative));
}

/** The app's storage folder. */
export function storageRoot(t: TestApp): string {
  return t.config.storageUrl.replace(/^file:/, '');
}

/** Every file in the app's storage folder (relative keys, temp files included), optionally under a prefix. */
export function storedFiles(t: TestApp, prefix = ''): string[] {
  const root = storageRoot(t);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((entry) => statSync(path.join(root, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((key) => key.startsWith(prefix))
    .sort();
}

/** The storage key inside a signed file URL. */
export function keyOf(url: string | null): string {
  if (!url) throw new Error('no url');
  return new URL(url, 'http://x').pathname.replace('/api/files/', '');
}

type Table = TestApp['database']['db'] extends Kysely<infer Tables> ? keyof Tables & string : never;

/** Rows of each table named, to prove that nothing was half-written. */
export async function rowCounts<Name extends Table>(
  t: TestApp,
  tables: readonly Name[],
): Promise<Record<Name, number>> {
  const counts: Partial<Record<Name, number>> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
      t.database.db,
    );
    counts[table] = Number(rows[0]?.n);
  }
  return counts as Record<Name, number>;
}

export type { MultipartFields };
