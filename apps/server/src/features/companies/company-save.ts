/**
 * One save of a company's fields, specialties and contacts' functions, inside the caller's transaction: the
 * PATCH of the main contact or an admin and the CSV import share it. The row is locked first (its version
 * raised), so two saves at once run one after the other and both keep their changes (decision 0172); a save
 * naming an older version than the one stored is refused with 409.
 */
import { COMPANY_MESSAGES, type TCompanyFunction } from '@portal/contract';
import type { Executor } from '../../platform/db/executor.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import type { SearchIndex } from '../search/index.ts';
import type { CompaniesRepository, CompanyValues } from './companies.repository.ts';
import { auditCompanySave, auditMembership, stateOf } from './companies-audit.ts';
import { nameKey } from './company-keys.ts';

export interface CompanyChanges extends Partial<CompanyValues> {
  specialtyIds?: readonly number[] | undefined;
  contacts?:
    | readonly {
        userId: number;
        function?: TCompanyFunction | null | undefined;
        phone?: string | null | undefined;
      }[]
    | undefined;
  version?: number | undefined;
}

const OWN_FIELDS = [
  'name',
  'street',
  'postalCode',
  'city',
  'state',
  'website',
  'phone',
  'email',
  'description',
  'number',
] as const satisfies readonly (keyof CompanyValues)[];

/** Saves what `input` names of the company; answers whether anything changed. */
export async function saveCompanyChanges(
  trx: Executor,
  repo: CompaniesRepository,
  search: SearchIndex,
  actorId: number | null,
  id: number,
  input: CompanyChanges,
): Promise<boolean> {
  const row = await repo.lock(trx, id);
  if (!row) throw notFound(COMPANY_MESSAGES.notFound);
  if (input.version !== undefined && input.version !== row.version - 1)
    throw conflict(COMPANY_MESSAGES.stale);
  if (input.name !== undefined && nameKey(input.name) !== row.nameKey) {
    const other = await repo.byKey(trx, nameKey(input.name));
    if (other && other.id !== id) throw conflict(COMPANY_MESSAGES.nameTaken(other.name));
  }
  if (input.number && input.number !== row.number) {
    const holder = await repo.byNumber(trx, input.number);
    if (holder && holder.id !== id) throw conflict(COMPANY_MESSAGES.numberTaken(input.number, holder.name));
  }
  const beforeSpecialties = (await repo.specialtiesOf(trx, [id])).get(id) ?? [];
  if (input.specialtyIds) {
    const known = await repo.knownSpecialties(trx, input.specialtyIds);
    if (input.specialtyIds.some((specialty) => !known.has(specialty))) {
      throw badRequest(COMPANY_MESSAGES.specialtyUnknown, {
        specialtyIds: COMPANY_MESSAGES.specialtyUnknown,
      });
    }
  }
  const contacts = input.contacts ? await repo.contacts(trx, id) : [];
  for (const contact of input.contacts ?? []) {
    if (!contacts.some((c) => c.userId === contact.userId)) {
      throw badRequest(COMPANY_MESSAGES.contactUnknown, { contacts: COMPANY_MESSAGES.contactUnknown });
    }
  }

  const values: Partial<CompanyValues> = {};
  for (const field of OWN_FIELDS) {
    if (input[field] !== undefined) Object.assign(values, { [field]: input[field] });
  }
  const now = new Date();
  await repo.update(trx, id, values, now);
  if (input.specialtyIds) await repo.setSpecialties(trx, id, input.specialtyIds);
  await repo.refreshSearchText(trx, [id]);
  await search.refresh(trx, { kind: 'company', id });

  const afterSpecialties = input.specialtyIds
    ? ((await repo.specialtiesOf(trx, [id])).get(id) ?? [])
    : beforeSpecialties;
  const before = stateOf(
    row,
    beforeSpecialties.map((s) => s.name),
  );
  const after = { ...before, ...values, specialties: afterSpecialties.map((s) => s.name) };
  const changed = JSON.stringify(before) !== JSON.stringify(after);
  await auditCompanySave(trx, actorId, id, { before, after });

  let contactsChanged = false;
  for (const patch of input.contacts ?? []) {
    const current = contacts.find((c) => c.userId === patch.userId);
    if (!current) continue;
    const was = {
      company: row.name,
      function: current.function,
      mainContact: current.mainContact,
      phone: current.phone,
    };
    const set = {
      ...(patch.function === undefined ? {} : { function: patch.function }),
      ...(patch.phone === undefined ? {} : { phone: patch.phone }),
    };
    const now2 = { ...was, ...set, company: values.name ?? row.name };
    if (now2.function === was.function && now2.phone === was.phone) continue;
    contactsChanged = true;
    await trx.updateTable('companyMembers').set(set).where('userId', '=', patch.userId).execute();
    await auditMembership(trx, actorId, patch.userId, { before: was, after: now2 });
  }
  return changed || contactsChanged;
}
