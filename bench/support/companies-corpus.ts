/**
 * The large data of bench/companies.ts (issue 36): 5,000 member companies with 20,000 contacts, written straight
 * into the tables in batches, deterministic. Names from family names and kinds of business, places from a list
 * of German towns with their Bundesland, one to three of the specialties each; four contacts per company, one
 * of them its main contact, every third agreed to be shown. `letter` and `search_text` are what the companies
 * feature writes (company-keys.ts); the search's documents are built afterwards by `reindexAll`.
 */
import type { TCompanyState } from '@portal/contract';
import type { Kysely } from 'kysely';
import { usernameKey } from '../../apps/server/src/features/accounts/index.ts';
import { letterOf, nameKey, searchTextOf } from '../../apps/server/src/features/companies/company-keys.ts';
import type { DB } from '../../apps/server/src/platform/db/schema.ts';

export const COMPANIES = 5_000;
export const CONTACTS_PER_COMPANY = 4;
/** The one company whose name holds RARE_COMPANY. */
export const RARE_COMPANY = 'Quarzsandwerk';

// biome-ignore format: a table of names reads best as lines of ten
const NAMES = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
  'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann',
  'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Schmitz', 'Krause', 'Meier',
  'Lehmann', 'Schmid', 'Schulze', 'Maier', 'Köhler', 'Herrmann', 'König', 'Walter', 'Mayer', 'Huber',
  'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller', 'Weiß', 'Jung', 'Hahn', 'Schubert',
] as const;
const KINDS: readonly ((name: string) => string)[] = [
  (name) => `Glaserei ${name}`,
  (name) => `${name} Flachglas GmbH`,
  (name) => `Glas ${name} GmbH & Co. KG`,
  (name) => `${name} Isolierglas GmbH`,
  (name) => `Fensterbau ${name} e. K.`,
  (name) => `${name} Glastechnik AG`,
  (name) => `Glashandel ${name} OHG`,
  (name) => `${name} Spiegel & Glas GmbH`,
  (name) => `Fassaden ${name} GmbH`,
  (name) => `Ganzglas ${name} KG`,
];
const TOWNS: readonly [string, string, TCompanyState][] = [
  ['80331', 'München', 'BY'],
  ['90402', 'Nürnberg', 'BY'],
  ['50667', 'Köln', 'NW'],
  ['44135', 'Dortmund', 'NW'],
  ['40213', 'Düsseldorf', 'NW'],
  ['70173', 'Stuttgart', 'BW'],
  ['68159', 'Mannheim', 'BW'],
  ['30159', 'Hannover', 'NI'],
  ['60311', 'Frankfurt am Main', 'HE'],
  ['01067', 'Dresden', 'SN'],
  ['04109', 'Leipzig', 'SN'],
  ['10115', 'Berlin', 'BE'],
  ['20095', 'Hamburg', 'HH'],
  ['28195', 'Bremen', 'HB'],
  ['99084', 'Erfurt', 'TH'],
  ['39104', 'Magdeburg', 'ST'],
  ['14467', 'Potsdam', 'BB'],
  ['19053', 'Schwerin', 'MV'],
  ['24103', 'Kiel', 'SH'],
  ['55116', 'Mainz', 'RP'],
  ['66111', 'Saarbrücken', 'SL'],
];
const FUNCTIONS = ['Geschäftsführung', 'Vertrieb', 'Technik', 'Verwaltung'] as const;
const BATCH = 500;

export interface SeededCompany {
  name: string;
  city: string;
  state: TCompanyState;
  specialties: string[];
}

/** The companies, deterministic: the i-th from its number alone. */
export function generateCompanies(specialtyNames: readonly string[]): SeededCompany[] {
  return Array.from({ length: COMPANIES }, (_, i) => {
    const family = NAMES[i % NAMES.length] ?? '';
    const kind = KINDS[Math.floor(i / NAMES.length) % KINDS.length] ?? ((n: string) => n);
    const round = Math.floor(i / (NAMES.length * KINDS.length));
    const base = kind(i === 4_321 ? RARE_COMPANY : family);
    const [, city, state] = TOWNS[(i * 7) % TOWNS.length] ?? TOWNS[0] ?? ['', '', 'BY'];
    const count = 1 + (i % 3);
    const specialties = Array.from(
      { length: count },
      (_, k) => specialtyNames[(i + k * 2) % specialtyNames.length] ?? '',
    );
    return {
      name: round === 0 ? base : `${base} ${round + 1}`,
      city,
      state,
      specialties: [...new Set(specialties)],
    };
  });
}

/** Writes the companies, their specialty links and contacts (new members); answers the specialty ids by name. */
export async function seedCompanies(db: Kysely<DB>, companies: readonly SeededCompany[]) {
  const specialties = new Map(
    (await db.selectFrom('companySpecialties').select(['id', 'name']).execute()).map((s) => [s.name, s.id]),
  );
  const now = new Date();
  for (let start = 0; start < companies.length; start += BATCH) {
    const some = companies.slice(start, start + BATCH);
    const ids = await db
      .insertInto('companies')
      .values(
        some.map((company, k) => {
          const postalCode = TOWNS.find(([, city]) => city === company.city)?.[0] ?? null;
          return {
            name: company.name,
            nameKey: nameKey(company.name),
            letter: letterOf(company.name),
            street: `Industriestraße ${start + k + 1}`,
            postalCode,
            city: company.city,
            state: company.state,
            website: null,
            phone: '0123 456789',
            email: `info${start + k}@firma.example`,
            description: 'Mitgliedsbetrieb des Verbands',
            logoKey: null,
            logoName: null,
            searchText: searchTextOf({ ...company, postalCode }),
            createdAt: now,
            updatedAt: now,
          };
        }),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('companySpecialtyLinks')
      .values(
        some.flatMap((company, k) =>
          company.specialties.map((name) => ({
            companyId: ids[k]?.id ?? 0,
            specialtyId: specialties.get(name) ?? 0,
          })),
        ),
      )
      .execute();
    const people = some.flatMap((_, k) =>
      Array.from({ length: CONTACTS_PER_COMPANY }, (_, p) => ({
        username: `kontakt${start + k}-${p}`,
        companyId: ids[k]?.id ?? 0,
        p,
      })),
    );
    const users = await db
      .insertInto('users')
      .values(
        people.map((person) => ({
          username: person.username,
          usernameKey: usernameKey(person.username),
          email: `${person.username}@firma.example`,
          company: null,
          role: 'ROLE_USER',
          passwordHash: null,
          createdAt: now,
          updatedAt: now,
          forumReadFrom: null,
          lastLoginAt: null,
          erasedAt: null,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('companyMembers')
      .values(
        people.map((person, k) => ({
          userId: users[k]?.id ?? 0,
          companyId: person.companyId,
          function: FUNCTIONS[person.p % FUNCTIONS.length] ?? null,
          mainContact: person.p === 0,
          phone: null,
          createdAt: now,
        })),
      )
      .execute();
    const agreed = users.filter((_, k) => k % 3 === 0);
    if (agreed.length > 0)
      await db
        .insertInto('directoryConsents')
        .values(agreed.map((user) => ({ userId: user.id, agreedAt: now })))
        .execute();
  }
  return specialties;
}
