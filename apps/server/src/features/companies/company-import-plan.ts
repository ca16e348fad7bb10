/**
 * The import's plan (decision 0173): every row of the file against the database, as new, changed, unchanged
 * or an error with a German reason. The companies, their specialties and the members the file names are read
 * first, a batch of keys per query, so a file of thousands of rows costs a handful of queries, not some per row.
 */
import { COMPANY_IMPORT_MESSAGES, type TCompanyImportResult } from '@portal/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { CompaniesTable } from '../../platform/db/schema.ts';
import { usernameKey } from '../accounts/index.ts';
import { batches } from './batches.ts';
import { type CompanyValues, companySpecialties } from './companies.repository.ts';
import type { CsvCompanyRow } from './company-csv.ts';
import { nameKey } from './company-keys.ts';

type Outcome = TCompanyImportResult['rows'][number];
type CsvContact = NonNullable<CsvCompanyRow['contact']>;

export interface PlannedCompany {
  key: string;
  name: string;
  existingId: number | undefined;
  /** the fields to write: those given that differ (all given, for a new company) */
  values: Partial<CompanyValues>;
  specialtyIds: number[] | undefined;
  changed: boolean;
  firstLine: number;
}

/** A member as the file names them, with their place in a company now (for the plan and the audit). */
interface KnownMember {
  id: number;
  companyName: string | null;
  companyKey: string | null;
  function: string | null;
  mainContact: boolean;
  phone: string | null;
}

export interface PlannedContact {
  companyKey: string;
  member: KnownMember;
  function: CsvContact['function'];
  mainContact: boolean;
  changed: boolean;
}

const COMPANY_COLUMNS = [
  'number',
  'street',
  'postalCode',
  'city',
  'state',
  'website',
  'phone',
  'email',
  'description',
] as const;

/** The companies of these keys, with the ids of their specialties. */
async function companiesByKey(executor: Executor, keys: readonly string[]) {
  const rows: Selectable<CompaniesTable>[] = [];
  for (const some of batches(keys))
    rows.push(...(await executor.selectFrom('companies').selectAll().where('nameKey', 'in', some).execute()));
  const specialties = await companySpecialties(
    executor,
    rows.map((row) => row.id),
  );
  return new Map(
    rows.map((row) => [row.nameKey, { row, specialtyIds: (specialties.get(row.id) ?? []).map((s) => s.id) }]),
  );
}

/** The companies holding these member numbers, by number. */
async function numberHolders(executor: Executor, numbers: readonly string[]) {
  const holders = new Map<string, { name: string; nameKey: string }>();
  for (const some of batches([...new Set(numbers)])) {
    const rows = await executor
      .selectFrom('companies')
      .select(['number', 'name', 'nameKey'])
      .where('number', 'in', some)
      .execute();
    for (const row of rows) if (row.number) holders.set(row.number, row);
  }
  return holders;
}

/** The members the file names (username or e-mail, as written there), not erased. */
async function membersNamed(executor: Executor, names: readonly string[]) {
  const emails = [...new Set(names.filter((n) => n.includes('@')).map((n) => n.toLowerCase()))];
  const usernames = [...new Set(names.filter((n) => !n.includes('@')).map(usernameKey))];
  const query = () =>
    executor
      .selectFrom('users')
      .leftJoin('companyMembers', 'companyMembers.userId', 'users.id')
      .leftJoin('companies', 'companies.id', 'companyMembers.companyId')
      .select([
        'users.id',
        'users.usernameKey',
        'users.email',
        'companies.name as companyName',
        'companies.nameKey as companyKey',
        'companyMembers.function',
        'companyMembers.mainContact',
        'companyMembers.phone',
      ])
      .where('users.erasedAt', 'is', null);
  const rows = [];
  for (const some of batches(usernames))
    rows.push(...(await query().where('users.usernameKey', 'in', some).execute()));
  for (const some of batches(emails))
    rows.push(
      ...(await query()
        .where((eb) => eb(eb.fn('lower', ['users.email']), 'in', some))
        .execute()),
    );
  const found = new Map<string, KnownMember>();
  for (const row of rows) {
    const member: KnownMember = {
      id: row.id,
      companyName: row.companyName,
      companyKey: row.companyKey,
      function: row.function,
      mainContact: row.mainContact ?? false,
      phone: row.phone,
    };
    found.set(`u:${row.usernameKey}`, member);
    if (row.email) found.set(`e:${row.email.toLowerCase()}`, member);
  }
  return (who: string) => found.get(who.includes('@') ? `e:${who.toLowerCase()}` : `u:${usernameKey(who)}`);
}

export async function planImport(executor: Executor, rows: CsvCompanyRow[]) {
  const specialties = new Map(
    (await executor.selectFrom('companySpecialties').select(['id', 'name', 'nameKey']).execute()).map((s) => [
      s.nameKey,
      s,
    ]),
  );
  const existing = await companiesByKey(executor, [...new Set(rows.map((row) => nameKey(row.name)))]);
  const holders = await numberHolders(
    executor,
    rows.flatMap((row) => (row.values.number ? [row.values.number] : [])),
  );
  const memberOf = await membersNamed(
    executor,
    rows.flatMap((row) => (row.contact ? [row.contact.who] : [])),
  );
  const companies = new Map<string, PlannedCompany>();
  const contacts: PlannedContact[] = [];
  const seenMembers = new Map<number, number>();
  const outcomes: Outcome[] = [];
  for (const row of rows) {
    const errors = [...row.errors];
    const key = nameKey(row.name);
    const specialtyIds = row.specialties?.map((name) => {
      const found = specialties.get(nameKey(name));
      if (!found) errors.push(COMPANY_IMPORT_MESSAGES.specialtyUnknown(name));
      return found?.id ?? 0;
    });
    const number = row.values.number;
    // a number another company of the file or the database has already
    const holder = number ? (holders.get(number) ?? undefined) : undefined;
    if (number && !holder) holders.set(number, { name: row.name, nameKey: key });
    if (holder && holder.nameKey !== key)
      errors.push(COMPANY_IMPORT_MESSAGES.numberTaken(number ?? '', holder.name));
    let company = companies.get(key);
    if (key !== '' && !company) {
      company = planCompany(row, key, existing.get(key), specialtyIds);
      if (errors.length === 0) companies.set(key, company);
    } else if (company && differs(company, row, specialtyIds)) {
      errors.push(COMPANY_IMPORT_MESSAGES.conflict(company.firstLine));
    }
    const contact = row.contact
      ? planContact(row.contact, memberOf(row.contact.who), key, seenMembers, row.line, errors)
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

function planCompany(
  row: CsvCompanyRow,
  key: string,
  found: { row: Selectable<CompaniesTable>; specialtyIds: number[] } | undefined,
  specialtyIds: number[] | undefined,
): PlannedCompany {
  const existing = found?.row;
  const values: Partial<CompanyValues> = {};
  if (!existing || existing.name !== row.name) values.name = row.name;
  for (const column of COMPANY_COLUMNS) {
    const given = row.values[column];
    if (given !== undefined && given !== existing?.[column]) Object.assign(values, { [column]: given });
  }
  const sameSpecialties = specialtyIds === undefined || sameSet(specialtyIds, found?.specialtyIds ?? []);
  return {
    key,
    name: row.name,
    existingId: existing?.id,
    values,
    specialtyIds: sameSpecialties ? undefined : specialtyIds,
    changed: !existing || Object.keys(values).length > 0 || !sameSpecialties,
    firstLine: row.line,
  };
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

function planContact(
  contact: CsvContact,
  member: KnownMember | undefined,
  companyKey: string,
  seen: Map<number, number>,
  line: number,
  errors: string[],
): PlannedContact | undefined {
  if (!member) {
    errors.push(COMPANY_IMPORT_MESSAGES.memberUnknown(contact.who));
    return undefined;
  }
  const earlier = seen.get(member.id);
  if (earlier !== undefined) errors.push(COMPANY_IMPORT_MESSAGES.memberTwice(contact.who, earlier));
  seen.set(member.id, line);
  const changed =
    member.companyKey !== companyKey ||
    member.function !== contact.function ||
    member.mainContact !== contact.mainContact;
  return { companyKey, member, function: contact.function, mainContact: contact.mainContact, changed };
}
