/**
 * The companies' import and export (issue 36 point 4, decision 0173). The import reads the file, plans every
 * row against the database (new, changed, unchanged, error with a German reason) and, unless it is a dry run,
 * applies the plan in one transaction, planned again inside it; a file with any error writes nothing. Applying
 * the same file twice changes nothing the second time: only what differs is written.
 */
import {
  COMPANY_IMPORT_MESSAGES,
  COMPANY_MESSAGES,
  type TCompanyImportResult,
  type TCompanyState,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../platform/audit/audit-log.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { writeCsv } from '../../platform/csv/write-csv.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { usernameKey } from '../accounts/index.ts';
import type { SearchIndex } from '../search/index.ts';
import { type CompanyValues, createCompaniesRepository } from './companies.repository.ts';
import { auditMembership } from './companies-audit.ts';
import { type CsvCompanyRow, EXPORT_HEADER, exportRow, readCompanyCsv } from './company-csv.ts';
import { nameKey } from './company-keys.ts';
import { saveCompanyChanges } from './company-save.ts';

type Outcome = TCompanyImportResult['rows'][number];

interface PlannedCompany {
  key: string;
  name: string;
  existingId: number | undefined;
  /** the fields to write: those given that differ (all given, for a new company) */
  values: Partial<CompanyValues>;
  specialtyIds: number[] | undefined;
  changed: boolean;
  firstLine: number;
}

interface PlannedContact {
  companyKey: string;
  userId: number;
  function: CsvContact['function'];
  mainContact: boolean;
  changed: boolean;
}
type CsvContact = NonNullable<CsvCompanyRow['contact']>;

const COMPANY_COLUMNS = [
  'street',
  'postalCode',
  'city',
  'state',
  'website',
  'phone',
  'email',
  'description',
] as const;

async function plan(executor: Executor, rows: CsvCompanyRow[]) {
  const specialties = new Map(
    (await executor.selectFrom('companySpecialties').select(['id', 'name', 'nameKey']).execute()).map((s) => [
      s.nameKey,
      s,
    ]),
  );
  const companies = new Map<string, PlannedCompany>();
  const contacts: PlannedContact[] = [];
  const seenMembers = new Map<number, number>();
  const outcomes: Outcome[] = [];
  const repo = createCompaniesRepository(executor as Kysely<DB>);
  for (const row of rows) {
    const errors = [...row.errors];
    const key = nameKey(row.name);
    const specialtyIds = row.specialties?.map((name) => {
      const found = specialties.get(nameKey(name));
      if (!found) errors.push(COMPANY_IMPORT_MESSAGES.specialtyUnknown(name));
      return found?.id ?? 0;
    });
    let company = companies.get(key);
    if (key !== '' && !company) {
      const existing = await repo.byKey(executor, key);
      const current = existing
        ? ((await repo.specialtiesOf(executor, [existing.id])).get(existing.id) ?? []).map((s) => s.id)
        : [];
      const values: Partial<CompanyValues> = {};
      if (!existing || existing.name !== row.name) values.name = row.name;
      for (const column of COMPANY_COLUMNS) {
        const given = row.values[column];
        if (given !== undefined && given !== existing?.[column]) Object.assign(values, { [column]: given });
      }
      const sameSpecialties = specialtyIds === undefined || sameSet(specialtyIds, current);
      company = {
        key,
        name: row.name,
        existingId: existing?.id,
        values,
        specialtyIds: sameSpecialties ? undefined : specialtyIds,
        changed: !existing || Object.keys(values).length > 0 || !sameSpecialties,
        firstLine: row.line,
      };
      if (errors.length === 0) companies.set(key, company);
    } else if (company && differs(company, row, specialtyIds)) {
      errors.push(COMPANY_IMPORT_MESSAGES.conflict(company.firstLine));
    }
    const contact = row.contact
      ? await planContact(executor, row.contact, key, seenMembers, row.line, errors)
      : undefined;
    if (errors.length > 0) {
      outcomes.push({ line: row.line, company: row.name, outcome: 'error', message: errors.join(' ') });
      continue;
    }
    if (contact) contacts.push(contact);
    const first = company?.firstLine === row.line;
    const outcome = !company?.existingId
      ? 'new'
      : (first && company.changed) || contact?.changed
        ? 'changed'
        : 'unchanged';
    outcomes.push({ line: row.line, company: row.name, outcome, message: null });
  }
  return { companies, contacts, outcomes };
}

const sameSet = (a: readonly number[], b: readonly number[]) =>
  new Set(a).size === new Set(b).size && a.every((id) => b.includes(id));

/** Whether a further row of a company gives other company data than its first row. */
function differs(company: PlannedCompany, row: CsvCompanyRow, specialtyIds: number[] | undefined): boolean {
  const given = COMPANY_COLUMNS.some(
    (c) => row.values[c] !== undefined && row.values[c] !== (company.values[c] ?? row.values[c]),
  );
  return (
    given ||
    (specialtyIds !== undefined &&
      company.specialtyIds !== undefined &&
      !sameSet(specialtyIds, company.specialtyIds))
  );
}

async function planContact(
  executor: Executor,
  contact: CsvContact,
  companyKey: string,
  seen: Map<number, number>,
  line: number,
  errors: string[],
): Promise<PlannedContact | undefined> {
  const user = await executor
    .selectFrom('users')
    .leftJoin('companyMembers', 'companyMembers.userId', 'users.id')
    .leftJoin('companies', 'companies.id', 'companyMembers.companyId')
    .select(['users.id', 'companies.nameKey', 'companyMembers.function', 'companyMembers.mainContact'])
    .where('users.erasedAt', 'is', null)
    .where((eb) =>
      contact.who.includes('@')
        ? eb(eb.fn('lower', ['users.email']), '=', contact.who.toLowerCase())
        : eb('users.usernameKey', '=', usernameKey(contact.who)),
    )
    .executeTakeFirst();
  if (!user) {
    errors.push(COMPANY_IMPORT_MESSAGES.memberUnknown(contact.who));
    return undefined;
  }
  const earlier = seen.get(user.id);
  if (earlier !== undefined) errors.push(COMPANY_IMPORT_MESSAGES.memberTwice(contact.who, earlier));
  seen.set(user.id, line);
  const changed =
    user.nameKey !== companyKey ||
    user.function !== contact.function ||
    user.mainContact !== contact.mainContact;
  return {
    companyKey,
    userId: user.id,
    function: contact.function,
    mainContact: contact.mainContact,
    changed,
  };
}

export function createCompanyImport(deps: { db: Kysely<DB>; search: SearchIndex }) {
  const { db, search } = deps;
  const repo = createCompaniesRepository(db);

  const result = (outcomes: Outcome[], dryRun: boolean, applied: boolean): TCompanyImportResult => {
    const counts = { new: 0, changed: 0, unchanged: 0, error: 0 };
    for (const row of outcomes) counts[row.outcome] += 1;
    return { dryRun, applied, rows: outcomes, counts };
  };

  const refuse = (outcomes: Outcome[]) => {
    const failed = outcomes.filter((row) => row.outcome === 'error');
    if (failed.length === 0) return;
    throw badRequest(
      COMPANY_MESSAGES.importFailed(failed.length),
      Object.fromEntries(failed.map((row) => [`Zeile ${row.line}`, row.message ?? ''])),
    );
  };

  return {
    async run(principal: Principal, data: Buffer, dryRun: boolean): Promise<TCompanyImportResult> {
      const rows = await readCompanyCsv(data);
      if (dryRun) return result((await plan(db, rows)).outcomes, true, false);
      const outcomes = await db.transaction().execute(async (trx) => {
        const planned = await plan(trx, rows);
        refuse(planned.outcomes);
        const ids = new Map<string, number>();
        const now = new Date();
        for (const company of planned.companies.values()) {
          let id = company.existingId;
          if (id === undefined) {
            const empty = {
              name: company.name,
              street: null,
              postalCode: null,
              city: null,
              state: null,
              website: null,
              phone: null,
              email: null,
              description: null,
            };
            id = await repo.insert(trx, empty, now);
          }
          ids.set(company.key, id);
          if (company.changed) {
            await saveCompanyChanges(trx, repo, search, principal.id, id, {
              ...company.values,
              specialtyIds: company.specialtyIds,
            });
          }
        }
        for (const contact of planned.contacts.filter((c) => c.changed)) {
          const companyId = ids.get(contact.companyKey);
          if (companyId === undefined) continue;
          const before = await membership(trx, contact.userId);
          await repo.link(
            trx,
            companyId,
            contact.userId,
            { function: contact.function, mainContact: contact.mainContact },
            now,
          );
          await auditMembership(trx, principal.id, contact.userId, {
            before,
            after: await membership(trx, contact.userId),
          });
        }
        await recordAudit(trx, {
          actorId: principal.id,
          kind: 'company.import',
          subjectType: 'company',
          changes: { rows: { before: null, after: rows.length } },
        });
        return planned.outcomes;
      });
      return result(outcomes, false, true);
    },

    /** Every company with each of its contacts (main contacts first), by name: the import's format. */
    async export(): Promise<Buffer> {
      const companies = await db.selectFrom('companies').selectAll().orderBy('nameKey').execute();
      const specialties = await repo.specialtiesOf(
        db,
        companies.map((c) => c.id),
      );
      const contacts = await db
        .selectFrom('companyMembers')
        .innerJoin('users', 'users.id', 'companyMembers.userId')
        .select([
          'companyMembers.companyId',
          'users.username',
          'companyMembers.function',
          'companyMembers.mainContact',
        ])
        .where('users.erasedAt', 'is', null)
        .orderBy('companyMembers.mainContact', 'desc')
        .orderBy('users.usernameKey')
        .execute();
      const byCompany = Map.groupBy(contacts, (c) => c.companyId);
      const rows = companies.flatMap((row) => {
        const company = { ...row, state: row.state as TCompanyState | null };
        const names = (specialties.get(row.id) ?? []).map((s) => s.name);
        const people = byCompany.get(row.id) ?? [];
        const lines = people.length === 0 ? [undefined] : people;
        return lines.map((contact) => exportRow({ company, specialties: names, contact }));
      });
      return writeCsv(EXPORT_HEADER, rows);
    },
  };
}

async function membership(trx: Executor, userId: number) {
  const row = await trx
    .selectFrom('companyMembers')
    .innerJoin('companies', 'companies.id', 'companyMembers.companyId')
    .select([
      'companies.name',
      'companyMembers.function',
      'companyMembers.mainContact',
      'companyMembers.phone',
    ])
    .where('companyMembers.userId', '=', userId)
    .executeTakeFirst();
  return {
    company: row?.name ?? null,
    function: row?.function ?? null,
    mainContact: row?.mainContact ?? false,
    phone: row?.phone ?? null,
  };
}

export type CompanyImport = ReturnType<typeof createCompanyImport>;
