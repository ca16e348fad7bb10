/** Every query of the companies feature (issue 36) but the review's and the import's own reads. */
import { personName, type TCompanyFunction, type TCompanyState } from '@portal/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { CompaniesTable, DB } from '../../platform/db/schema.ts';
import { batches } from './batches.ts';
import { letterOf, nameKey, queryPatterns, searchTextOf } from './company-keys.ts';

export type CompanyRow = Selectable<CompaniesTable>;

/** A company's own fields as saved. */
export interface CompanyValues {
  name: string;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  state: TCompanyState | null;
  website: string | null;
  phone: string | null;
  email: string | null;
  description: string | null;
  /** the office's member number ('Mitgliedsnummer'), unique; only admins set it */
  number?: string | null;
}

export interface DirectoryFilter {
  q?: string | undefined;
  state?: TCompanyState | undefined;
  specialty?: number | undefined;
  letter?: string | undefined;
}

export interface ContactRow {
  userId: number;
  username: string;
  /** personName(): 'Erika Muster', or the username */
  name: string;
  email: string | null;
  function: TCompanyFunction | null;
  mainContact: boolean;
  phone: string | null;
  consented: boolean;
}

/** The specialties of these companies, each list by name: one query for a page. */
export async function companySpecialties(executor: Executor, ids: readonly number[]) {
  const result = new Map<number, { id: number; name: string }[]>(ids.map((id) => [id, []]));
  for (const some of batches(ids)) {
    const rows = await executor
      .selectFrom('companySpecialtyLinks')
      .innerJoin('companySpecialties', 'companySpecialties.id', 'companySpecialtyLinks.specialtyId')
      .select(['companySpecialtyLinks.companyId', 'companySpecialties.id', 'companySpecialties.name'])
      .where('companySpecialtyLinks.companyId', 'in', some)
      .orderBy('companySpecialties.nameKey')
      .execute();
    for (const row of rows) result.get(row.companyId)?.push({ id: row.id, name: row.name });
  }
  return result;
}

export function createCompaniesRepository(db: Kysely<DB>) {
  const filtered = (filter: DirectoryFilter) => {
    let query = db.selectFrom('companies');
    for (const pattern of queryPatterns(filter.q)) {
      query = query.where(sql<boolean>`search_text like ${pattern} escape '\\'`);
    }
    if (filter.state) query = query.where('state', '=', filter.state);
    if (filter.letter) query = query.where('letter', '=', filter.letter);
    const { specialty } = filter;
    if (specialty !== undefined) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('companySpecialtyLinks')
            .select(sql.lit(1).as('one'))
            .whereRef('companySpecialtyLinks.companyId', '=', 'companies.id')
            .where('companySpecialtyLinks.specialtyId', '=', specialty),
        ),
      );
    }
    return query;
  };

  const repo = {
    /** A page of the directory by name, and how many match. */
    async page(filter: DirectoryFilter, offset: number, limit: number) {
      const [rows, count] = await Promise.all([
        filtered(filter)
          .select(['id', 'name', 'postalCode', 'city', 'state', 'logoKey'])
          .orderBy('nameKey')
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered(filter)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    find: (executor: Executor, id: number) =>
      executor.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst(),

    byKey: (executor: Executor, key: string) =>
      executor.selectFrom('companies').selectAll().where('nameKey', '=', key).executeTakeFirst(),

    byNumber: (executor: Executor, number: string) =>
      executor.selectFrom('companies').selectAll().where('number', '=', number).executeTakeFirst(),

    specialtiesOf: companySpecialties,

    /** The company's contacts: main contacts first, then by name; whether each agreed to be shown. */
    async contacts(executor: Executor, companyId: number): Promise<ContactRow[]> {
      const rows = await executor
        .selectFrom('companyMembers')
        .innerJoin('users', 'users.id', 'companyMembers.userId')
        .leftJoin('directoryConsents', 'directoryConsents.userId', 'companyMembers.userId')
        .select([
          'users.id as userId',
          'users.username',
          'users.firstName',
          'users.lastName',
          'users.email',
          'companyMembers.function',
          'companyMembers.mainContact',
          'companyMembers.phone',
          'directoryConsents.agreedAt',
        ])
        .where('companyMembers.companyId', '=', companyId)
        .where('users.erasedAt', 'is', null)
        .orderBy('companyMembers.mainContact', 'desc')
        .orderBy('users.usernameKey')
        .execute();
      return rows.map(({ agreedAt, firstName, lastName, ...row }) => ({
        ...row,
        name: personName({ username: row.username, firstName, lastName }),
        function: row.function as TCompanyFunction | null,
        consented: agreedAt !== null,
      }));
    },

    async isMainContact(executor: Executor, companyId: number, userId: number): Promise<boolean> {
      const row = await executor
        .selectFrom('companyMembers')
        .select('mainContact')
        .where('companyId', '=', companyId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row?.mainContact === true;
    },

    async insert(executor: Executor, values: CompanyValues, now: Date): Promise<number> {
      const row = await executor
        .insertInto('companies')
        .values({
          ...values,
          nameKey: nameKey(values.name),
          letter: letterOf(values.name),
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Raises the version first: on PostgreSQL that locks the row until the transaction ends, so two saves of
     * one company run one after the other (SQLite has one writer anyway). Undefined when there is none.
     */
    async lock(executor: Executor, id: number): Promise<CompanyRow | undefined> {
      const result = await executor
        .updateTable('companies')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      return repo.find(executor, id);
    },

    async update(executor: Executor, id: number, values: Partial<CompanyValues>, now: Date): Promise<void> {
      const naming =
        values.name === undefined ? {} : { nameKey: nameKey(values.name), letter: letterOf(values.name) };
      await executor
        .updateTable('companies')
        .set({ ...values, ...naming, updatedAt: now })
        .where('id', '=', id)
        .execute();
    },

    async setLogo(executor: Executor, id: number, logo: { logoKey: string | null; logoName: string | null }) {
      await executor.updateTable('companies').set(logo).where('id', '=', id).execute();
    },

    async setSpecialties(executor: Executor, id: number, specialtyIds: readonly number[]): Promise<void> {
      await executor.deleteFrom('companySpecialtyLinks').where('companyId', '=', id).execute();
      if (specialtyIds.length === 0) return;
      await executor
        .insertInto('companySpecialtyLinks')
        .values([...new Set(specialtyIds)].map((specialtyId) => ({ companyId: id, specialtyId })))
        .execute();
    },

    /** Writes the directory's search text of these companies again from their rows and specialties. */
    async refreshSearchText(executor: Executor, ids: readonly number[]): Promise<void> {
      for (const some of batches(ids)) {
        const rows = await executor
          .selectFrom('companies')
          .select(['id', 'name', 'postalCode', 'city'])
          .where('id', 'in', some)
          .execute();
        const specialties = await repo.specialtiesOf(executor, some);
        for (const row of rows) {
          const names = (specialties.get(row.id) ?? []).map((s) => s.name);
          await executor
            .updateTable('companies')
            .set({ searchText: searchTextOf({ ...row, specialties: names }) })
            .where('id', '=', row.id)
            .execute();
        }
      }
    },

    /** Links the member to the company (moving them from another); keeps function and flag where not given. */
    async link(
      executor: Executor,
      companyId: number,
      userId: number,
      values: { function?: TCompanyFunction | null; mainContact?: boolean; phone?: string | null },
      now: Date,
    ): Promise<void> {
      const current = await repo.linkOf(executor, userId);
      if (current && current.companyId === companyId) {
        if (Object.keys(values).length === 0) return;
        await executor.updateTable('companyMembers').set(values).where('userId', '=', userId).execute();
        return;
      }
      if (current) await executor.deleteFrom('companyMembers').where('userId', '=', userId).execute();
      await executor
        .insertInto('companyMembers')
        .values({
          userId,
          companyId,
          function: values.function ?? null,
          mainContact: values.mainContact ?? false,
          phone: values.phone ?? null,
          createdAt: now,
        })
        .execute();
    },

    linkOf: (executor: Executor, userId: number) =>
      executor.selectFrom('companyMembers').selectAll().where('userId', '=', userId).executeTakeFirst(),

    specialties: (executor: Executor) =>
      executor.selectFrom('companySpecialties').select(['id', 'name']).orderBy('nameKey').execute(),

    /** The ids among these that are specialties. */
    async knownSpecialties(executor: Executor, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await executor
        .selectFrom('companySpecialties')
        .select('id')
        .where('id', 'in', ids)
        .execute();
      return new Set(rows.map((row) => row.id));
    },
  };
  return repo;
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
