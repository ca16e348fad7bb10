/**
 * The directory and self-service of member companies (issue 36 points 2–3): pages of cards, a company with its
 * contacts (e-mail and phone only of those who agreed), vCards, and the partial edit by the company's main
 * contact or an admin, audited before → after.
 */
import {
  COMPANIES_API,
  COMPANY_MESSAGES,
  COMPANY_PAGE_SIZE,
  COMPANY_STATES,
  type TCompany,
  type TCompanyPage,
  type TCompanyState,
  type TMyCompany,
  type TMyCompanyPatch,
  type ZCompanyListQuery,
  type ZCompanyPatch,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import type { UrlSigner } from '../../platform/storage/signed-url.ts';
import type { UploadedFile } from '../../platform/uploads/multipart-file.ts';
import { preparePicture } from '../../platform/uploads/picture.ts';
import type { SearchIndex } from '../search/index.ts';
import { type CompanyRow, createCompaniesRepository } from './companies.repository.ts';
import {
  auditCompanySave,
  auditMembership,
  type CompanyState,
  type MembershipState,
  stateOf,
} from './companies-audit.ts';
import { guardUniqueName } from './company-keys.ts';
import { saveCompanyChanges } from './company-save.ts';
import { vcardOf } from './vcard.ts';

export interface CompaniesDeps {
  db: Kysely<DB>;
  storage: FileStore;
  signer: UrlSigner;
  search: SearchIndex;
}

export function createCompaniesService(deps: CompaniesDeps) {
  const { db, storage, signer, search } = deps;
  const repo = createCompaniesRepository(db);
  const logoUrl = (key: string | null) => (key ? signer.sign(key) : null);

  async function requireCompany(id: number): Promise<CompanyRow> {
    const row = await repo.find(db, id);
    if (!row) throw notFound(COMPANY_MESSAGES.notFound);
    return row;
  }

  async function mayEdit(principal: Principal, companyId: number): Promise<boolean> {
    return principal.isAdmin || (await repo.isMainContact(db, companyId, principal.id));
  }

  async function requireEditor(principal: Principal, companyId: number): Promise<void> {
    await requireCompany(companyId);
    if (!(await mayEdit(principal, companyId))) throw forbidden();
  }

  const service = {
    async list(query: z.output<typeof ZCompanyListQuery>): Promise<TCompanyPage> {
      const offset = (query.page - 1) * COMPANY_PAGE_SIZE;
      const { rows, total } = await repo.page(query, offset, COMPANY_PAGE_SIZE);
      const specialties = await repo.specialtiesOf(
        db,
        rows.map((row) => row.id),
      );
      return {
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          postalCode: row.postalCode,
          city: row.city,
          state: row.state as TCompanyState | null,
          logo: logoUrl(row.logoKey),
          specialties: specialties.get(row.id) ?? [],
        })),
        total,
        page: query.page,
        pageSize: COMPANY_PAGE_SIZE,
      };
    },

    specialties: () => repo.specialties(db),

    async byId(principal: Principal, id: number): Promise<TCompany> {
      const row = await requireCompany(id);
      const [specialties, contacts, canEdit] = await Promise.all([
        repo.specialtiesOf(db, [id]),
        repo.contacts(db, id),
        mayEdit(principal, id),
      ]);
      return {
        id: row.id,
        name: row.name,
        street: row.street,
        postalCode: row.postalCode,
        city: row.city,
        state: row.state as TCompanyState | null,
        website: row.website,
        phone: row.phone,
        email: row.email,
        description: row.description,
        number: row.number,
        logo: logoUrl(row.logoKey),
        specialties: specialties.get(id) ?? [],
        version: row.version,
        canEdit,
        // what a person did not agree to show is left out here, before anything is answered
        contacts: contacts.map((contact) => ({
          userId: contact.userId,
          name: contact.name,
          username: contact.username,
          function: contact.function,
          mainContact: contact.mainContact,
          email: contact.consented ? contact.email : null,
          phone: contact.consented ? contact.phone : null,
          vcard: contact.consented ? COMPANIES_API.vcard(id, contact.userId) : null,
        })),
      };
    },

    /** The vCard of a contact who agreed to be shown; 404 for anyone else (as if there were none). */
    async vcard(companyId: number, userId: number): Promise<{ filename: string; data: string }> {
      const row = await requireCompany(companyId);
      const contact = (await repo.contacts(db, companyId)).find((c) => c.userId === userId);
      if (!contact?.consented) throw notFound(COMPANY_MESSAGES.contactUnknown);
      const state = row.state ? COMPANY_STATES[row.state as TCompanyState] : null;
      const data = vcardOf({
        name: contact.name,
        function: contact.function,
        email: contact.email,
        phone: contact.phone,
        company: { ...row, state },
      });
      return { filename: `${contact.username}.vcf`, data };
    },

    /** PATCH: the fields sent, by the main contact or an admin; refused with 409 when `version` is stale. */
    async patch(principal: Principal, id: number, input: z.output<typeof ZCompanyPatch>): Promise<TCompany> {
      await requireEditor(principal, id);
      if (input.number !== undefined && !principal.isAdmin)
        throw forbidden(COMPANY_MESSAGES.numberAdminsOnly);
      const taken = () => conflict(COMPANY_MESSAGES.nameTaken(input.name ?? ''));
      await guardUniqueName(
        () =>
          db.transaction().execute((trx) => saveCompanyChanges(trx, repo, search, principal.id, id, input)),
        taken,
      );
      return service.byId(principal, id);
    },

    /** A new logo (PNG or JPEG, checked and cleaned like every picture); the old one goes after the commit. */
    async setLogo(principal: Principal, id: number, upload: UploadedFile | undefined): Promise<TCompany> {
      if (!upload) throw badRequest(COMPANY_MESSAGES.logoRequired);
      await requireEditor(principal, id);
      const logo = await preparePicture(upload, 'company', COMPANY_MESSAGES.logoType);
      await storage.commit([logo], async (trx) => {
        const before = await repo.lock(trx, id);
        if (!before) throw notFound(COMPANY_MESSAGES.notFound);
        await repo.setLogo(trx, id, { logoKey: logo.key, logoName: logo.name });
        await auditLogo(trx, principal.id, before, logo.name);
        return { result: undefined, replaced: [before.logoKey] };
      });
      return service.byId(principal, id);
    },

    async removeLogo(principal: Principal, id: number): Promise<TCompany> {
      await requireEditor(principal, id);
      const key = await db.transaction().execute(async (trx) => {
        const before = await repo.lock(trx, id);
        if (!before) throw notFound(COMPANY_MESSAGES.notFound);
        await repo.setLogo(trx, id, { logoKey: null, logoName: null });
        await auditLogo(trx, principal.id, before, null);
        return before.logoKey;
      });
      await storage.discard([key]);
      return service.byId(principal, id);
    },

    async mine(principal: Principal): Promise<TMyCompany> {
      const link = await repo.linkOf(db, principal.id);
      const company = link ? await repo.find(db, link.companyId) : undefined;
      const consent = await db
        .selectFrom('directoryConsents')
        .select('agreedAt')
        .where('userId', '=', principal.id)
        .executeTakeFirst();
      return {
        company: company ? { id: company.id, name: company.name } : null,
        function: (link?.function ?? null) as TMyCompany['function'],
        mainContact: link?.mainContact ?? false,
        showInDirectory: consent !== undefined,
        phone: link?.phone ?? null,
      };
    },

    /** PATCH /api/account/company: the member's own consent and phone; the phone needs a company (409). */
    async setMine(principal: Principal, patch: TMyCompanyPatch): Promise<TMyCompany> {
      await db.transaction().execute(async (trx) => {
        if (patch.phone !== undefined) await setOwnPhone(trx, principal.id, patch.phone);
        if (patch.showInDirectory !== undefined) await setConsent(trx, principal.id, patch.showInDirectory);
      });
      return service.mine(principal);
    },
  };

  async function setOwnPhone(trx: Executor, userId: number, phone: string | null) {
    const link = await repo.linkOf(trx, userId);
    if (!link) throw conflict(COMPANY_MESSAGES.phoneWithoutCompany);
    await trx.updateTable('companyMembers').set({ phone }).where('userId', '=', userId).execute();
    const company = await repo.find(trx, link.companyId);
    const state = (own: string | null): MembershipState => ({
      company: company?.name ?? null,
      function: link.function,
      mainContact: link.mainContact,
      phone: own,
    });
    await auditMembership(trx, userId, userId, { before: state(link.phone), after: state(phone) });
  }

  /** The member's own 'In Verzeichnis anzeigen'. */
  async function setConsent(trx: Executor, userId: number, show: boolean) {
    if (show) {
      await trx
        .insertInto('directoryConsents')
        .values({ userId, agreedAt: new Date() })
        .onConflict((oc) => oc.column('userId').doNothing())
        .execute();
    } else {
      await trx.deleteFrom('directoryConsents').where('userId', '=', userId).execute();
    }
  }

  async function auditLogo(trx: Executor, actorId: number, row: CompanyRow, logo: string | null) {
    const state = (name: string | null): CompanyState => ({ ...stateOf(row, []), logo: name });
    await auditCompanySave(trx, actorId, row.id, { before: state(row.logoName), after: state(logo) });
  }

  return service;
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
