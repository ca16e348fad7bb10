import {
  COMPANIES_API,
  COMPANY_PAGE_SIZE,
  ZApiError,
  ZCompany,
  ZCompanyIdParams,
  ZCompanyListQuery,
  ZCompanyPage,
  ZCompanyPatch,
  ZCompanyVcardParams,
  ZMyCompany,
  ZMyCompanyPatch,
  ZSpecialty,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import { ZUploadedFile } from '../../platform/uploads/multipart-file.ts';
import type { CompaniesService } from './companies.service.ts';

const tags = ['companies'];

const CONSENT =
  "A contact's `email` and `phone` are filled only when that person agreed to be shown ('In Verzeichnis " +
  "anzeigen', off by default); otherwise both are null and `vcard` is null.";

/**
 * The members' directory of companies (issue 36): reading for ROLE_USER (partners get 403), editing for the
 * company's main contact or an admin, and each member's own link and consent under /api/account/company.
 */
export const companiesRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (app, opts) => {
  const service = opts.companies;
  const user = requireRole('ROLE_USER');
  const anyMember = requireRole('ROLE_PARTNER');

  app.route({
    method: 'GET',
    url: COMPANIES_API.list,
    onRequest: user,
    schema: {
      tags,
      querystring: ZCompanyListQuery,
      description:
        `A page of ${COMPANY_PAGE_SIZE} companies by name. \`q\` finds name, PLZ, place and specialty (every ` +
        'word, folded as the search folds: case, umlauts, accents); `state` a Bundesland code (BW … TH); ' +
        '`specialty` a specialty id; `letter` A–Z or # (the first letter of the name); `page` from 1. Each ' +
        'card: id, name, postalCode, city, state, logo (signed URL or null), specialties.',
      response: { 200: ZCompanyPage, ...ROUTE_ERRORS },
    },
    handler: (request) => service.list(request.query),
  });

  app.route({
    method: 'GET',
    url: COMPANIES_API.specialties,
    onRequest: user,
    schema: {
      tags,
      description:
        'Every specialty (id, name) by name: the choices of the directory filter and the company form.',
      response: { 200: z.array(ZSpecialty), ...ROUTE_ERRORS },
    },
    handler: () => service.specialties(),
  });

  app.route({
    method: 'GET',
    url: COMPANIES_API.byId.pattern,
    onRequest: user,
    schema: {
      tags,
      params: ZCompanyIdParams,
      description:
        'The company with address, contact data, logo (signed URL), specialties, `version` and `canEdit` (the ' +
        'caller is its main contact or an admin), and its `contacts` (main contacts first) with function. ' +
        CONSENT,
      response: { 200: ZCompany, ...ROUTE_ERRORS },
    },
    handler: (request) => service.byId(principalOf(request), request.params.id),
  });

  app.route({
    method: 'PATCH',
    url: COMPANIES_API.byId.pattern,
    onRequest: user,
    schema: {
      tags,
      params: ZCompanyIdParams,
      body: ZCompanyPatch,
      description:
        "The company's main contact or an admin changes the fields sent (others stay); `specialtyIds` replaces " +
        "the specialties; `contacts` sets the named contacts' `function` (and `phone`). Every change is " +
        'audited before → after. Two edits at once both apply, one after the other; with `version` (the ' +
        'one read) a company changed since is refused with 409 and nothing is written. 409 also for a name ' +
        'another company has. Returns the company as GET does.',
      response: { 200: ZCompany, ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: (request) => service.patch(principalOf(request), request.params.id, request.body),
  });

  app.route({
    method: 'PUT',
    url: COMPANIES_API.logo.pattern,
    onRequest: user,
    config: { uploads: true },
    schema: {
      tags,
      params: ZCompanyIdParams,
      consumes: ['multipart/form-data'],
      description:
        'Multipart `logo`: PNG or JPEG by content (else 415), metadata removed, by the main contact or an ' +
        'admin. The old logo is deleted once the new one is saved. Returns the company as GET does.',
      body: z.object({ logo: ZUploadedFile }).optional(),
      response: { 200: ZCompany, ...ROUTE_ERRORS, 413: ZApiError, 415: ZApiError },
    },
    handler: (request) => service.setLogo(principalOf(request), request.params.id, request.body?.logo),
  });

  app.route({
    method: 'DELETE',
    url: COMPANIES_API.logo.pattern,
    onRequest: user,
    schema: {
      tags,
      params: ZCompanyIdParams,
      description: "Removes the company's logo (main contact or admin). Returns the company as GET does.",
      response: { 200: ZCompany, ...ROUTE_ERRORS },
    },
    handler: (request) => service.removeLogo(principalOf(request), request.params.id),
  });

  app.route({
    method: 'GET',
    url: COMPANIES_API.vcardPattern,
    onRequest: user,
    schema: {
      tags,
      params: ZCompanyVcardParams,
      description:
        'The vCard 4.0 (`<userId>.vcf`) of a contact who agreed to be shown: name, company, function, e-mail, ' +
        'phone, address. 404 for a contact who did not agree, as for one who is not there.',
      response: { 200: z.string(), ...ROUTE_ERRORS },
    },
    handler: async (request, reply) => {
      const card = await service.vcard(request.params.id, request.params.contact);
      return reply
        .header('Content-Type', 'text/vcard; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(card.filename))
        .header('Cache-Control', 'private, no-store')
        .send(card.data);
    },
  });

  app.route({
    method: 'GET',
    url: COMPANIES_API.mine,
    onRequest: anyMember,
    schema: {
      tags,
      description:
        "The caller's company (id, name or null), function, whether they are its main contact, and their " +
        "consent 'In Verzeichnis anzeigen' (`showInDirectory`, false until they agree).",
      response: { 200: ZMyCompany, ...ROUTE_ERRORS },
    },
    handler: (request) => service.mine(principalOf(request)),
  });

  app.route({
    method: 'PATCH',
    url: COMPANIES_API.mine,
    onRequest: anyMember,
    schema: {
      tags,
      body: ZMyCompanyPatch,
      description:
        "Sets the caller's own 'In Verzeichnis anzeigen' (with true, their e-mail and phone appear on their " +
        "company's page and as a vCard; with false, nowhere) and/or their own `phone` for the directory (null " +
        'or empty removes it; 409 without a company link). Both in one transaction; the phone is audited.',
      response: { 200: ZMyCompany, ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: (request) => service.setMine(principalOf(request), request.body),
  });
};
