/**
 * What only admins do with companies (issue 36 points 1 and 3): create and delete companies, link members to
 * them with function and main-contact flag, keep the list of specialties. Every change is audited.
 */
import {
  COMPANY_MESSAGES,
  type TSpecialty,
  type ZCompanyCreate,
  type ZCompanyMemberInput,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit-log.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../platform/db/schema.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import type { SearchIndex } from '../search/index.ts';
import { createCompaniesRepository } from './companies.repository.ts';
import { auditCompanyDelete, auditMembership, stateOf } from './companies-audit.ts';
import { guardUniqueName, nameKey } from './company-keys.ts';
import { saveCompanyChanges } from './company-save.ts';

export interface CompanyAdminDeps {
  db: Kysely<DB>;
  storage: FileStore;
  search: SearchIndex;
}

export function createCompanyAdminService(deps: CompanyAdminDeps) {
  const { db, storage, search } = deps;
  const repo = createCompaniesRepository(db);

  async function requireSpecialty(id: number) {
    const row = await db.selectFrom('companySpecialties').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(COMPANY_MESSAGES.specialtyUnknown);
    return row;
  }

  /** The companies that have a specialty, whose search text names it. */
  const companiesWith = async (specialtyId: number) =>
    (
      await db
        .selectFrom('companySpecialtyLinks')
        .select('companyId')
        .where('specialtyId', '=', specialtyId)
        .execute()
    ).map((row) => row.companyId);

  async function reindex(trx: Parameters<typeof repo.refreshSearchText>[0], ids: readonly number[]) {
    await repo.refreshSearchText(trx, ids);
    for (const id of ids) await search.refresh(trx, { kind: 'company', id });
  }

  return {
    /** A new company: refused with 409 when one of the same name (folded) exists. */
    async create(principal: Principal, input: z.output<typeof ZCompanyCreate>): Promise<number> {
      const taken = () => conflict(COMPANY_MESSAGES.nameTaken(input.name));
      return guardUniqueName(
        () =>
          db.transaction().execute(async (trx) => {
            const other = await repo.byKey(trx, nameKey(input.name));
            if (other) throw conflict(COMPANY_MESSAGES.nameTaken(other.name));
            const id = await repo.insert(
              trx,
              {
                name: input.name,
                street: null,
                postalCode: null,
                city: null,
                state: null,
                website: null,
                phone: null,
                email: null,
                description: null,
              },
              new Date(),
            );
            // the rest as a save of the new row, so that it is checked and audited the one way
            const { name: _name, ...rest } = input;
            await saveCompanyChanges(trx, repo, search, principal.id, id, { ...rest, name: input.name });
            return id;
          }),
        taken,
      );
    },

    /** Deletes the company; its members stay members, without a company. */
    async remove(principal: Principal, id: number): Promise<void> {
      const key = await db.transaction().execute(async (trx) => {
        const row = await repo.lock(trx, id);
        if (!row) throw notFound(COMPANY_MESSAGES.notFound);
        const specialties = ((await repo.specialtiesOf(trx, [id])).get(id) ?? []).map((s) => s.name);
        await auditCompanyDelete(trx, principal.id, id, stateOf(row, specialties));
        await trx.deleteFrom('companies').where('id', '=', id).execute();
        await search.remove(trx, 'company', [id]);
        return row.logoKey;
      });
      await storage.discard([key]);
    },

    /** Links (or moves) the member to the company, with function and main-contact flag where given. */
    async link(
      principal: Principal,
      companyId: number,
      userId: number,
      input: z.output<typeof ZCompanyMemberInput>,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const company = await repo.lock(trx, companyId);
        if (!company) throw notFound(COMPANY_MESSAGES.notFound);
        const user = await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', userId)
          .where('erasedAt', 'is', null)
          .executeTakeFirst();
        if (!user) throw notFound(COMPANY_MESSAGES.memberUnknown);
        const before = await membershipOf(trx, userId);
        await repo.link(trx, companyId, userId, input, new Date());
        await auditMembership(trx, principal.id, userId, { before, after: await membershipOf(trx, userId) });
      });
    },

    async unlink(principal: Principal, companyId: number, userId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const link = await repo.linkOf(trx, userId);
        if (!link || link.companyId !== companyId) throw notFound(COMPANY_MESSAGES.contactUnknown);
        const before = await membershipOf(trx, userId);
        await trx.deleteFrom('companyMembers').where('userId', '=', userId).execute();
        await auditMembership(trx, principal.id, userId, { before, after: await membershipOf(trx, userId) });
      });
    },

    specialties: (): Promise<TSpecialty[]> => repo.specialties(db),

    async createSpecialty(principal: Principal, name: string): Promise<TSpecialty> {
      const taken = () => conflict(COMPANY_MESSAGES.specialtyTaken(name));
      return guardUniqueName(
        () =>
          db.transaction().execute(async (trx) => {
            const taken = await trx
              .selectFrom('companySpecialties')
              .select('name')
              .where('nameKey', '=', nameKey(name))
              .executeTakeFirst();
            if (taken) throw conflict(COMPANY_MESSAGES.specialtyTaken(taken.name));
            const row = await trx
              .insertInto('companySpecialties')
              .values({ name, nameKey: nameKey(name), createdAt: new Date() })
              .returning(['id', 'name'])
              .executeTakeFirstOrThrow();
            await recordAudit(trx, {
              actorId: principal.id,
              kind: 'companySpecialty.save',
              subjectType: 'companySpecialty',
              subjectId: row.id,
              subjectLabel: name,
              changes: { name: { before: null, after: name } },
            });
            return row;
          }),
        taken,
      );
    },

    async renameSpecialty(principal: Principal, id: number, name: string): Promise<TSpecialty> {
      const current = await requireSpecialty(id);
      const ids = await companiesWith(id);
      const clash = () => conflict(COMPANY_MESSAGES.specialtyTaken(name));
      return guardUniqueName(
        () =>
          db.transaction().execute(async (trx) => {
            const taken = await trx
              .selectFrom('companySpecialties')
              .select(['id', 'name'])
              .where('nameKey', '=', nameKey(name))
              .executeTakeFirst();
            if (taken && taken.id !== id) throw conflict(COMPANY_MESSAGES.specialtyTaken(taken.name));
            await trx
              .updateTable('companySpecialties')
              .set({ name, nameKey: nameKey(name) })
              .where('id', '=', id)
              .execute();
            await reindex(trx, ids);
            await recordAudit(trx, {
              actorId: principal.id,
              kind: 'companySpecialty.save',
              subjectType: 'companySpecialty',
              subjectId: id,
              subjectLabel: name,
              changes: { name: { before: current.name, after: name } },
            });
            return { id, name };
          }),
        clash,
      );
    },

    async removeSpecialty(principal: Principal, id: number): Promise<void> {
      const current = await requireSpecialty(id);
      const ids = await companiesWith(id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('companySpecialtyLinks').where('specialtyId', '=', id).execute();
        await trx.deleteFrom('companySpecialties').where('id', '=', id).execute();
        await reindex(trx, ids);
        await recordAudit(trx, {
          actorId: principal.id,
          kind: 'companySpecialty.delete',
          subjectType: 'companySpecialty',
          subjectId: id,
          subjectLabel: current.name,
          changes: { companies: { before: ids.length, after: 0 } },
        });
      });
    },
  };
}

/** A member's place in a company as the audit log shows it. */
async function membershipOf(
  trx: Parameters<ReturnType<typeof createCompaniesRepository>['linkOf']>[0],
  userId: number,
) {
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

export type CompanyAdminService = ReturnType<typeof createCompanyAdminService>;
