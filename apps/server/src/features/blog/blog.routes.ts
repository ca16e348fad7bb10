import {
  BLOG_API,
  BLOG_COUNT_MAX,
  BLOG_PAGE_SIZE,
  CONFIRMATION_REMINDER_REPEAT_HOURS,
  hasRole,
  ZApiError,
  ZBlog,
  ZBlogCountParams,
  ZBlogFormData,
  ZBlogFormDataQuery,
  ZBlogIdParams,
  ZBlogListQuery,
  ZBlogPage,
  ZBreakingNewsResult,
  ZConfirmationReminderResult,
  ZConfirmations,
  ZSaveBlogFields,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { audienceOf } from '../../platform/auth/visibility.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import { ZUploadedFile } from '../../platform/uploads/multipart-file.ts';
import type { BlogService } from './blog.service.ts';
import { withAttachments } from './circular-attachments.ts';

const tags = ['blog'];

/**
 * News posts of SPEC §7. SPEC §2 opens /blog and /dashboard to ROLE_PARTNER, so every logged-in role reads;
 * the form data and everything that writes is for admins. Members see the published posts of their groups;
 * anything else answers 404.
 */
export const blogRoutes: FastifyPluginAsyncZod<{ blog: BlogService }> = async (app, opts) => {
  const service = opts.blog;
  const anyMember = requireRole('ROLE_PARTNER');
  const admin = requireRole('ROLE_ADMIN');
  // The list and the dashboard's posts depend only on what the member may see: kept per audience for a moment.
  // Partners get the authors without photos (decision 0185): their answers are kept apart.
  const keptPerAudience = {
    answerCache: (request: FastifyRequest) => {
      const principal = principalOf(request);
      return `${audienceOf(principal)}${hasRole(principal.roles, 'ROLE_USER') ? '' : ' partner'}`;
    },
  };

  app.route({
    method: 'GET',
    url: BLOG_API.list,
    onRequest: anyMember,
    config: keptPerAudience,
    schema: {
      tags,
      querystring: ZBlogListQuery,
      description:
        `One page of posts, newest first: \`{ items: Blog[], total, page, pageSize: ${BLOG_PAGE_SIZE}, tags }\`. ` +
        '`page` is 1-based; `total` counts every post of the list (with `tag`: those with the tag); `tags` are ' +
        'the tags in use in the list, for the chips. Without `ceo` the list holds the posts the user sees through ' +
        'a group that is not internal (MarkenKreis-Info); `ceo=true` those seen through an internal group ' +
        '(FMK-Intern). A post for both kinds of group is in both lists. Admins count as members of every group ' +
        'and also get scheduled posts (`scheduled: true`). `rundschreiben=true`: the circulars only, of both ' +
        "kinds of group ('Rundschreiben'). The list's posts carry no reader's own state (`confirmation` and " +
        '`confirmationCounts` are null): GET /api/blog/toConfirm names the circulars the member has to confirm.',
      response: { 200: ZBlogPage, ...ROUTE_ERRORS },
    },
    handler: (request) => service.list(principalOf(request), request.query),
  });

  app.route({
    method: 'GET',
    url: BLOG_API.formData,
    onRequest: admin,
    schema: {
      tags,
      querystring: ZBlogFormDataQuery,
      description:
        'Form data of the post form: `userGroups` ([{ id, name }], or with `keyed=true` an object keyed by ' +
        'group id: `{ "3": { id: 3, name } }`), `defaultUserGroups` (ids preselected for a new post) and `tags` ' +
        '(tags in use; with `ceo=true|false` only those of that list).',
      response: { 200: ZBlogFormData, ...ROUTE_ERRORS },
    },
    handler: (request) => service.formData(request.query),
  });

  app.route({
    method: 'GET',
    url: BLOG_API.count.pattern,
    onRequest: anyMember,
    config: keptPerAudience,
    schema: {
      tags,
      params: ZBlogCountParams,
      description:
        `The newest \`max\` (1–${BLOG_COUNT_MAX}) published posts the user may see that have ` +
        '`displayOnDashboard`, newest first: the dashboard.',
      response: { 200: z.array(ZBlog), ...ROUTE_ERRORS },
    },
    handler: (request) => service.latest(principalOf(request), request.params.max),
  });

  app.route({
    method: 'GET',
    url: BLOG_API.breakingNews.pattern,
    onRequest: admin,
    schema: {
      tags,
      params: ZBlogIdParams,
      description:
        'Queues one breaking-news mail per enabled user with an e-mail address who is in a group of the post ' +
        '(admins too, when they are) and answers 202 `{ queued }` at once; a worker sends them. 409 while ' +
        '`publishedAt` lies in the future, and while the previous breaking news of the post is still being sent.',
      response: { 202: ZBreakingNewsResult, ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: async (request, reply) =>
      reply.status(202).send(await service.breakingNews(principalOf(request), request.params.id)),
  });

  app.route({
    method: 'GET',
    url: BLOG_API.byId.pattern,
    onRequest: anyMember,
    schema: {
      tags,
      params: ZBlogIdParams,
      description:
        'One post; 404 when it does not exist, is hidden from the user or (for members) scheduled.',
      response: { 200: ZBlog, ...ROUTE_ERRORS },
    },
    handler: (request) => service.byId(principalOf(request), request.params.id),
  });

  app.route({
    method: 'POST',
    url: BLOG_API.save,
    onRequest: admin,
    config: { uploads: true },
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      description:
        'Multipart: `blog` (JSON of the post; without id a new one; `publishedAt` ISO 8601, a future time ' +
        'schedules the post) and optionally `image` (PNG or JPEG by content, else 415; EXIF is removed). An ' +
        'update without a file keeps the picture; `blog.image: null` without a file removes it. Rich text is ' +
        'sanitised. Circulars (issue 34): `circular: true` gives the post the next number of its publication year ' +
        "(read-only `circularNumber`, kept for good: `circular: false` on a circular is 400); 'Lesebestätigung " +
        "anfordern' (`confirmationRequired`) needs `confirmBy` (YYYY-MM-DD); `reconfirm: true` ('Änderung erneut " +
        "bestätigen lassen') makes earlier confirmations history. PDF files by content as `attachments[0]`, " +
        '`attachments[1]`, … (else 415 and nothing is stored); `blog.attachments` lists the ids of those to keep, ' +
        'in order. Circular fields left out keep what the post has. Returns the saved post.',
      body: withAttachments(ZSaveBlogFields.extend({ image: ZUploadedFile }).shape),
      response: { 200: ZBlog, ...ROUTE_ERRORS, 413: ZApiError, 415: ZApiError },
    },
    handler: (request) =>
      service.save(principalOf(request), request.body.blog, request.body.image, request.body.attachments),
  });

  app.route({
    method: 'GET',
    url: BLOG_API.toConfirm,
    onRequest: anyMember,
    schema: {
      tags,
      description:
        "The circulars the member is asked to confirm and has not (the dashboard's 'Zu bestätigen'): " +
        "published, shown to one of the member's groups, not confirmed in their current version; the soonest " +
        "'Bestätigen bis' first.",
      response: { 200: z.array(ZBlog), ...ROUTE_ERRORS },
    },
    handler: (request) => service.toConfirm(principalOf(request)),
  });

  app.route({
    method: 'POST',
    url: BLOG_API.confirmation.pattern,
    onRequest: anyMember,
    schema: {
      tags,
      params: ZBlogIdParams,
      description:
        "'Gelesen und zur Kenntnis genommen': records that the member read the circular's current version " +
        '(who and when) and answers the post. Idempotent: a second confirmation keeps the first time. 404 when ' +
        'the member may not see the post; 409 when it is no circular or asks for no confirmation.',
      response: { 200: ZBlog, ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: async (request) => {
      await service.confirm(principalOf(request), request.params.id);
      return service.byId(principalOf(request), request.params.id);
    },
  });

  app.route({
    method: 'GET',
    url: BLOG_API.confirmations.pattern,
    onRequest: admin,
    schema: {
      tags,
      params: ZBlogIdParams,
      description:
        "Who confirmed the circular's current version (name, company, time) and who is still pending (enabled " +
        "members in one of its groups), each sorted by company then name. An erased member is 'Ehemaliges " +
        "Mitglied' without company. 409 when it is no circular or asks for no confirmation.",
      response: { 200: ZConfirmations, ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: (request) => service.confirmations(request.params.id),
  });

  app.route({
    method: 'GET',
    url: BLOG_API.confirmationsCsv.pattern,
    onRequest: admin,
    schema: {
      tags,
      params: ZBlogIdParams,
      description:
        'Both lists as a CSV download (UTF-8 with BOM, `;`, CRLF; columns Firma, Name, Status ' +
        "'Bestätigt'/'Ausstehend', Bestätigt am), grouped by company; formula-like cells are escaped. The file " +
        'name is in Content-Disposition.',
      response: { 200: z.any(), ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: async (request, reply) => {
      const file = await service.confirmationsCsv(request.params.id);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(file.filename))
        .header('Cache-Control', 'private, no-store')
        .send(file.data);
    },
  });

  app.route({
    method: 'POST',
    url: BLOG_API.confirmationReminder.pattern,
    onRequest: admin,
    schema: {
      tags,
      params: ZBlogIdParams,
      description:
        "'Erinnerung senden': queues one reminder mail to every pending member with an address and answers 202 " +
        `\`{ queued }\`. 409 within ${CONFIRMATION_REMINDER_REPEAT_HOURS} hours of the previous one, when no one ` +
        'is pending, for a scheduled post, and when it is no circular or asks for no confirmation.',
      response: { 202: ZConfirmationReminderResult, ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: async (request, reply) =>
      reply.status(202).send(await service.remindNow(principalOf(request), request.params.id)),
  });

  app.route({
    method: 'DELETE',
    url: BLOG_API.byId.pattern,
    onRequest: admin,
    schema: { tags, params: ZBlogIdParams, response: { 204: z.null(), ...ROUTE_ERRORS } },
    handler: async (request, reply) => {
      await service.remove(principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
};
