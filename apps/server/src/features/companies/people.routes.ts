import { PEOPLE_API, PEOPLE_MESSAGES, ZApiError, ZMyPhoto, ZPerson, zId } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import { ZUploadedFile } from '../../platform/uploads/multipart-file.ts';
import type { PeopleService } from './people.service.ts';

const tags = ['people'];

/** A person's page for members (issue 36 point 6) and each member's own photo. */
export const peopleRoutes: FastifyPluginAsyncZod<{ people: PeopleService }> = async (app, opts) => {
  const service = opts.people;
  const user = requireRole('ROLE_USER');
  const anyMember = requireRole('ROLE_PARTNER');

  app.route({
    method: 'GET',
    url: PEOPLE_API.byId.pattern,
    onRequest: user,
    schema: {
      tags,
      params: z.object({ id: zId(PEOPLE_MESSAGES.notFound) }),
      description:
        "A person as members see them: name ('Erika Muster', else the username), company link, function, photo " +
        '(signed URL, square JPEG); `email` and `phone` only when the person agreed to be shown in the ' +
        'directory, else null. No posts: their forum posts are linked from the forum (decision 0179).',
      response: { 200: ZPerson, ...ROUTE_ERRORS },
    },
    handler: (request) => service.person(request.params.id),
  });

  app.route({
    method: 'PUT',
    url: PEOPLE_API.photo,
    onRequest: anyMember,
    config: { uploads: true },
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      description:
        'Multipart `photo`: PNG or JPEG by content (else 415), cut to a square of 400 pixels and written as ' +
        'JPEG without metadata (EXIF, GPS). The old photo is deleted once the new one is saved.',
      body: z.object({ photo: ZUploadedFile }).optional(),
      response: { 200: ZMyPhoto, ...ROUTE_ERRORS, 413: ZApiError, 415: ZApiError },
    },
    handler: (request) => service.setPhoto(principalOf(request), request.body?.photo),
  });

  app.route({
    method: 'DELETE',
    url: PEOPLE_API.photo,
    onRequest: anyMember,
    schema: {
      tags,
      description: "Removes the caller's photo and its file.",
      response: { 204: z.null(), ...ROUTE_ERRORS },
    },
    handler: async (request, reply) => {
      await service.removePhoto(principalOf(request));
      return reply.status(204).send(null);
    },
  });
};
