/**
 * The host website's login call names the member's company (issue 36 point 5, decision 0174): by the office's
 * member number first, then by the folded name; a name no company has creates one. Runs inside the login
 * call's transaction (accounts' upsert), so a refused call writes neither member nor company. The member is
 * moved into the company named (the host knows where they work); function and main-contact flag stay with
 * admins and the main contact.
 */
import { COMPANY_MESSAGES } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { SearchIndex } from '../search/index.ts';
import { type CompanyRow, createCompaniesRepository } from './companies.repository.ts';
import { auditCompanySave, auditMembership, stateOf } from './companies-audit.ts';
import { letterOf, nameKey } from './company-keys.ts';

export interface LoginCompany {
  companyName?: string | undefined;
  companyNumber?: string | undefined;
}

export function createCompanyLoginLink(deps: { db: Kysely<DB>; search: SearchIndex }) {
  const repo = createCompaniesRepository(deps.db);

  /** The company of that name, created when there is none (two logins at once create it once). */
  async function companyNamed(trx: Executor, name: string, number: string | undefined): Promise<CompanyRow> {
    const key = nameKey(name);
    const now = new Date();
    const inserted = await trx
      .insertInto('companies')
      .values({
        name,
        nameKey: key,
        letter: letterOf(name),
        number: number ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((conflict) => conflict.column('nameKey').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      await repo.refreshSearchText(trx, [inserted.id]);
      await deps.search.refresh(trx, { kind: 'company', id: inserted.id });
    }
    const row = await repo.byKey(trx, key);
    if (!row) throw new Error(`company ${key} neither inserted nor found`);
    if (inserted) await auditCompanySave(trx, null, row.id, { before: undefined, after: stateOf(row, []) });
    return row;
  }

  /** Finds or creates the company named and links the member to it; nothing when the call names none. */
  return async function linkFromLogin(trx: Executor, userId: number, input: LoginCompany): Promise<void> {
    const { companyName, companyNumber } = input;
    if (!companyName && !companyNumber) return;
    let company = companyNumber ? await repo.byNumber(trx, companyNumber) : undefined;
    if (!company && companyName) {
      company = await repo.byKey(trx, nameKey(companyName));
      // the office's number names the company from now on, unless it has another already
      if (company && companyNumber && company.number === null) {
        await trx
          .updateTable('companies')
          .set({ number: companyNumber })
          .where('id', '=', company.id)
          .execute();
        const before = stateOf(company, []);
        await auditCompanySave(trx, null, company.id, {
          before,
          after: { ...before, number: companyNumber },
        });
      }
      company ??= await companyNamed(trx, companyName, companyNumber);
    }
    if (!company) {
      const message = COMPANY_MESSAGES.numberUnknown(companyNumber ?? '');
      throw badRequest(message, { companyNumber: message });
    }
    const link = await repo.linkOf(trx, userId);
    if (link?.companyId === company.id) return;
    const was = link ? await repo.find(trx, link.companyId) : undefined;
    await repo.link(trx, company.id, userId, {}, new Date());
    await auditMembership(trx, null, userId, {
      before: {
        company: was?.name ?? null,
        function: link?.function ?? null,
        mainContact: link?.mainContact ?? false,
        phone: link?.phone ?? null,
      },
      after: { company: company.name, function: null, mainContact: false, phone: null },
    });
  };
}
