import {
  ADMIN_COMPANIES_API,
  COMPANY_MESSAGES,
  ZApiError,
  ZCompany,
  ZCompanyCreate,
  ZCompanyIdParams,
  ZCompanyImportQuery,
  ZCompanyImportResult,
  ZCompanyMemberInput,
  ZCompanyMemberParams,
  ZCompanyProposal,
  ZCompanyReviewApply,
  ZCompanyReviewResult,
  ZIdParams,
  ZSpecialty,
  ZSpecialtyInput,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { badRequest, ROUTE_ERRORS } from '../../platform/http/errors.ts';
import { readUpload, ZUploadedFile } from '../../platform/uploads/multipart-file.ts';
import type { CompaniesService } from './companies.service.ts';
import type { CompanyAdminService } from './company-admin.service.ts';
import type { CompanyImport } from './company-import.ts';
import type { CompanyReview } from './company-review.ts';

const tags = ['admin'];

export interface CompaniesAdminOptions {
  companies: CompaniesService;
  companyAdmin: CompanyAdminService;
  companyReview: CompanyReview;
  companyImport: CompanyImport;
}

/** What only admins do with companies (issue 36): every route needs ROLE_ADMIN. */
export const companiesAdminRoutes: FastifyPluginAsyncZod<CompaniesAdminOptions> = async (app, opts) => {
  const admin = requireRole('ROLE_ADMIN');
  const service = opts.companyAdmin;

  app.route({
    method: 'POST',
    url: ADMIN_COMPANIES_API.create,
    onRequest: admin,
    schema: {
      tags,
      body: ZCompanyCreate,
      description:
        'A new company (only `name` is needed; the other fields as PATCH /api/companies/{id} takes them). 409 ' +
        'when a company of the same name exists (case, umlauts and blanks folded). Returns the company.',
      response: { 200: ZCompany, ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const id = await service.create(principal, request.body);
      return opts.companies.byId(principal, id);
    },
  });

  app.route({
    method: 'DELETE',
    url: ADMIN_COMPANIES_API.byId.pattern,
    onRequest: admin,
    schema: {
      tags,
      params: ZCompanyIdParams,
      description: 'Deletes the company and its logo; its members stay members, without a company. Audited.',
      response: { 204: z.null(), ...ROUTE_ERRORS },
    },
    handler: async (request, reply) => {
      await service.remove(principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    method: 'PUT',
    url: ADMIN_COMPANIES_API.member.pattern,
    onRequest: admin,
    schema: {
      tags,
      params: ZCompanyMemberParams,
      body: ZCompanyMemberInput,
      description:
        'Links the member to the company (moving them from another), with `function` and `mainContact` ' +
        "('Hauptansprechpartner', who may edit the company) where given; what is not given stays. Audited.",
      response: { 204: z.null(), ...ROUTE_ERRORS },
    },
    handler: async (request, reply) => {
      await service.link(principalOf(request), request.params.id, request.params.userId, request.body);
      return reply.status(204).send(null);
    },
  });

  app.route({
    method: 'DELETE',
    url: ADMIN_COMPANIES_API.member.pattern,
    onRequest: admin,
    schema: {
      tags,
      params: ZCompanyMemberParams,
      description: 'Removes the member from the company (404 when they are not in it). Audited.',
      response: { 204: z.null(), ...ROUTE_ERRORS },
    },
    handler: async (request, reply) => {
      await service.unlink(principalOf(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  });

  app.route({
    method: 'GET',
    url: ADMIN_COMPANIES_API.specialties,
    onRequest: admin,
    schema: {
      tags,
      description: 'Every specialty companies can choose, by name (id, name).',
      response: { 200: z.array(ZSpecialty), ...ROUTE_ERRORS },
    },
    handler: () => service.specialties(),
  });

  app.route({
    method: 'POST',
    url: ADMIN_COMPANIES_API.specialties,
    onRequest: admin,
    schema: {
      tags,
      body: ZSpecialtyInput,
      description: 'A new specialty; 409 when one of the same name (case and blanks folded) exists. Audited.',
      response: { 200: ZSpecialty, ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: (request) => service.createSpecialty(principalOf(request), request.body.name),
  });

  app.route({
    method: 'PATCH',
    url: ADMIN_COMPANIES_API.specialty.pattern,
    onRequest: admin,
    schema: {
      tags,
      params: ZIdParams,
      body: ZSpecialtyInput,
      description:
        'Renames the specialty everywhere it is chosen (the directory search finds the new name). Audited.',
      response: { 200: ZSpecialty, ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: (request) => service.renameSpecialty(principalOf(request), request.params.id, request.body.name),
  });

  app.route({
    method: 'DELETE',
    url: ADMIN_COMPANIES_API.specialty.pattern,
    onRequest: admin,
    schema: {
      tags,
      params: ZIdParams,
      description: 'Deletes the specialty and removes it from every company that had it. Audited.',
      response: { 204: z.null(), ...ROUTE_ERRORS },
    },
    handler: async (request, reply) => {
      await service.removeSpecialty(principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    method: 'GET',
    url: ADMIN_COMPANIES_API.review,
    onRequest: admin,
    schema: {
      tags,
      description:
        'The companies proposed from the company texts of members not yet in a company: one per name key ' +
        '(case, umlauts and blanks folded) with the most frequent spelling as `name`, every spelling found, ' +
        'the members, and `existingId` when a company of that name exists already. Nothing is created yet.',
      response: { 200: z.array(ZCompanyProposal), ...ROUTE_ERRORS },
    },
    handler: () => opts.companyReview.proposals(),
  });

  app.route({
    method: 'POST',
    url: ADMIN_COMPANIES_API.review,
    onRequest: admin,
    schema: {
      tags,
      body: ZCompanyReviewApply,
      description:
        'Applies the reviewed proposals in one transaction: `accept` (as proposed), `rename` (with `name`), ' +
        '`merge` (its members join the company of the proposal `into`, which must be accepted or renamed) or ' +
        '`skip`. A key that is no longer proposed, or a bad merge, is refused with 400 and nothing is written.',
      response: { 200: ZCompanyReviewResult, ...ROUTE_ERRORS },
    },
    handler: (request) => opts.companyReview.apply(principalOf(request), request.body),
  });

  app.route({
    method: 'POST',
    url: ADMIN_COMPANIES_API.import,
    onRequest: admin,
    config: { uploads: true },
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      querystring: ZCompanyImportQuery,
      body: z.object({ file: ZUploadedFile }).optional(),
      description:
        'Multipart `file`: a CSV (UTF-8 or Windows-1252, `;` or `,`) with the German headers Firma, Straße, ' +
        'PLZ, Ort, Bundesland, Website, Telefon, E-Mail, Beschreibung, Schwerpunkte (comma-separated), ' +
        'Benutzername (username or e-mail of a member), Funktion, Hauptansprechpartner (ja/nein); one row ' +
        'per company and contact. With `dryRun=true`: the preview, each row `new`, `changed`, `unchanged` or ' +
        '`error` with a German reason; nothing is written. Without: applied in one transaction; a file with ' +
        'any error is refused with 400 (`errors` by line) and nothing is written. Empty cells leave a field ' +
        'as it is; importing the same file again changes nothing.',
      response: { 200: ZCompanyImportResult, ...ROUTE_ERRORS, 413: ZApiError },
    },
    handler: async (request) => {
      const file = request.body?.file;
      if (!file) throw badRequest(COMPANY_MESSAGES.importFileRequired);
      return opts.companyImport.run(principalOf(request), await readUpload(file), request.query.dryRun);
    },
  });

  app.route({
    method: 'GET',
    url: ADMIN_COMPANIES_API.export,
    onRequest: admin,
    schema: {
      tags,
      description:
        'Every company with each of its contacts as the import reads it (UTF-8 with BOM, `;`, CRLF; formula-like ' +
        "cells prefixed with '), one row per contact, a company without contacts as one row.",
      response: { 200: z.any(), ...ROUTE_ERRORS },
    },
    handler: async (_request, reply) =>
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition('firmen.csv'))
        .header('Cache-Control', 'private, no-store')
        .send(await opts.companyImport.export()),
  });
};
