/**
 * The large data of bench/admin-members.ts (issue 18): 100,000 members of the association's member companies,
 * written straight into the tables in batches (creating them one by one through the accounts service would
 * take minutes). German names, companies and e-mail addresses, deterministic from a seeded generator; roles
 * mixed, about 3 % disabled, 0.5 % erased (decision 0086: renamed, left out of the list), last logins over two
 * years; each member in 1–3 of 30 groups (the demo's Mitglieder or Partner, and up to two of 27 more).
 * `search_key` and `name_key` are what the accounts repository writes (memberSearchKey, memberNameKey).
 * Issue 36: six in seven members have first and last name; the company texts are member companies (3,200),
 * and nine in ten members with a text belong to that company (company_members), the others to none. The
 * seeded members are returned so that the bench can check every answer against them.
 */
import { ERASED_MEMBER_NAME, type TRole } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import {
  memberNameKey,
  memberSearchKey,
  usernameKey,
} from '../../apps/server/src/features/accounts/index.ts';
import { letterOf, nameKey } from '../../apps/server/src/features/companies/company-keys.ts';
import type { DB } from '../../apps/server/src/platform/db/schema.ts';

export const MEMBERS = 100_000;

/** The one member whose name holds RARE_NAME. */
export const RARE_NAME = 'Quastenflosser';

// biome-ignore format: a table of names reads best as lines of ten
const FIRST_NAMES = [
  'Anna', 'Thomas', 'Stefan', 'Sabine', 'Michael', 'Andrea', 'Jürgen', 'Petra', 'Klaus', 'Monika',
  'Wolfgang', 'Ursula', 'Frank', 'Claudia', 'Andreas', 'Birgit', 'Markus', 'Susanne', 'Peter', 'Karin',
  'Christian', 'Heike', 'Matthias', 'Gabriele', 'Martin', 'Katrin', 'Jörg', 'Stefanie', 'Uwe', 'Nicole',
  'Ralf', 'Julia', 'Bernd', 'Sandra', 'Dirk', 'Melanie', 'Tobias', 'Lena', 'Sebastian', 'Jana',
  'Florian', 'Sophie', 'Lukas', 'Marie', 'Jan', 'Laura', 'Tim', 'Lea', 'Björn', 'Anja',
  'Günter', 'Renate', 'Horst', 'Ingrid', 'Dieter', 'Elke', 'Hans-Peter', 'Anne-Marie', 'Jens', 'Silke',
] as const;
// biome-ignore format: a table of names reads best as lines of ten
const LAST_NAMES = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
  'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann',
  'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Schmitz', 'Krause', 'Meier',
  'Lehmann', 'Schmid', 'Schulze', 'Maier', 'Köhler', 'Herrmann', 'König', 'Walter', 'Mayer', 'Huber',
  'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller', 'Weiß', 'Jung', 'Hahn', 'Schubert',
  'Vogel', 'Friedrich', 'Keller', 'Günther', 'Frank', 'Berger', 'Winkler', 'Roth', 'Beck', 'Lorenz',
  'Baumann', 'Franke', 'Albrecht', 'Schuster', 'Simon', 'Ludwig', 'Böhm', 'Winter', 'Kraus', 'Martin',
  'Schumacher', 'Krämer', 'Vogt', 'Stein', 'Jäger', 'Otto', 'Sommer', 'Groß', 'Seidel', 'Heinrich',
] as const;
/** Company names by kind; `r` is empty or a region that tells apart companies of the same family name. */
const COMPANY_KINDS: readonly ((name: string, r: string) => string)[] = [
  (name, r) => `Glaserei ${name}${r}`,
  (name, r) => `${name} Flachglas${r} GmbH`,
  (name, r) => `Glas ${name}${r} GmbH & Co. KG`,
  (name, r) => `${name} Isolierglas${r} GmbH`,
  (name, r) => `Fensterbau ${name}${r} e. K.`,
  (name, r) => `${name} Glastechnik${r} AG`,
  (name, r) => `Glashandel ${name}${r} OHG`,
  (name, r) => `${name} Spiegel & Glas${r} GmbH`,
];
const REGIONS = ['', ' Nord', ' Süd', ' West', ' Ost'] as const;
const COMPANIES = COMPANY_KINDS.length * LAST_NAMES.length * REGIONS.length;
/** Where members with a private address have it. */
const MAIL_PROVIDERS = ['t-online.de', 'gmx.de', 'web.de', 'gmail.com'] as const;
/** The 27 groups besides the demo's three, in the order of how many members they get (most first). */
const MORE_GROUPS = [
  ...['Bayern', 'Nordrhein-Westfalen', 'Baden-Württemberg', 'Niedersachsen', 'Hessen', 'Sachsen'].map(
    (land) => `Landesverband ${land}`,
  ),
  ...['Berlin-Brandenburg', 'Nord', 'Rheinland-Pfalz/Saarland', 'Thüringen', 'Sachsen-Anhalt'].map(
    (land) => `Landesverband ${land}`,
  ),
  ...['Isolierglas', 'Sicherheitsglas', 'Normen', 'Ausbildung', 'Energie', 'Recht', 'Digitalisierung'].map(
    (topic) => `Arbeitskreis ${topic}`,
  ),
  ...['Fassade', 'Glasbau', 'Handel', 'Handwerk', 'Industrie', 'Zulieferer', 'Veredelung', 'Fenster'].map(
    (topic) => `Fachgruppe ${topic}`,
  ),
  'Vorstand',
];

const DAY = 24 * 60 * 60 * 1000;
/** rows per INSERT: 13 columns × 500 stays far below SQLite's and PostgreSQL's limits on bound values */
const BATCH = 500;

/** One seeded member as the members list shows it; `groups` are names. */
export interface SeededMember {
  username: string;
  email: string | null;
  company: string | null;
  firstName: string | null;
  lastName: string | null;
  /** the member company they belong to (issue 36), by name */
  memberCompany: string | null;
  role: TRole;
  disabled: boolean;
  erased: boolean;
  searchKey: string;
  nameKey: string;
  groups: string[];
}

/** mulberry32: a small seeded generator, so that every run writes the same members. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length] as T;
}

/** An address's local part or domain: 'Jürgen' → 'juergen', 'Spiegel & Glas' → 'spiegel-und-glas'. */
function mailPart(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .replaceAll('&', 'und')
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Company number `c` (0 … COMPANIES - 1): its name and its mail domain. */
export function company(c: number): { name: string; domain: string } {
  const kind = c % COMPANY_KINDS.length;
  const family = pick(LAST_NAMES, Math.floor(c / COMPANY_KINDS.length));
  const region = pick(REGIONS, Math.floor(c / (COMPANY_KINDS.length * LAST_NAMES.length)));
  const name = (COMPANY_KINDS[kind] as (name: string, r: string) => string)(family, region);
  const stem = name.replace(/ (GmbH & Co\. KG|GmbH|AG|OHG|e\. K\.)$/, '');
  return { name, domain: `${mailPart(stem)}.de` };
}

/** Member number `n`: 60 first names × 80 family names, then the same again with a number. */
function member(n: number, next: () => number): SeededMember {
  const first = pick(FIRST_NAMES, n);
  const last = n === 77_777 ? RARE_NAME : pick(LAST_NAMES, Math.floor(n / FIRST_NAMES.length));
  const round = Math.floor(n / (FIRST_NAMES.length * LAST_NAMES.length));
  const suffix = round === 0 ? '' : String(round + 1);
  const username = `${first.toLowerCase()}.${last.toLowerCase()}${suffix}`;
  const works = next() < 0.96 ? company(Math.floor(next() * COMPANIES)) : undefined;
  const mail = next();
  const local = `${mailPart(first)}.${mailPart(last)}${suffix}`;
  const email =
    mail < 0.04
      ? null
      : mail < 0.14 || !works
        ? `${local}@${pick(MAIL_PROVIDERS, n)}`
        : `${local}@${works.domain}`;
  const roll = next();
  const role: TRole = roll < 0.002 ? 'ROLE_ADMIN' : roll < 0.12 ? 'ROLE_PARTNER' : 'ROLE_USER';
  const groups = [role === 'ROLE_PARTNER' ? 'Partner' : 'Mitglieder'];
  if (role !== 'ROLE_PARTNER' && next() < 0.05) groups.push('Geschäftsführung');
  // up to two more, the first of MORE_GROUPS the most popular
  for (let more = 0; more < 2 && groups.length < 3; more += 1) {
    if (next() < 0.45) {
      const group = MORE_GROUPS[Math.floor(next() ** 2 * MORE_GROUPS.length)] as string;
      if (!groups.includes(group)) groups.push(group);
    }
  }
  // names and company links from the member's number, so that the generator's sequence stays as it was
  const named = n % 7 !== 0;
  const seeded = {
    username,
    email,
    company: works?.name ?? null,
    firstName: named ? first : null,
    lastName: named ? last : null,
  };
  return {
    ...seeded,
    memberCompany: works && n % 10 !== 3 ? works.name : null,
    role,
    disabled: next() < 0.03,
    erased: n % 200 === 199,
    searchKey: memberSearchKey(seeded),
    nameKey: memberNameKey(seeded),
    groups,
  };
}

/** The members to write, the same on every run. */
export function generateMembers(): SeededMember[] {
  const next = random(18);
  return Array.from({ length: MEMBERS }, (_, n) => member(n, next));
}

async function inBatches<Row, Result>(
  rows: readonly Row[],
  insert: (batch: Row[]) => Promise<Result[]>,
  size = BATCH,
): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < rows.length; start += size) {
    results.push(...(await insert(rows.slice(start, start + size))));
  }
  return results;
}

/**
 * Writes `members` and the 27 more groups into a database that holds the demo accounts (and so the groups
 * Mitglieder, Partner and Geschäftsführung); returns every group's id by name.
 */
export async function seedMembers(
  db: Kysely<DB>,
  members: readonly SeededMember[],
): Promise<Map<string, number>> {
  const now = Date.now();
  const next = random(1818);
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('userGroups')
      .values(MORE_GROUPS.map((name) => ({ name, createdAt: new Date(now) })))
      .execute();
    const groups = new Map(
      (await trx.selectFrom('userGroups').select(['id', 'name']).execute()).map((g) => [g.name, g.id]),
    );
    const rows = members.map((seeded, n) => {
      const createdAt = new Date(now - (10 * 365 * DAY * (MEMBERS - n)) / MEMBERS);
      // about one in eight never logged in; the others mostly lately
      const login = next();
      const common = {
        role: seeded.role,
        passwordHash: null,
        createdAt,
        updatedAt: createdAt,
        forumReadFrom: null,
        lastLoginAt: login < 0.12 ? null : new Date(now - next() ** 2 * 730 * DAY),
      };
      // erased as decision 0086 leaves the row; the key becomes ERASED#<id> below, once the id is known
      return seeded.erased
        ? {
            ...common,
            username: ERASED_MEMBER_NAME,
            usernameKey: `erased-${n}`,
            email: null,
            company: null,
            disabled: true,
            erasedAt: new Date(now - next() * 365 * DAY),
            searchKey: '',
            nameKey: '',
            companyOrder: '1',
          }
        : {
            ...common,
            username: seeded.username,
            usernameKey: usernameKey(seeded.username),
            email: seeded.email,
            company: seeded.company,
            firstName: seeded.firstName,
            lastName: seeded.lastName,
            disabled: seeded.disabled,
            erasedAt: null,
            searchKey: seeded.searchKey,
            nameKey: seeded.nameKey,
            // as the triggers of migration 0036 keep it: written with the row, the links then change nothing
            // (on PostgreSQL a second write of every row would leave the table twice its size)
            companyOrder: seeded.memberCompany ? `0${nameKey(seeded.memberCompany)}` : '1',
          };
    });
    const ids = await inBatches(rows, async (batch) =>
      (await trx.insertInto('users').values(batch).returning('id').execute()).map((row) => row.id),
    );
    await sql`update users set username_key = 'ERASED#' || id where erased_at is not null`.execute(trx);
    const memberships = members.flatMap((seeded, n) =>
      seeded.erased
        ? []
        : seeded.groups.map((name) => ({ userId: ids[n] as number, groupId: groups.get(name) as number })),
    );
    await inBatches(memberships, (batch) => trx.insertInto('userGroupMembers').values(batch).execute(), 2000);
    await seedCompanyLinks(trx, members, ids, new Date(now));
    return groups;
  });
}

/**
 * The member companies of the seeded members and their links; the triggers of migration 0036 find each
 * member's `company_order` written already.
 */
async function seedCompanyLinks(
  trx: Kysely<DB>,
  members: readonly SeededMember[],
  ids: readonly number[],
  at: Date,
): Promise<void> {
  const names = [
    ...new Set(members.flatMap((seeded) => (seeded.memberCompany ? [seeded.memberCompany] : []))),
  ];
  const companies = new Map<string, number>();
  await inBatches(names, async (batch) => {
    const rows = await trx
      .insertInto('companies')
      .values(
        batch.map((name) => ({
          name,
          nameKey: nameKey(name),
          letter: letterOf(name),
          searchText: nameKey(name),
          createdAt: at,
          updatedAt: at,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    for (const row of rows) companies.set(row.name, row.id);
    return rows;
  });
  const links = members.flatMap((seeded, n) =>
    seeded.erased || !seeded.memberCompany
      ? []
      : [
          {
            userId: ids[n] as number,
            companyId: companies.get(seeded.memberCompany) as number,
            createdAt: at,
          },
        ],
  );
  await inBatches(links, (batch) => trx.insertInto('companyMembers').values(batch).execute(), 2000);
}
