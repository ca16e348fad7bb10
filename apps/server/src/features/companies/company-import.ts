/**
 * The companies' import and export (issue 36 point 4, decision 0173). The import reads the file, plans every
 * row against the database (new, changed, unchanged, error with a German reason) and, unless it is a dry run,
 * applies the plan in one transaction, planned again inside it; a file with any error writes nothing. Applying
 * the same file twice changes nothing the second time: only what differs is written.
 */
import { COMPANY_MESSAGES, type TCompanyImportResult, type TCompanyState } from '@portal/contract';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../platform/audit/audit-log.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { writeCsv } from '../../platform/csv/write-csv.ts';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest, conflict } from '../../platform/http/errors.ts';
import type { SearchIndex } from '../search/index.ts';
import { createCompaniesRepository } from './companies.repository.ts';
import { auditMembership } from './companies-audit.ts';
import { EXPORT_HEADER, exportRow, readCompanyCsv } from './company-csv.ts';
import { planImport } from './company-import-plan.ts';
import { guardUniqueName } from './company-keys.ts';
import { saveCompanyChanges } from './company-save.ts';

type Outcome = TCompanyImportResult['rows'][number];

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
      if (dryRun) return result((await planImport(db, rows)).outcomes, true, false);
      const race = () => conflict(COMPANY_MESSAGES.importRace);
      const outcomes = await guardUniqueName(
        () =>
          db.transaction().execute(async (trx) => {
            const planned = await planImport(trx, rows);
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
              const company = planned.companies.get(contact.companyKey);
              if (companyId === undefined || !company) continue;
              const { member } = contact;
              await repo.link(
                trx,
                companyId,
                member.id,
                { function: contact.function, mainContact: contact.mainContact },
                now,
              );
              // before and after from the plan's reads: no query per contact
              const stays = member.companyKey === contact.companyKey;
              await auditMembership(trx, principal.id, member.id, {
                before: {
                  company: member.companyName,
                  function: member.function,
                  mainContact: member.mainContact,
                  phone: member.phone,
                },
                after: {
                  company: company.name,
                  function: contact.function,
                  mainContact: contact.mainContact,
                  phone: stays ? member.phone : null,
                },
              });
            }
            await recordAudit(trx, {
              actorId: principal.id,
              kind: 'company.import',
              subjectType: 'company',
              changes: { rows: { before: null, after: rows.length } },
            });
            return planned.outcomes;
          }),
        race,
      );
      return result(outcomes, false, true);
    },

    /** Every company with each of its contacts (main contacts first), by name: the import's format. */
    async export(): Promise<Buffer> {
      const companies = await db.selectFrom('companies').selectAll().orderBy('nameKey').execute();
      // every link at once, by join: no list of thousands of company ids in one statement
      const links = await db
        .selectFrom('companySpecialtyLinks')
        .innerJoin('companySpecialties', 'companySpecialties.id', 'companySpecialtyLinks.specialtyId')
        .select(['companySpecialtyLinks.companyId', 'companySpecialties.name'])
        .orderBy('companySpecialties.nameKey')
        .execute();
      const specialties = Map.groupBy(links, (link) => link.companyId);
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

export type CompanyImport = ReturnType<typeof createCompanyImport>;
